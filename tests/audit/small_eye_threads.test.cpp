// undecided_group and settled_after_removal (src/audit/scoring.hpp, life.hpp) keep their
// per-vertex arrays per thread and reset, for each board, only the board's rows and the border
// rows next to them: what a larger board left beyond them must never be read. Random boards of
// several sizes are looked at each on a thread of its own, then all on one thread, from the
// largest down and back up; the answers must be the same.

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "../../src/audit/scoring.hpp"
#include "boards_on_threads.hpp"
#include "sgfaudit/audit/life.hpp"
#include "sgfaudit/game/board.hpp"

using namespace sgfaudit;

namespace {

struct Answer {
    audit::Unsettled undecided = audit::Unsettled::no;
    bool settled = false;
};

bool same(const Answer& a, const Answer& b) {
    return a.undecided == b.undecided && a.settled == b.settled;
}

Answer look(const game::Board& b) {
    const audit::LifeAnalysis life = audit::analyse_life(b);
    return {audit::detail::undecided_group(b, life.pass_alive),
            audit::settled_after_removal(b, life)};
}

}  // namespace

TEST_CASE("Small eyes and settled regions: a board after larger ones is read as on its own",
          "[audit][life][small-eye]") {
    using namespace boards_on_threads;
    std::vector<game::Board> boards;
    for (std::size_t i = 0; i < kSizes.size(); ++i) {
        for (unsigned empty = 1; empty <= 6; ++empty) {
            boards.push_back(patchy_board(kSizes[i].first, kSizes[i].second,
                                          77u + 13u * static_cast<std::uint32_t>(i) + empty,
                                          empty));
        }
    }
    const std::vector<Answer> fresh = each_on_its_own_thread<Answer>(boards, look);
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
    CHECK(differing_on_one_thread(boards, fresh, look, &same).empty());
}
