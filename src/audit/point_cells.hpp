#pragma once
// Per-vertex arrays (game::kCells entries, the padded grid of the largest board) kept between
// boards by the end-board analyses, and reset for each board over the part of the grid it
// reads. Boards only, no rules.

#include <algorithm>
#include <cstddef>
#include <vector>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

// Sets the cells of the per-vertex array `cells` that an analysis of `board` reads to `value`:
// the board's points and the border cells next to them (the rows from the one above the board to
// the one below it, whole). The array is given game::kCells entries once; the cells past those
// rows, which hold whatever an analysis of a larger board left there, are never read (every
// read is at a point of the board or at a neighbour of one). On a 9x9 board that is a fifth of
// the array.
template <class T>
void reset_cells(std::vector<T>& cells, const game::Board& board, T value) {
    if (cells.size() != game::kCells) {
        cells.assign(game::kCells, value);
        return;
    }
    // From the border cell above and left of (0, 0) to the one below and right of the last point.
    const auto first = static_cast<std::ptrdiff_t>(game::to_vertex(0, 0)) - game::kStride - 1;
    const auto last =
        static_cast<std::ptrdiff_t>(game::to_vertex(board.width() - 1, board.height() - 1)) +
        game::kStride + 1;
    std::fill(cells.begin() + first, cells.begin() + last + 1, value);
}

}  // namespace sgfaudit::audit::detail
