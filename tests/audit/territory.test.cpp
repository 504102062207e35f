// Territory (AGA 12, TT 9) on random positions of every shape of board: the counts of an audit
// against a plain flood fill written here, point by point.

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

struct Rng {
    std::uint64_t state;
    int below(int n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
    }
};

char letter(int i) {
    return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26);
}

struct Expected {
    int black = 0, white = 0, neutral = 0;
};

// Regions of empty points (4-connected), each scored for the one colour it reaches, else
// neutral. cells: 0 empty, 1 black, 2 white, row-major.
Expected flood_fill(const std::vector<int>& cells, int w, int h) {
    Expected e;
    std::vector<bool> seen(cells.size(), false);
    for (int start = 0; start < w * h; ++start) {
        if (cells[start] != 0 || seen[start]) continue;
        std::vector<int> todo{start};
        seen[start] = true;
        int size = 0;
        bool black = false, white = false;
        while (!todo.empty()) {
            const int p = todo.back();
            todo.pop_back();
            ++size;
            const int x = p % w, y = p / w;
            const int around[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
            for (const auto& [nx, ny] : around) {
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                const int n = ny * w + nx;
                if (cells[n] == 1) black = true;
                if (cells[n] == 2) white = true;
                if (cells[n] == 0 && !seen[n]) {
                    seen[n] = true;
                    todo.push_back(n);
                }
            }
        }
        (black && !white ? e.black : white && !black ? e.white : e.neutral) += size;
    }
    return e;
}

}  // namespace

TEST_CASE("Territory of random positions equals a plain flood fill", "[audit][scoring][random]") {
    const auto [w, h, positions] = GENERATE(table<int, int, int>({{1, 1, 5},
                                                                  {2, 1, 10},
                                                                  {5, 5, 200},
                                                                  {9, 9, 200},
                                                                  {13, 7, 100},
                                                                  {19, 19, 200},
                                                                  {52, 52, 40},
                                                                  {52, 3, 40},
                                                                  {3, 52, 40}}));
    CAPTURE(w, h);
    Rng rng{static_cast<std::uint64_t>(w * 1000 + h)};
    const auto rulesets = audit::parse_ruleset_list("tromp-taylor").rulesets;
    for (int n = 0; n < positions; ++n) {
        // Densities from nearly empty to nearly full, so that regions are large and small.
        const int density = rng.below(100);
        std::vector<int> cells(static_cast<std::size_t>(w * h), 0);
        std::string ab, aw;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (rng.below(100) >= density) continue;
                const int c = 1 + rng.below(2);
                cells[static_cast<std::size_t>(y * w + x)] = c;
                (c == 1 ? ab : aw) += std::string("[") + letter(x) + letter(y) + "]";
            }
        }
        std::string text = "(;GM[1]FF[4]SZ[" + std::to_string(w) + ":" + std::to_string(h) + "]";
        if (!ab.empty()) text += "AB" + ab;
        if (!aw.empty()) text += "AW" + aw;
        text += ")";
        const sgf::Document doc = sgf::read_document("random.sgf", text);
        const sgf::GameRecord record = sgf::read_record(doc, 0);
        const audit::GameAudit a = audit::audit_game(record, rulesets);
        REQUIRE(a.results.size() == 1);
        const audit::Score& s = a.results[0].score;
        const Expected e = flood_fill(cells, w, h);
        CAPTURE(n, density, text);
        REQUIRE(s.black_territory == e.black);
        REQUIRE(s.white_territory == e.white);
        REQUIRE(s.neutral == e.neutral);
    }
}
