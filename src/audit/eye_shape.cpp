// Eye shapes (eye_shape.hpp): a shape is told by its points' degrees (neighbours inside it) and
// whether it holds a 2x2 square.

#include "eye_shape.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace sgfaudit::audit::detail {

bool killable_shape(std::span<const game::Vertex> points) {
    const auto n = points.size();
    if (n <= 3) return true;
    const auto in = [&](game::Vertex v) {
        return std::find(points.begin(), points.end(), v) != points.end();
    };
    int max_degree = 0;
    bool square = false;
    for (const game::Vertex v : points) {
        int degree = 0;
        for (const game::Vertex nb : game::neighbours(v)) degree += in(nb) ? 1 : 0;
        max_degree = std::max(max_degree, degree);
        square = square || (in(static_cast<game::Vertex>(v + 1)) &&
                            in(static_cast<game::Vertex>(v + game::kStride)) &&
                            in(static_cast<game::Vertex>(v + game::kStride + 1)));
    }
    if (n == 4) return square || max_degree >= 3;
    if (n == 5) return square || max_degree >= 4;
    if (n == 6) return max_degree >= 4;
    return false;
}

void small_island_spaces(const game::Board& board, std::span<const int> region,
                         std::span<const int> region_size, std::span<const std::uint8_t> eye_space,
                         std::span<const int> island, std::span<const std::int8_t> colour,
                         int max_points, IslandSpaces& out) {
    const std::size_t regions = region_size.size();
    out.of_region.assign(regions, -1);
    out.size.clear();
    out.wide.clear();
    const auto each_point = [&](auto&& f) {
        for (int y = 0; y < board.height(); ++y) {
            for (int x = 0; x < board.width(); ++x) f(game::to_vertex(x, y));
        }
    };
    int strings = 0;  // the island strings are numbered below this
    each_point([&](game::Vertex v) { strings = std::max(strings, island[v] + 1); });
    if (strings == 0) return;  // no island, no space around one
    std::vector<int>& head = out.head;
    head.resize(regions);
    std::iota(head.begin(), head.end(), 0);
    const auto top = [&](int k) {
        while (head[static_cast<std::size_t>(k)] != k) k = head[static_cast<std::size_t>(k)];
        return k;
    };
    std::vector<bool>& spoilt = out.spoilt;  // a region next to an island is no eye space
    spoilt.assign(regions, false);
    // Per island string: a region next to it.
    std::vector<int>& first = out.first;
    first.assign(static_cast<std::size_t>(strings), -1);
    each_point([&](game::Vertex v) {
        if (island[v] < 0) return;
        int& r0 = first[static_cast<std::size_t>(island[v])];
        for (const game::Vertex nb : game::neighbours(v)) {
            if (!board.on_board(nb) || region[nb] < 0) continue;
            const int k = region[nb];
            if ((eye_space[static_cast<std::size_t>(k)] & (1u << (1 - colour[v]))) == 0) {
                spoilt[static_cast<std::size_t>(k)] = true;
            }
            if (r0 < 0) r0 = k;
            const int a = top(r0), b = top(k);
            if (a != b) head[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
        }
    });
    // Per head (a space's smallest region): its points, at most max_points + 1 kept (in a slot
    // of that many), enough to tell a space of max_points or more.
    const auto slot = static_cast<std::size_t>(max_points) + 1;
    std::vector<int>& count = out.count;
    count.assign(regions, 0);
    out.points.resize(regions * slot);
    std::vector<bool>& with_island = out.with_island;
    with_island.assign(regions, false);
    each_point([&](game::Vertex v) {
        const int k = island[v] >= 0 ? first[static_cast<std::size_t>(island[v])] : region[v];
        if (k < 0) return;
        const auto h = static_cast<std::size_t>(top(k));
        if (island[v] >= 0) with_island[h] = true;
        if (count[h] < static_cast<int>(slot))
            out.points[h * slot + static_cast<std::size_t>(count[h]++)] = v;
    });
    for (std::size_t k = 0; k < regions; ++k) {
        if (spoilt[k]) spoilt[static_cast<std::size_t>(top(static_cast<int>(k)))] = true;
    }
    for (std::size_t k = 0; k < regions; ++k) {  // a head comes before its space's regions
        const auto h = static_cast<std::size_t>(top(static_cast<int>(k)));
        if (!with_island[h] || spoilt[h]) continue;
        if (count[h] >= max_points) continue;
        if (!killable_shape(std::span<const game::Vertex>(out.points.data() + h * slot,
                                                          static_cast<std::size_t>(count[h])))) {
            continue;
        }
        if (h == k) {
            out.of_region[k] = static_cast<int>(out.size.size());
            out.size.push_back(count[h]);
            out.wide.push_back(false);
        }
        out.of_region[k] = out.of_region[h];
        if (region_size[k] > 1) out.wide[static_cast<std::size_t>(out.of_region[k])] = true;
    }
}

}  // namespace sgfaudit::audit::detail
