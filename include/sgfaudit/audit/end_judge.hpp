#pragma once
// The judge of end positions (issue 26, `--dead auto`'s third tier): for every string of a
// finished position that neither the players' markup nor Benson's pass-alive proof (life.hpp)
// decides, a verdict dead / alive / seki / unsure, by static life and death. It knows boards
// only: no rules, no SGF, no threads. It is pure and deterministic (the same board gives the
// same answer) and says `unsure` rather than guess; the count it gives is settled only when no
// string is unsure and no boundary is left open.
//
// Method (docs/rules.md, "The judge of end positions"), on the board without the stones already
// held dead, in rounds:
//   - a group is the strings of one colour joined by a shared liberty or by an empty region
//     that reaches their colour only, or by an area of the opponent's hopeless stones;
//   - its eyes: each empty region reaching its colour only is one eye (a one-point region is
//     false when the opponent holds enough of its diagonal points: one on the edge, two in the
//     middle), two when it has 7 points or more; each area enclosed by the group's colour that
//     holds only hopeless opponent stones is an eye likewise;
//   - a group is alive with a pass-alive string or two eyes; hopeless with at most one eye of at
//     most 3 points and no pass-alive string;
//   - hopeless stones are dead when the area the opponent encloses them in holds no other
//     stones of theirs that are not hopeless, and every opponent string around that area is
//     alive. The dead are removed and the next round looks again (an eye may appear).
// After the rounds: two undecided groups of opposite colours in a seki shape (every liberty of
// each is shared with the other or inside its own eye; no eye and two shared liberties, or one
// eye each of at most 3 points and a shared liberty) are both seki; any other undecided string is
// unsure. A living or seki string left in atari is alive when taking it is a ko (the players left
// the ko as it stands), dead when the opponent takes it otherwise.
//
// Budget: at most kJudgeRounds rounds, each a fixed number of passes over the board's points
// (flood fills and a union-find), and no reading: the work is linear in the board's points,
// whatever the position (a 52x52 board of one-stone strings included).

#include <cstdint>
#include <vector>

#include "sgfaudit/audit/life.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit {

inline constexpr int kJudgeRounds = 6;

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
    int rounds = 0;              // rounds run (at most kJudgeRounds)
    // No string unsure and no open boundary: the count without `dead` can be relied on.
    bool settled() const { return unsure == 0 && !open_boundary; }
};

// Judges `board` (a finished position) given Benson's analysis of it (analyse_life(board)).
EndJudgement judge_end_position(const game::Board& board, const LifeAnalysis& life);

}  // namespace sgfaudit::audit
