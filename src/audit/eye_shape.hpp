#pragma once
// Eye shapes for the judge of end positions (end_judge.cpp): whether a small eye
// space dies to a play on its vital point. Boards only, no rules.

#include <cstdint>
#include <span>
#include <vector>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

// True when the connected set `points` (1 to 6 points) is an eye space the opponent kills by
// playing its vital point, so that it makes one eye at most: any space of 1 to 3 points, the
// square and pyramid fours, the bulky and crossed fives, the rabbity six. Other shapes of 4 to 6
// points make two eyes when their owner answers.
bool killable_shape(std::span<const game::Vertex> points);

// Eye spaces around islands (end_judge.hpp): the empty regions next to an island (a hopeless
// string inside the opponent's area) and the island's stones are one space. A space counts here
// when every region next to its islands is an eye space of the colour around them, it has fewer
// than `max_points` points and its shape is killable: its regions then make one eye together.
struct IslandSpaces {
    std::vector<int> of_region;  // per empty region: its space (index below), or -1
    std::vector<int> size;       // per space: its points, the island's stones included
    std::vector<bool> wide;      // per space: one of its regions has two points or more
    // small_island_spaces' working memory, kept from call to call (their capacity).
    std::vector<int> head, first, count;
    std::vector<bool> spoilt, with_island;
    std::vector<game::Vertex> points;
};
// Sets `out` (of_region, size, wide) for the board. `region`: per vertex, its empty region or
// -1 (a stone); `region_size`: per region; `eye_space`: per region, bit c set when it is an eye
// space of colour c (0 Black, 1 White); `island`: per vertex, the island string there or -1;
// `colour`: per vertex, 0, 1 or -1.
void small_island_spaces(const game::Board& board, std::span<const int> region,
                         std::span<const int> region_size, std::span<const std::uint8_t> eye_space,
                         std::span<const int> island, std::span<const std::int8_t> colour,
                         int max_points, IslandSpaces& out);

}  // namespace sgfaudit::audit::detail
