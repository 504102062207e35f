#pragma once
// Benson's unconditional life on a finished position (`--dead auto`): which strings
// are pass-alive (no sequence of opponent plays can capture them, even if their owner always
// passes) and which regions are pass-alive territory (every empty point of the region touches a
// pass-alive string of its owner, so the opponent can never make an eye there). Stones inside
// the opponent's pass-alive territory are dead. What this cannot decide is reported, never
// guessed: an empty region that touches both colours where a bordering string is not pass-alive
// leaves the count unsettled.
//
// Definitions (D. B. Benson, "Life in the game of Go", 1976), for a colour X:
//   an X-enclosed region is a maximal connected set of points that hold no X stone;
//   a region is vital to an X string when every empty point of the region is a liberty of it.
// Start with every X string and every X-enclosed region; repeatedly drop each string with fewer
// than two vital regions among the regions still held, then each region that borders a dropped
// string. The strings left are pass-alive. This module knows boards only: no rules, no SGF.

#include <vector>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit {

struct LifeAnalysis {
    // Per vertex (game::kCells entries): the stone there belongs to a pass-alive string.
    std::vector<bool> pass_alive;
    // Per vertex: the point is in the pass-alive territory of Black / White (empty points and
    // the opponent's stones there, which are dead).
    std::vector<bool> territory_black, territory_white;
    // The stones inside the opponent's pass-alive territory, in vertex order.
    std::vector<game::Vertex> dead;
};

// Variants of the analysis (both off: Benson as above). With both on, the analysis is the one
// KataGo's rules define (docs/rules.md, KG score); this module still knows no rules, only the
// two definitions.
struct LifeOptions {
    // A region is vital to a string only when every point of it, the opponent's stones
    // included, touches the string (where the opponent may fill a region by suicide, its stones
    // there are not safe to ignore).
    bool every_point_vital = false;
    // Pass-alive territory: a region left by the iteration, bordering some string, with at most
    // one point that touches no string of the colour, or with no opponent stone at all (instead
    // of: every empty point touches a string of the colour).
    bool one_interior_point = false;
};

// Analyses `board` for both colours.
LifeAnalysis analyse_life(const game::Board& board, const LifeOptions& options = {});

// After the stones of `life.dead` are removed from `board`: true when no empty region touches
// both colours unless every string it touches is pass-alive. Precondition: `board` is the
// board analysed, with life.dead removed (the pass_alive marks stay valid: removing dead stones
// only adds liberties to pass-alive strings).
bool settled_after_removal(const game::Board& board, const LifeAnalysis& life);

}  // namespace sgfaudit::audit
