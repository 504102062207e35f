// A string in atari, or a group whose eye space is small (docs/rules-notes.md, "OGS's
// mismatches", D1). Contract: scoring.hpp (undecided_group).

#include <algorithm>
#include <utility>
#include <vector>

#include "point_cells.hpp"
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

// An empty region: its size and the colours it reaches.
struct Region {
    int size = 0;
    int reach = 0;  // 1: a black stone next to it, 2: a white one
};

// Empty regions: fills region (per vertex, -1 where no empty point) and regions.
void label_regions(const game::Board& board, std::vector<int>& region, std::vector<Region>& regions,
                   std::vector<Vertex>& stack) {
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
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
}

// Groups (union-find over vertices in parent): stones of one colour joined when adjacent, or
// when next to one empty region that reaches their colour only (the strings around one eye
// live or die together).
void join_groups(const game::Board& board, const std::vector<int>& region,
                 const std::vector<Region>& regions, std::vector<int>& parent,
                 std::vector<Vertex>& first_stone) {
    // Only the board's points are ever joined or looked up.
    if (parent.size() != game::kCells) parent.resize(game::kCells);
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex v = game::to_vertex(x, y);
            parent[v] = v;
        }
    }
    first_stone.assign(regions.size(), game::kNoVertex);
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
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
}

// Per group: whether it touches a dame (a region reaching both colours: Benson's test
// decides those groups) or holds a pass-alive string (dame_or_alive, per group root), and the
// one-colour regions it touches (eyes: group, region pairs, with repeats).
void find_eyes(const game::Board& board, const std::vector<bool>& pass_alive,
               const std::vector<int>& region, const std::vector<Region>& regions,
               std::vector<int>& parent, std::vector<bool>& dame_or_alive,
               std::vector<std::pair<int, int>>& eyes) {
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
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
}

// True when a string that is not pass-alive is in atari: the opponent may take it with the
// next play.
bool string_in_atari(const game::Board& board, const std::vector<bool>& pass_alive) {
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (game::is_stone(board.at(v)) && !pass_alive[v] && board.chain_liberties(v, 2) == 1)
                return true;
        }
    }
    return false;
}

// True when a group that touches no dame and holds no pass-alive string has an eye space (the
// points of its one-colour regions, eyes as find_eyes left it) of at most `small` points.
bool small_eye_space(std::vector<std::pair<int, int>>& eyes, const std::vector<Region>& regions,
                     const std::vector<bool>& dame_or_alive, int small) {
    std::sort(eyes.begin(), eyes.end());
    eyes.erase(std::unique(eyes.begin(), eyes.end()), eyes.end());
    for (std::size_t i = 0; i < eyes.size();) {
        const int g = eyes[i].first;
        int space = 0;
        for (; i < eyes.size() && eyes[i].first == g; ++i) {
            space += regions[static_cast<std::size_t>(eyes[i].second)].size;
        }
        if (!dame_or_alive[static_cast<std::size_t>(g)] && space <= small) return true;
    }
    return false;
}

}  // namespace

Unsettled undecided_group(const game::Board& board, const std::vector<bool>& pass_alive) {
    // At most six points of eye space in all: the eye spaces the opponent can kill by playing
    // first have at most six points (the three-point ones, square and pyramid four, bulky and
    // crossed five, rabbity six and, in the corner, bent four); from seven points a single eye
    // space always makes two eyes. Two real one-point eyes make a pass-alive group (Benson),
    // which is left out.
    constexpr int kSmall = 6;
    // Kept per thread from board to board (ARCHITECTURE.md: the end-board analyses' scratch);
    // each is reset or overwritten below before it is read.
    thread_local struct {
        std::vector<int> region, parent;
        std::vector<Region> regions;
        std::vector<Vertex> first_stone, stack;
        std::vector<bool> dame_or_alive;
        std::vector<std::pair<int, int>> eyes;
    } s;
    reset_cells(s.region, board, -1);
    s.regions.clear();
    label_regions(board, s.region, s.regions, s.stack);
    join_groups(board, s.region, s.regions, s.parent, s.first_stone);
    reset_cells(s.dame_or_alive, board, false);
    s.eyes.clear();
    find_eyes(board, pass_alive, s.region, s.regions, s.parent, s.dame_or_alive, s.eyes);
    std::vector<Region>& regions = s.regions;
    std::vector<bool>& dame_or_alive = s.dame_or_alive;
    std::vector<std::pair<int, int>>& eyes = s.eyes;
    if (string_in_atari(board, pass_alive)) return Unsettled::atari;
    if (small_eye_space(eyes, regions, dame_or_alive, kSmall)) return Unsettled::small_eye;
    return Unsettled::no;
}

}  // namespace sgfaudit::audit::detail
