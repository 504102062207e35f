// A group whose only eye space is one small region (issue 15; docs/rules-notes.md, "OGS's
// mismatches", D1). Contract: scoring.hpp (has_small_eye_group).

#include <vector>

#include "scoring.hpp"

namespace sgfaudit::audit::detail {

namespace {

using game::Cell;
using game::Vertex;

int find(std::vector<int>& parent, int i) {
    while (parent[static_cast<std::size_t>(i)] != i) {
        const auto u = static_cast<std::size_t>(i);
        parent[u] = parent[static_cast<std::size_t>(parent[u])];
        i = parent[u];
    }
    return i;
}

void join(std::vector<int>& parent, int a, int b) {
    a = find(parent, a);
    b = find(parent, b);
    if (a != b) parent[static_cast<std::size_t>(b)] = a;
}

}  // namespace

bool has_small_eye_group(const game::Board& board) {
    constexpr int kSmall = 3;  // at most three points: no two eyes if the opponent moves first
    // Empty regions: the region of each empty point, its size and the colours it reaches.
    std::vector<int> region(game::kCells, -1);
    struct Region {
        int size = 0;
        int reach = 0;  // 1: a black stone next to it, 2: a white one
    };
    std::vector<Region> regions;
    std::vector<Vertex> stack;
    const int w = board.width(), h = board.height();
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex start = game::to_vertex(x, y);
            if (board.at(start) != Cell::empty || region[start] >= 0) continue;
            const int id = static_cast<int>(regions.size());
            regions.emplace_back();
            region[start] = id;
            stack.assign(1, start);
            while (!stack.empty()) {
                const Vertex v = stack.back();
                stack.pop_back();
                ++regions.back().size;
                for (const Vertex n : game::neighbours(v)) {
                    const Cell c = board.at(n);
                    if (c == Cell::empty) {
                        if (region[n] < 0) {
                            region[n] = id;
                            stack.push_back(n);
                        }
                    } else if (game::is_stone(c)) {
                        regions.back().reach |= c == Cell::black ? 1 : 2;
                    }
                }
            }
        }
    }
    // Groups: stones of one colour joined when adjacent, or when next to one empty region that
    // reaches their colour only (the strings around one eye live or die together).
    std::vector<int> parent(game::kCells);
    for (int i = 0; i < game::kCells; ++i) parent[static_cast<std::size_t>(i)] = i;
    std::vector<Vertex> first_stone(regions.size(), game::kNoVertex);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex v = game::to_vertex(x, y);
            const Cell c = board.at(v);
            if (!game::is_stone(c)) continue;
            for (const Vertex n : game::neighbours(v)) {
                if (board.at(n) == c) {
                    join(parent, v, n);
                } else if (board.at(n) == Cell::empty) {
                    const auto r = static_cast<std::size_t>(region[n]);
                    if (regions[r].reach == 3) continue;
                    if (first_stone[r] == game::kNoVertex) {
                        first_stone[r] = v;
                    } else {
                        join(parent, first_stone[r], v);
                    }
                }
            }
        }
    }
    // Per group: the one-colour regions it touches (the first one and whether there are
    // more), and whether it touches a dame (a region reaching both colours: Benson's test
    // decides those groups).
    struct Group {
        int region = -1;
        bool more = false;
        bool dame = false;
    };
    std::vector<Group> groups(game::kCells);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (!game::is_stone(board.at(v))) continue;
            Group& g = groups[static_cast<std::size_t>(find(parent, v))];
            for (const Vertex n : game::neighbours(v)) {
                if (board.at(n) != Cell::empty) continue;
                const int r = region[n];
                if (regions[static_cast<std::size_t>(r)].reach == 3) {
                    g.dame = true;
                } else if (g.region < 0) {
                    g.region = r;
                } else if (g.region != r) {
                    g.more = true;
                }
            }
        }
    }
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (!game::is_stone(board.at(v)) || find(parent, v) != v) continue;
            const Group& g = groups[v];
            if (!g.dame && !g.more && g.region >= 0 &&
                regions[static_cast<std::size_t>(g.region)].size <= kSmall) {
                return true;
            }
        }
    }
    return false;
}

}  // namespace sgfaudit::audit::detail
