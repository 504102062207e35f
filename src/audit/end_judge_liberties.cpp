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

void group_liberties(const game::Board& board, std::span<const std::int8_t> colour,
                     std::span<const int> string_of, std::span<const int> group_of,
                     GroupLiberties& out) {
    const std::size_t n = group_of.size();
    const auto each_liberty = [&](auto&& f) {
        for_each_empty(board, colour, [&](game::Vertex v) {
            for_each_neighbour_id(
                board, colour, v,
                [&](game::Vertex nb) { return group_of[static_cast<std::size_t>(string_of[nb])]; },
                f);
        });
    };
    // Counted, then placed: each group's run of points in vertex order, sorted.
    out.start.assign(n + 1, 0);
    each_liberty(
        [&](game::Vertex, int group) { out.start[static_cast<std::size_t>(group) + 1]++; });
    for (std::size_t g = 0; g < n; ++g) out.start[g + 1] += out.start[g];
    out.points.resize(static_cast<std::size_t>(out.start[n]));
    out.next.assign(out.start.begin(), out.start.end() - 1);
    each_liberty([&](game::Vertex p, int group) {
        out.points[static_cast<std::size_t>(out.next[static_cast<std::size_t>(group)]++)] = p;
    });
}

void string_liberty_counts(const game::Board& board, std::span<const std::int8_t> colour,
                           std::span<const int> string_of, std::size_t strings,
                           std::vector<int>& out) {
    out.assign(strings, 0);
    for_each_empty(board, colour, [&](game::Vertex v) {
        for_each_neighbour_id(
            board, colour, v, [&](game::Vertex nb) { return string_of[nb]; },
            [&](game::Vertex, int s) { out[static_cast<std::size_t>(s)] += 1; });
    });
}

}  // namespace sgfaudit::audit::detail
