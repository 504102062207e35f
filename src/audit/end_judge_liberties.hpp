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

// The liberties of each group: per leading string, its group's liberties in vertex order, each
// once, in one array (of(g)); kept from call to call (their capacity).
struct GroupLiberties {
    std::vector<int> start;  // per string: where its liberties begin in points (and end: +1)
    std::vector<int> next;   // group_liberties' cursor per string
    std::vector<game::Vertex> points;
    std::span<const game::Vertex> of(int g) const {
        const auto i = static_cast<std::size_t>(g);
        return {points.data() + start[i], static_cast<std::size_t>(start[i + 1] - start[i])};
    }
};
// Sets `out` to the liberties of each group, `group_of` giving each string's group (the index of
// its leading string).
void group_liberties(const game::Board& board, std::span<const std::int8_t> colour,
                     std::span<const int> string_of, std::span<const int> group_of,
                     GroupLiberties& out);

// Sets `out` to the number of liberties of each of the `strings` strings.
void string_liberty_counts(const game::Board& board, std::span<const std::int8_t> colour,
                           std::span<const int> string_of, std::size_t strings,
                           std::vector<int>& out);

}  // namespace sgfaudit::audit::detail
