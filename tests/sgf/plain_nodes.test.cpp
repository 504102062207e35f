// The reader's path for runs of move nodes (";B[pd];W[dp]", "(;B[ee]\n(;W[gf]") against its
// general path, on texts of that shape and their near misses, under several limits. A space
// after each ';' keeps every node off the fast path; offsets, lines and columns of the spaced
// reading are mapped back to the text without the spaces, and everything must be the same:
// the tree, the values, the diagnostics (code, place, message) and the typed records.

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

Spaced spaced(std::string_view plain) {
    Spaced s;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        s.text += plain[i];
        s.original.push_back(static_cast<std::uint32_t>(i));
        if (plain[i] == ';') {
            s.text += ' ';
            s.original.push_back(static_cast<std::uint32_t>(i + 1));
        }
    }
    s.original.push_back(static_cast<std::uint32_t>(plain.size()));
    return s;
}

// Offsets of `doc` mapped by `map` (identity for the plain text).
template <class Map>
std::string dump(const Document& doc, std::string_view plain, Map map) {
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
            // A message quoting text quotes the spaces added after ';' too: dropped here.
            std::string message = d.message;
            for (std::size_t at = message.find("; "); at != std::string::npos;
                 at = message.find("; ", at + 1)) {
                message.erase(at + 1, 1);
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

    for (const std::string& text : texts) {
        const Spaced s = spaced(text);
        for (std::size_t l = 0; l < limits.size(); ++l) {
            CAPTURE(text, l);
            const Document plain = read_document("t.sgf", text, limits[l]);
            const Document general = read_document("t.sgf", s.text, limits[l]);
            CHECK(dump(plain, text, [](std::uint32_t o) { return o; }) ==
                  dump(general, text, [&](std::uint32_t o) { return s.original.at(o); }));
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
