// The reader's fast paths against its general path: runs of move nodes (";B[pd];W[dp]",
// "(;B[ee]\n(;W[gf]") and simple properties ("PB[Fuego]"), on texts of those shapes and their
// near misses, under several limits. A space after each ';' (or between an identifier and its
// '[') keeps everything off the fast path; offsets, lines and columns of the spaced reading are
// mapped back to the text without the spaces, and everything must be the same: the tree, the
// values, the diagnostics (code, place, message) and the typed records.

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit::sgf;

namespace {

struct Spaced {
    std::string text;
    std::vector<std::uint32_t> original;  // offset in the plain text of each spaced offset
};

// Where the general path is forced: a space after each ';' (no node is a run of move nodes
// then), or between an identifier and its '[' (no property is a simple one then).
enum class Mode { after_semicolon, before_bracket };

bool space_before(std::string_view plain, std::size_t i, Mode mode) {
    if (mode == Mode::after_semicolon) return i > 0 && plain[i - 1] == ';';
    return i > 0 && plain[i] == '[' && plain[i - 1] >= 'A' && plain[i - 1] <= 'Z';
}

Spaced spaced(std::string_view plain, Mode mode) {
    Spaced s;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        if (space_before(plain, i, mode)) {
            s.text += ' ';
            s.original.push_back(static_cast<std::uint32_t>(i));
        }
        s.text += plain[i];
        s.original.push_back(static_cast<std::uint32_t>(i));
    }
    s.original.push_back(static_cast<std::uint32_t>(plain.size()));
    return s;
}

// Offsets of `doc` mapped by `map` (identity for the plain text).
template <class Map>
std::string dump(const Document& doc, std::string_view plain, Mode mode, Map map) {
    // Line and column in the plain text (ASCII: a column is a byte).
    auto where = [&](std::uint32_t offset) {
        std::uint32_t line = 1, column = 1;
        for (std::uint32_t i = 0; i < offset && i < plain.size(); ++i) {
            if (plain[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return std::to_string(line) + ":" + std::to_string(column);
    };
    std::string out;
    for (const GameTree& g : doc.games()) {
        out += "game root " + std::to_string(g.root) + " nodes " + std::to_string(g.node_count) +
               " at " + std::to_string(map(g.offset)) + (g.complete ? "\n" : " cut\n");
    }
    for (std::uint32_t n = 0; n < doc.node_count(); ++n) {
        const Node& node = doc.node(n);
        out += ";" + std::to_string(map(node.offset)) + " up " + std::to_string(node.parent) +
               " down " + std::to_string(node.first_child) + "-" + std::to_string(node.last_child) +
               " next " + std::to_string(node.next_sibling) + ":";
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = doc.property(node.first_property + i);
            CHECK(p.key == id_key(doc.id(p)));
            out += " " + std::string(doc.id(p)) + "@" + std::to_string(map(p.offset));
            for (std::uint32_t v = 0; v < p.value_count; ++v) {
                out += "[" + std::string(doc.value(p.first_value + v)) + "]@" +
                       std::to_string(map(doc.value_offset(p.first_value + v)));
            }
        }
        out += "\n";
    }
    auto diagnostics = [&](const std::vector<Diagnostic>& list) {
        for (const Diagnostic& d : list) {
            // A message quoting text quotes the spaces added too: dropped here.
            std::string message;
            for (std::size_t at = 0; at < d.message.size(); ++at) {
                const bool added = d.message[at] == ' ' && at > 0 && at + 1 < d.message.size() &&
                                   (mode == Mode::after_semicolon
                                        ? d.message[at - 1] == ';'
                                        : d.message[at + 1] == '[' && d.message[at - 1] >= 'A' &&
                                              d.message[at - 1] <= 'Z');
                if (!added) message += d.message[at];
            }
            out += std::string(d.code) + " " + std::to_string(d.game) + " " + message + "\n";
        }
    };
    diagnostics(doc.diagnostics());
    for (std::size_t g = 0; g < doc.games().size(); ++g) {
        const GameRecord r = read_record(doc, g);
        out += "record " + std::to_string(r.auditable) + " nodes " +
               std::to_string(r.main_line_nodes) + " moves " + std::to_string(r.moves) +
               " passes " + std::to_string(r.passes) + "\n";
        for (const Event& e : r.events) {
            out += std::to_string(static_cast<int>(e.kind)) +
                   std::to_string(static_cast<int>(e.color)) + std::to_string(e.pass) +
                   std::to_string(e.forced) + " " + std::to_string(e.point.x) + "," +
                   std::to_string(e.point.y) + " d" + std::to_string(e.depth) + " @" +
                   where(map(e.offset)) + "\n";
        }
        diagnostics(r.diagnostics);
    }
    return out;
}

// The diagnostics' places, mapped to the plain text: a column of the spaced text counts the
// spaces inserted before it on its line.
std::vector<Location> places(const Document& doc) {
    std::vector<Location> out;
    for (const Diagnostic& d : doc.diagnostics()) out.push_back(d.where);
    return out;
}

// Every text under every limit, read as it is and with the general path forced (texts of
// ASCII only, with no upper-case letter before a '[' inside a value).
void check_same(const std::vector<std::string>& texts, const std::vector<ReadLimits>& limits,
                Mode mode) {
    for (const std::string& text : texts) {
        const Spaced s = spaced(text, mode);
        for (std::size_t l = 0; l < limits.size(); ++l) {
            CAPTURE(text, l, s.text);
            const Document plain = read_document("t.sgf", text, limits[l]);
            const Document general = read_document("t.sgf", s.text, limits[l]);
            CHECK(dump(plain, text, mode, [](std::uint32_t o) { return o; }) ==
                  dump(general, text, mode, [&](std::uint32_t o) { return s.original.at(o); }));
            // Places of the reader's diagnostics: mapped through their offsets is not possible
            // (a Diagnostic keeps its line and column only), so compare lines, and columns
            // less the spaces inserted before them on their line.
            const auto a = places(plain);
            const auto b = places(general);
            REQUIRE(a.size() == b.size());
            for (std::size_t i = 0; i < a.size(); ++i) {
                CHECK(a[i].line == b[i].line);
                if (b[i].line == 0) continue;
                // Spaced offset of the start of line b[i].line, then of the column.
                std::size_t at = 0;
                for (std::uint32_t line = 1; line < b[i].line; ++line) {
                    at = s.text.find('\n', at) + 1;
                }
                at += b[i].column - 1;
                const std::uint32_t o = s.original.at(at);
                std::uint32_t line = 1, column = 1;
                for (std::uint32_t k = 0; k < o; ++k) {
                    if (text[k] == '\n') {
                        ++line;
                        column = 1;
                    } else {
                        ++column;
                    }
                }
                CHECK(a[i] == Location{line, column});
            }
        }
    }
}

}  // namespace

TEST_CASE("Runs of move nodes read as the general reader reads them, near misses included",
          "[sgf][reader]") {
    std::vector<std::string> texts = {
        "(;GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])",
        "(;B[aa];W[bb](;B[cc];W[dd])(;B[ee]))",
        "(;B[aa](;W[bb](;B[cc](;W[dd]))))",
        "(;FF[4]SZ[9]\n;B[ee]\n(;W[gf]\n(;B[gd]\n(;W[eg]\n))))",
        "(;B[aa]( ;W[bb]))",
        "(;B[aa] (;W[bb]) (;W[cc]))",
        "(;B[aa]((;W[bb])))",
        "(;B[aa](W[bb]))",
        "(;B[aa]();W[bb])",
        "(;B[aa];W[bb][cc];B[d\\]];W[]];B[tt];W[a])",
        "(;B[aa];W[bb]C[x];B[cc] [dd];W[ee]\n[ff])",
        "(;B[aa];W[bb];b[cc];B[dd]",
        "(;B[aa];W[b",
        "(;B[aa];W[bb];",
        "(;B[aa];W[bb]",
        "(;B[aa];W[bb]\n",
        "((;B[aa];W[bb]))",
        "(;B[aa]((;W[bb];B[cc])))",
        "(;B[aa];W[bb])(;W[cc];B[dd])",
        "(;B[aa]\t\n ;W[bb]\r\n(;B[cc]))",
        "(;B[aa];W[bb](;B[cc])\n(;W[dd];B[ee]))",
        "(;KO[];B[aa];MN[3]W[bb];B[cc]\n)",
        "(;SZ[5];B[aa];W[ff];B[zz];W[tt];B[AA];W[ee])",
        "(;GM[2];B[aa];W[bb])",
        "(;B[aa];W[bb];B[cc](;W[dd];B[ee](;W[ff])(;W[gg];B[hh]))(;W[ii]))",
    };
    // A node of many properties (the reader's identifier set), then moves.
    std::string wide = "(;";
    for (char a = 'A'; a <= 'Z'; ++a) {
        for (char b = 'A'; b <= 'C'; ++b) wide += std::string{a, b} + "[x]";
    }
    texts.push_back(wide + "AA[y];B[aa];W[bb](;B[cc]))");

    std::vector<ReadLimits> limits(1);
    for (const std::uint32_t depth : {1u, 2u, 3u}) {
        limits.emplace_back().max_depth = depth;
    }
    for (const std::uint32_t nodes : {1u, 2u, 3u, 5u}) {
        limits.emplace_back().max_nodes_per_game = nodes;
    }
    limits.emplace_back().max_values_per_node = 1;
    limits.emplace_back().max_value_bytes = 1;
    limits.emplace_back().max_diagnostics = 1;

    check_same(texts, limits, Mode::after_semicolon);
}

TEST_CASE("Long runs of move nodes read as the general reader reads them, around every chunk",
          "[sgf][reader]") {
    // The fast path reads a run in chunks of 256 nodes: runs of about one, two and three
    // chunks, in sequence and nested one variation per move, with a near miss (a second value,
    // a comment, a line break, a pass node, a closed variation) at the edge of a chunk.
    auto move = [](std::size_t i) {
        return std::string(";") + (i % 2 == 0 ? "B[" : "W[") + static_cast<char>('a' + i % 19) +
               static_cast<char>('a' + i / 19 % 19) + "]";
    };
    std::vector<std::string> texts;
    for (const std::size_t count : {256u, 257u, 513u}) {
        for (const bool nested : {false, true}) {
            for (const std::size_t miss : {255u, 256u}) {
                for (const char* near : {"", "[cc]", "C[x]", "\n", ";B[tt]", "(;W[dd])"}) {
                    if (miss == 256 && near[0] == '\0') continue;
                    std::string text = "(;GM[1]SZ[19]";
                    std::size_t open = 1;
                    for (std::size_t i = 0; i < count; ++i) {
                        if (nested && i > 0) {
                            text += "(";
                            ++open;
                        }
                        text += move(i);
                        if (i == miss) text += near;
                    }
                    text += std::string(open, ')');
                    texts.push_back(text);
                }
            }
        }
    }
    std::vector<ReadLimits> limits(1);
    limits.emplace_back().max_nodes_per_game = 258;  // the game's first node, then 257
    limits.emplace_back().max_depth = 257;

    check_same(texts, limits, Mode::after_semicolon);
}

TEST_CASE("Simple properties read as the general reader reads them, near misses included",
          "[sgf][reader]") {
    std::vector<std::string> texts = {
        "(;FF[4]\nCA[UTF-8]\nGM[1]\nDT[2017-09-16]\nPC[OGS: https://online-go.com/game/1]\n"
        "PB[Fuego]PW[ilop]BR[27k]WR[27k]\nTM[300]OT[5x30 byo-yomi]\nRE[W+R]\nSZ[9]\nKM[5.5]"
        "\nRU[Chinese]\n;B[ee]\n(;W[gf]C[nice]\n(;B[gd]))",
        "(;GM[1]FF[4]SZ[19]PW[a]PB[b]PW[c]AP[x]AP[y]AP[z];B[pd]C[one]C[two])",
        "(;C[see [1] and [2]]N[a]];B[aa]C[x]y]GC[])",
        "(;C[a\\]b]PB[c\\\\]PW[d\\\\\\]];B[aa])",
        "(;AddBlack[aa]AB[bb]ABCDEF[x]ABCDEFG[y]ABCDEFGH[z]Ab[q];W[cc])",
        "(;AB[aa][bb]AW[cc]\n[dd]AE[ee] C[x] N [y];B[ff])",
        "(;C[]N[]PB[;b[aa]];W[bb])",
        "(PB[x]PW[y];B[aa])",
        "(;B[aa](PW[x];W[bb]))",
        "(;PB[x];PW[y]C[abc",
        "(;PB[x];PW[y]C[",
        "(;PB[x];PW[y]C",
        "(;PB[x]PB[y]PB[z]\n;B[aa]PB[q]B[bb])",
        "(;PB[x\ny]PW[\x01\x7F]C[abc];B[aa])",
        "(;MN[3]KO[]BL[10.5]WL[2];B[aa]TB[aa][bb]TW[cc:dd])",
    };
    // A node of many properties (the reader's identifier set), some repeated.
    std::string wide = "(;";
    for (char a = 'A'; a <= 'Z'; ++a) {
        for (char b = 'A'; b <= 'D'; ++b) wide += std::string{a, b} + "[x]";
    }
    texts.push_back(wide + "AA[y]ZD[z]QQ[w];B[aa])");

    std::vector<ReadLimits> limits(1);
    for (const std::uint32_t properties : {1u, 2u, 3u}) {
        limits.emplace_back().max_properties_per_node = properties;
    }
    for (const std::size_t bytes : {0u, 1u, 2u, 3u}) {
        limits.emplace_back().max_value_bytes = bytes;
    }
    for (const std::uint32_t values : {1u, 2u}) {
        limits.emplace_back().max_values_per_node = values;
    }
    limits.emplace_back().max_values_per_property = 1;
    limits.emplace_back().max_nodes_per_game = 2;
    limits.emplace_back().max_depth = 1;
    limits.emplace_back().max_diagnostics = 1;
    check_same(texts, limits, Mode::before_bracket);
}
