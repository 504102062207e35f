// The judge's enclosed regions by row runs (src/audit/end_judge_regions.hpp) against a flood
// fill of the points, one at a time, on random colourings of boards of every shape.

#include "../../src/audit/end_judge_regions.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace {

using sgfaudit::audit::detail::judge::kNone;
using sgfaudit::audit::detail::judge::Region;
using sgfaudit::audit::detail::judge::Scratch;
using sgfaudit::game::Board;
using sgfaudit::game::kCells;
using sgfaudit::game::Vertex;

struct Reference {
    std::vector<int> label = std::vector<int>(kCells, kNone);
    std::vector<bool> has_stones;
};

// The regions holding no stone of `col`, flood filled from each unlabelled point in row order.
Reference flood(const Board& board, const std::vector<std::int8_t>& colour, int col) {
    Reference out;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex start = sgfaudit::game::to_vertex(x, y);
            if (colour[start] == col || out.label[start] != kNone) continue;
            const int id = static_cast<int>(out.has_stones.size());
            out.has_stones.push_back(false);
            std::vector<Vertex> stack{start};
            out.label[start] = id;
            while (!stack.empty()) {
                const Vertex v = stack.back();
                stack.pop_back();
                if (colour[v] == 1 - col) out.has_stones.back() = true;
                for (const Vertex n : sgfaudit::game::neighbours(v)) {
                    if (!board.on_board(n) || colour[n] == col || out.label[n] != kNone) continue;
                    out.label[n] = id;
                    stack.push_back(n);
                }
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("Judge regions: row runs give the regions and numbering of a flood fill",
          "[audit][end_judge][random]") {
    std::mt19937 rng(20261127);
    Scratch scratch;  // one scratch for every board, as a thread's judge keeps it
    const std::vector<std::pair<int, int>> shapes = {{19, 19}, {9, 9},  {52, 52}, {1, 1},
                                                     {1, 13},  {13, 1}, {52, 3},  {5, 52}};
    int boards = 0, regions_seen = 0;
    for (const auto& [w, h] : shapes) {
        for (int round = 0; round < 40; ++round) {
            CAPTURE(w, h, round);
            const Board board(w, h);
            // Sparse, dense and even colourings: 0 Black, 1 White, kNone empty.
            const int empty_share = 10 + 40 * (round % 3);
            std::vector<std::int8_t> colour(kCells, static_cast<std::int8_t>(kNone));
            for (int y = 0; y < h; ++y) {
                for (int x = 0; x < w; ++x) {
                    const int draw = static_cast<int>(rng() % 100);
                    colour[sgfaudit::game::to_vertex(x, y)] =
                        static_cast<std::int8_t>(draw < empty_share ? kNone : draw % 2);
                }
            }
            sgfaudit::audit::detail::judge::current_stone_rows(board, colour, scratch);
            for (int col = 0; col < 2; ++col) {
                sgfaudit::audit::detail::judge::enclosed_regions(board, col, scratch);
                const Reference want = flood(board, colour, col);
                const std::vector<Region>& got = scratch.regions[static_cast<std::size_t>(col)];
                REQUIRE(got.size() == want.has_stones.size());
                for (std::size_t r = 0; r < got.size(); ++r) {
                    REQUIRE(got[r].has_stones == want.has_stones[r]);
                }
                for (int y = 0; y < h; ++y) {
                    for (int x = 0; x < w; ++x) {
                        const Vertex v = sgfaudit::game::to_vertex(x, y);
                        REQUIRE(scratch.region[static_cast<std::size_t>(col)][v] == want.label[v]);
                    }
                }
                regions_seen += static_cast<int>(got.size());
            }
            ++boards;
        }
    }
    CHECK(boards == 320);
    CHECK(regions_seen > 1000);
}
