#pragma once
// The judge of end positions (`--dead auto`'s third tier): for every string of a
// finished position that neither the players' markup nor Benson's pass-alive proof (life.hpp)
// decides, a verdict dead / alive / seki / unsure, by static life and death. It knows boards
// only: no rules, no SGF, no threads. It is pure and deterministic (the same board gives the
// same answer) and says `unsure` rather than guess; the count it gives is settled only when no
// string is unsure and no boundary is left open.
//
// Method (docs/rules.md, "The judge of end positions"), on the board without the stones already
// held dead, in rounds:
//   - a group is the strings of one colour joined by a shared liberty or by an empty region
//     that reaches their colour only;
//   - its eyes are those regions: a one-point region is false when the opponent holds enough of
//     its diagonal points (one on the edge, two in the middle); 4 to 6 points make two eyes
//     unless the shape dies to a play on its vital point (square or pyramid four, bulky or
//     crossed five, rabbity six); 7 points or more make two;
//   - a group is hopeless with no pass-alive string and at most one eye of at most 3 points; a
//     hopeless group next to only one area the opponent encloses (that holds opponent stones)
//     is an island: it sits inside the opponent's area. An empty region that reaches a colour
//     and, of the other, islands only is an eye space of that colour (it joins its strings and
//     counts as their eye), and an island on an eye's diagonal does not make the eye false; a
//     one-point eye space next to an island is a shared liberty, an eye only for a group that
//     has another; the regions around an island and its stones are one space, one eye when it
//     has at most six points and a killable shape (eye_shape.hpp);
//   - a group is alive with a pass-alive string or two eyes;
//   - hopeless stones are dead when the area the opponent encloses them in holds no other
//     stones of theirs that are not hopeless, and every opponent string around that area is
//     alive. The dead are removed and the next round looks again.
// After the rounds: two undecided groups of opposite colours in a seki shape (every liberty of
// each is shared with the other or inside its own eye space; no eye and two shared liberties,
// neither of one or two stones that could be given up, or one eye each of at most 3 points) are
// both seki; any other undecided string is unsure, and so
// is a living or seki string left in atari (taking it, or the ko it makes, is the players' to
// settle: measured, calling it either way reproduced fewer recorded results, docs/accuracy.md).
//
// Budget: at most kJudgeRounds rounds, each a fixed number of passes over the board's points
// (flood fills and a union-find), then one seki test per pair of neighbouring undecided groups
// (a merge of their sorted liberties); no reading, no search. The work is bounded by the board's
// size whatever the position: tests/audit/ end_judge.test.cpp times hostile 52x52 boards (one-stone
// strings, a random board) and the benchmarks (docs/accuracy.md) the real ones.

#include <cstdint>
#include <vector>

#include "sgfaudit/audit/life.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit {

inline constexpr int kJudgeRounds = 6;
inline constexpr int kJudgeLossFloor = 10;

enum class StringVerdict : std::uint8_t { alive, dead, seki, unsure };

struct JudgedString {
    game::Vertex stone = game::kNoVertex;  // its first stone in vertex order
    game::Color color = game::Color::black;
    int stones = 0;
    StringVerdict verdict = StringVerdict::unsure;
    bool by_benson = false;  // pass-alive, or dead inside pass-alive territory (life.hpp)
};

struct EndJudgement {
    // Every string of the board, in the order of their first stones.
    std::vector<JudgedString> strings;
    // Every dead stone (Benson's and the judge's), in vertex order.
    std::vector<game::Vertex> dead;
    int unsure = 0;              // strings judged unsure
    bool open_boundary = false;  // an empty region reaching both colours holds a point that
                                 // touches no stone (the borders are not finished)
    // The judge found dead more than half the stones of a colour that has at least
    // kJudgeLossFloor of them, or every stone of a colour: not the end of a finished game
    // (players pass when their groups live), rather an unfinished board or a demonstration
    // position; the judgement is not relied on.
    bool implausible = false;
    int rounds = 0;  // rounds run (at most kJudgeRounds)
    // No string unsure, no open boundary, nothing implausible: the count without `dead` can be
    // relied on.
    bool settled() const { return unsure == 0 && !open_boundary && !implausible; }
};

// Judges `board` (a finished position) given Benson's analysis of it (analyse_life(board)).
EndJudgement judge_end_position(const game::Board& board, const LifeAnalysis& life);

}  // namespace sgfaudit::audit
