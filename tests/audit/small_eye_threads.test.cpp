// undecided_group and settled_after_removal (src/audit/scoring.hpp, life.hpp) keep their
// per-vertex arrays per thread and reset, for each board, only the board's rows and the border
// rows next to them: what a larger board left beyond them must never be read. Random boards of
// several sizes are looked at each on a thread of its own, then all on one thread, from the
// largest down and back up; the answers must be the same.

#include <catch2/catch.hpp>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

#include "../../src/audit/scoring.hpp"
#include "sgfaudit/audit/life.hpp"
#include "sgfaudit/game/board.hpp"

using namespace sgfaudit;

namespace {

// A board of `width` x `height` from `seed`: stones in runs of one colour, with a share of
// empty points that grows with `empty` (0 to 9): eyes, dame and strings in atari of all sizes.
game::Board random_board(int width, int height, std::uint32_t seed, unsigned empty) {
    game::Board b(width, height);
    int colour = 0;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            seed = seed * 1103515245u + 12345u;
            const unsigned r = (seed >> 16) % 10;
            if (r < 2) colour = 1 - colour;
            if (r >= 10 - empty) continue;
            b.set_stone(game::to_vertex(x, y),
                        colour == 0 ? game::Color::black : game::Color::white);
        }
    }
    return b;
}

struct Answer {
    audit::Unsettled undecided = audit::Unsettled::no;
    bool settled = false;
    bool operator==(const Answer&) const = default;
};

Answer look(const game::Board& b) {
    const audit::LifeAnalysis life = audit::analyse_life(b);
    return {audit::detail::undecided_group(b, life.pass_alive),
            audit::settled_after_removal(b, life)};
}

}  // namespace

TEST_CASE("Small eyes and settled regions: a board after larger ones is read as on its own",
          "[audit][life][small-eye]") {
    const std::vector<std::pair<int, int>> sizes = {{52, 52}, {19, 19}, {25, 9}, {13, 13},
                                                    {9, 9},   {7, 19},  {5, 5},  {2, 3}};
    std::vector<game::Board> boards;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        for (unsigned empty = 1; empty <= 6; ++empty) {
            boards.push_back(random_board(sizes[i].first, sizes[i].second,
                                          77u + 13u * static_cast<std::uint32_t>(i) + empty,
                                          empty));
        }
    }
    std::vector<Answer> fresh(boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
        std::thread own([&] { fresh[i] = look(boards[i]); });
        own.join();
    }
    // The boards give every answer, so a stale cell has something to change.
    int no = 0, small_eye = 0, atari = 0, settled = 0;
    for (const Answer& a : fresh) {
        no += a.undecided == audit::Unsettled::no ? 1 : 0;
        small_eye += a.undecided == audit::Unsettled::small_eye ? 1 : 0;
        atari += a.undecided == audit::Unsettled::atari ? 1 : 0;
        settled += a.settled ? 1 : 0;
    }
    CHECK(no > 0);
    CHECK(small_eye > 0);
    CHECK(atari > 0);
    CHECK(settled > 0);
    CHECK(settled < static_cast<int>(boards.size()));
    std::vector<std::size_t> differing;
    std::thread one([&] {
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t k = 0; k < boards.size(); ++k) {
                const std::size_t i = pass == 0 ? k : boards.size() - 1 - k;
                if (!(look(boards[i]) == fresh[i])) differing.push_back(i);
            }
        }
    });
    one.join();
    CHECK(differing.empty());
}
