// Liberties on the judge's board (end_judge_liberties.hpp): one pass over its empty points,
// each point counted once per string or group next to it.

#include "end_judge_liberties.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace sgfaudit::audit::detail {

namespace {

constexpr int kNone = -1;

// Calls f(v, id) once for each distinct id(n) over the stones n next to the empty point v.
template <class Id, class F>
void for_each_neighbour_id(const game::Board& board, std::span<const std::int8_t> colour,
                           game::Vertex v, Id&& id, F&& f) {
    std::array<int, 4> seen{kNone, kNone, kNone, kNone};
    int k = 0;
    for (const game::Vertex nb : game::neighbours(v)) {
        if (!board.on_board(nb) || colour[nb] == kNone) continue;
        const int i = id(nb);
        if (std::find(seen.begin(), seen.begin() + k, i) != seen.begin() + k) continue;
        seen[static_cast<std::size_t>(k++)] = i;
        f(v, i);
    }
}

// Calls f(v) for each empty point v of the board, in vertex order.
template <class F>
void for_each_empty(const game::Board& board, std::span<const std::int8_t> colour, F&& f) {
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const game::Vertex v = game::to_vertex(x, y);
            if (board.on_board(v) && colour[v] == kNone) f(v);
        }
    }
}

}  // namespace

std::vector<std::vector<game::Vertex>> group_liberties(const game::Board& board,
                                                       std::span<const std::int8_t> colour,
                                                       std::span<const int> string_of,
                                                       std::span<const int> group_of) {
    std::vector<std::vector<game::Vertex>> libs(group_of.size());
    for_each_empty(board, colour, [&](game::Vertex v) {
        for_each_neighbour_id(
            board, colour, v,
            [&](game::Vertex nb) { return group_of[static_cast<std::size_t>(string_of[nb])]; },
            [&](game::Vertex p, int group) { libs[static_cast<std::size_t>(group)].push_back(p); });
    });
    return libs;  // pushed in vertex order: sorted
}

std::vector<int> string_liberty_counts(const game::Board& board,
                                       std::span<const std::int8_t> colour,
                                       std::span<const int> string_of, std::size_t strings) {
    std::vector<int> libs(strings, 0);
    for_each_empty(board, colour, [&](game::Vertex v) {
        for_each_neighbour_id(
            board, colour, v, [&](game::Vertex nb) { return string_of[nb]; },
            [&](game::Vertex, int s) { libs[static_cast<std::size_t>(s)] += 1; });
    });
    return libs;
}

}  // namespace sgfaudit::audit::detail
