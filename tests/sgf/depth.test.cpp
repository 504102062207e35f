// S121 (variations nested deeper than ReadLimits::max_depth): where the reader stops, for every
// small limit, on trees of every shape of nesting. The expected lines were recorded with the
// reader that checked the depth after every token (d1fc235); it now checks after each '('.

#include <catch2/catch.hpp>
#include <string>

#include "sgfaudit/sgf/reader.hpp"

using namespace sgfaudit::sgf;

namespace {

// The games (nodes, complete) and the diagnostics (code@line:col) of a document.
std::string outline(const Document& doc) {
    std::string out;
    for (const GameTree& g : doc.games()) {
        out += "game " + std::to_string(g.node_count) + (g.complete ? " complete; " : " cut; ");
    }
    for (const Diagnostic& d : doc.diagnostics()) {
        out += std::string(d.code) + "@" + std::to_string(d.where.line) + ":" +
               std::to_string(d.where.column) + " ";
    }
    return out;
}

const char* const kExpected = R"(0 (;B[aa]) => game 1 cut; S121@1:8 
0 (;B[aa](;W[bb])) => game 1 cut; S121@1:8 
0 ((;B[aa])) => game 1 cut; S100@1:1 S121@1:9 S109@1:10 
0 (;B[aa](;W[bb](;B[cc])))(;W[dd]) => game 1 cut; game 1 cut; S121@1:8 S121@1:32 
0 (B[aa];W[bb]) => game 1 cut; S105@1:2 S121@1:7 
0 ( ;B[aa] (;W[bb]) (;W[cc] (;B[dd]))) => S121@1:3 S111@1:1 
0 (;C[a(b]
(;B[aa]
(;W[bb]
(;B[cc]
)))) => game 1 cut; S121@1:3 
0 ( => S100@1:1 S107@0:0 
0 (; => game 1 cut; S121@1:3 
1 (;B[aa]) => game 1 complete; 
1 (;B[aa](;W[bb])) => game 1 cut; S121@1:9 
1 ((;B[aa])) => game 1 complete; S100@1:1 S109@1:10 
1 (;B[aa](;W[bb](;B[cc])))(;W[dd]) => game 1 cut; game 1 complete; S121@1:9 
1 (B[aa];W[bb]) => game 2 complete; S105@1:2 
1 ( ;B[aa] (;W[bb]) (;W[cc] (;B[dd]))) => game 1 cut; S121@1:11 
1 (;C[a(b]
(;B[aa]
(;W[bb]
(;B[cc]
)))) => game 1 cut; S121@2:2 
1 ( => S100@1:1 S107@0:0 
1 (; => game 1 complete; S101@1:3 
2 (;B[aa]) => game 1 complete; 
2 (;B[aa](;W[bb])) => game 2 complete; 
2 ((;B[aa])) => game 1 complete; S100@1:1 S109@1:10 
2 (;B[aa](;W[bb](;B[cc])))(;W[dd]) => game 2 cut; game 1 complete; S121@1:16 
2 (B[aa];W[bb]) => game 2 complete; S105@1:2 
2 ( ;B[aa] (;W[bb]) (;W[cc] (;B[dd]))) => game 3 cut; S121@1:28 
2 (;C[a(b]
(;B[aa]
(;W[bb]
(;B[cc]
)))) => game 2 cut; S121@3:2 
2 ( => S100@1:1 S107@0:0 
2 (; => game 1 complete; S101@1:3 
3 (;B[aa]) => game 1 complete; 
3 (;B[aa](;W[bb])) => game 2 complete; 
3 ((;B[aa])) => game 1 complete; S100@1:1 S109@1:10 
3 (;B[aa](;W[bb](;B[cc])))(;W[dd]) => game 3 complete; game 1 complete; 
3 (B[aa];W[bb]) => game 2 complete; S105@1:2 
3 ( ;B[aa] (;W[bb]) (;W[cc] (;B[dd]))) => game 4 complete; 
3 (;C[a(b]
(;B[aa]
(;W[bb]
(;B[cc]
)))) => game 3 cut; S121@4:2 
3 ( => S100@1:1 S107@0:0 
3 (; => game 1 complete; S101@1:3 
)";

}  // namespace

TEST_CASE("S121: the depth limit stops a game where it always did", "[sgf][reader]") {
    const char* const texts[] = {
        "(;B[aa])",
        "(;B[aa](;W[bb]))",
        "((;B[aa]))",
        "(;B[aa](;W[bb](;B[cc])))(;W[dd])",
        "(B[aa];W[bb])",
        "( ;B[aa] (;W[bb]) (;W[cc] (;B[dd])))",
        "(;C[a(b]\n(;B[aa]\n(;W[bb]\n(;B[cc]\n))))",
        "(",
        "(;",
    };
    std::string all;
    for (const std::uint32_t depth : {0u, 1u, 2u, 3u}) {
        for (const char* text : texts) {
            ReadLimits limits;
            limits.max_depth = depth;
            all += std::to_string(depth) + " " + text + " => " +
                   outline(read_document("t.sgf", text, limits)) + "\n";
        }
    }
    CHECK(all == kExpected);
}
