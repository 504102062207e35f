// S103 (a property repeated in a node) against a naive count: the reader's key filter and its
// set for wide nodes must find exactly the repetitions that comparing every identifier with
// every earlier one of its node finds, at the same places.

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"

using namespace sgfaudit::sgf;

namespace {

// Identifiers of one to six letters (keys), longer ones (no key), and FF[3] spellings that read
// as one of the others once their lower-case letters are dropped.
const std::vector<std::string>& pool() {
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> v = {"B",        "W",         "C",        "AB",      "AW",
                                      "AE",       "PB",        "PW",       "KM",      "SZ",
                                      "TB",       "TW",        "ABCDEF",   "ZZZZZZ",  "ABCDEFG",
                                      "ABCDEFGH", "LONGNAMEX", "AddBlack", "Comment", "LongNamEX"};
        for (char a = 'A'; a <= 'Z'; ++a) {
            for (char b = 'A'; b <= 'Z'; b += 5) v.push_back(std::string{a, b});
        }
        return v;
    }();
    return ids;
}

// The identifier as the reader keeps it (lower-case letters dropped).
std::string kept(const std::string& written) {
    std::string out;
    for (const char c : written) {
        if (c >= 'A' && c <= 'Z') out += c;
    }
    return out;
}

}  // namespace

TEST_CASE("S103 is reported for exactly the repeated identifiers of a node, however wide",
          "[sgf][reader]") {
    std::mt19937 random(20261123);
    for (const std::size_t width : {2u, 5u, 15u, 16u, 17u, 40u, 63u, 64u, 65u, 70u, 200u, 600u}) {
        for (int round = 0; round < 4; ++round) {
            // Two nodes of `width` properties each; the second starts with a move, which the
            // reader's path for move nodes takes.
            std::string text = "(;";
            std::vector<std::size_t> expected;  // offsets of the repeated identifiers
            for (int node = 0; node < 2; ++node) {
                std::set<std::string> seen;
                if (node == 1) {
                    text += ";B[aa]";
                    seen.insert("B");
                }
                std::uniform_int_distribution<std::size_t> pick(0, pool().size() - 1);
                for (std::size_t i = 0; i < width; ++i) {
                    const std::string& id = pool()[pick(random)];
                    if (!seen.insert(kept(id)).second) expected.push_back(text.size());
                    text += id + "[v]";
                    if (i % 7 == 3) text += '\n';
                }
            }
            text += ")";
            CAPTURE(width, round, text);
            const Document doc = read_document("t.sgf", text);
            std::vector<Location> found;
            for (const Diagnostic& d : doc.diagnostics()) {
                if (d.code == "S103") found.push_back(d.where);
            }
            REQUIRE(found.size() == expected.size());
            for (std::size_t i = 0; i < found.size(); ++i) {
                CHECK(found[i] == doc.locate(static_cast<std::uint32_t>(expected[i])));
            }
        }
    }
}
