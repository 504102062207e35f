// A string in atari, or a group whose eye space is small (docs/rules-notes.md, "OGS's
// mismatches", D1). Contract: scoring.hpp (undecided_group).

#include <algorithm>
#include <utility>
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

Unsettled undecided_group(const game::Board& board, const std::vector<bool>& pass_alive) {
    // At most six points of eye space in all: the eye spaces the opponent can kill by playing
    // first have at most six points (the three-point ones, square and pyramid four, bulky and
    // crossed five, rabbity six and, in the corner, bent four); from seven points a single eye
    // space always makes two eyes. Two real one-point eyes make a pass-alive group (Benson),
    // which is left out.
    constexpr int kSmall = 6;
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
    // Per group: whether it touches a dame (a region reaching both colours: Benson's test
    // decides those groups) or holds a pass-alive string, and the one-colour regions it
    // touches (group, region pairs, counted once).
    std::vector<bool> dame_or_alive(game::kCells, false);
    std::vector<std::pair<int, int>> eyes;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (!game::is_stone(board.at(v))) continue;
            const int g = find(parent, v);
            if (pass_alive[v]) dame_or_alive[static_cast<std::size_t>(g)] = true;
            for (const Vertex n : game::neighbours(v)) {
                if (board.at(n) != Cell::empty) continue;
                const int r = region[n];
                if (regions[static_cast<std::size_t>(r)].reach == 3) {
                    dame_or_alive[static_cast<std::size_t>(g)] = true;
                } else {
                    eyes.emplace_back(g, r);
                }
            }
        }
    }
    // A string in atari that is not pass-alive: the opponent may take it with the next play.
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (game::is_stone(board.at(v)) && !pass_alive[v] && board.chain_liberties(v) == 1)
                return Unsettled::atari;
        }
    }
    std::sort(eyes.begin(), eyes.end());
    eyes.erase(std::unique(eyes.begin(), eyes.end()), eyes.end());
    // The eye space of each group: the points of its one-colour regions.
    for (std::size_t i = 0; i < eyes.size();) {
        const int g = eyes[i].first;
        int space = 0;
        for (; i < eyes.size() && eyes[i].first == g; ++i) {
            space += regions[static_cast<std::size_t>(eyes[i].second)].size;
        }
        if (!dame_or_alive[static_cast<std::size_t>(g)] && space <= kSmall) {
            return Unsettled::small_eye;
        }
    }
    return Unsettled::no;
}

}  // namespace sgfaudit::audit::detail
