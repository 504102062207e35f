#pragma once
// Liberties on the board of the judge of end positions (end_judge.cpp), where the strings it
// judged dead are taken off. Boards only, no rules.
//
// `colour`: per vertex, the colour on that board (0 Black, 1 White, -1 empty or off the board);
// `string_of`: per vertex, the string there (an index) or -1.

#include <cstdint>
#include <span>
#include <vector>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

// The liberties of each group, `group_of` giving each string's group (the index of its leading
// string): per leading string, its group's liberties in vertex order, each once.
std::vector<std::vector<game::Vertex>> group_liberties(const game::Board& board,
                                                       std::span<const std::int8_t> colour,
                                                       std::span<const int> string_of,
                                                       std::span<const int> group_of);

// The number of liberties of each of the `strings` strings.
std::vector<int> string_liberty_counts(const game::Board& board,
                                       std::span<const std::int8_t> colour,
                                       std::span<const int> string_of, std::size_t strings);

}  // namespace sgfaudit::audit::detail
