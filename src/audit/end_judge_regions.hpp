#pragma once
// The regions enclosed by each colour on the board of the judge of end positions
// (end_judge.cpp), where the strings it judged dead are taken off: maximal connected sets of
// points that hold no stone of that colour. Found by row runs (row_runs.hpp), not point by
// point. Boards only, no rules.

#include <cstdint>
#include <span>

#include "end_judge_state.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail::judge {

// Scratch::stone_rows: the stones of each colour on the judge's board, by row (bit x of row y:
// column x), from `colour` (per vertex: 0 Black, 1 White, kNone empty).
void current_stone_rows(const game::Board& board, std::span<const std::int8_t> colour, Scratch& s);

// Scratch::region[col] (per vertex: its region, or kNone at a stone of col) and
// Scratch::regions[col] (per region: whether it holds a stone of the other colour), the regions
// numbered in the order of their first point. Needs current_stone_rows.
void enclosed_regions(const game::Board& board, int col, Scratch& s);

}  // namespace sgfaudit::audit::detail::judge
