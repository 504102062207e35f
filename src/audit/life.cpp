// Benson's unconditional life (life.hpp). Flood fills over the padded vertex grid of game::Board;
// everything is linear in the board's points per round, and a round drops at least one string,
// so the whole is at most quadratic in the number of strings (fine for a finished position,
// which is analysed once per end board).

#include "sgfaudit/audit/life.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace sgfaudit::audit {

namespace {

using game::Board;
using game::Cell;
using game::Color;
using game::Vertex;

constexpr std::int32_t kNone = -1;

// Every on-board vertex of `board`, in vertex order, into `out`.
void list_points(const Board& board, std::vector<Vertex>& out) {
    out.clear();
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) out.push_back(game::to_vertex(x, y));
    }
}

// Lists of lists in one array each (a list's items at [start[i], start[i + 1])): the regions'
// points, borders and vital strings without an allocation per region.
struct Lists {
    std::vector<std::int32_t> items;
    std::vector<std::uint32_t> start{0};
    void close() { start.push_back(static_cast<std::uint32_t>(items.size())); }
    std::size_t size() const { return start.size() - 1; }
    std::span<const std::int32_t> operator[](std::size_t i) const {
        return std::span<const std::int32_t>(items).subspan(start[i], start[i + 1] - start[i]);
    }
    void clear() {
        items.clear();
        start.assign(1, 0);
    }
};

// Benson's graph for one colour c: the strings of c, the c-enclosed regions (connected sets of
// points without a c stone), and which strings border each region and which it is vital to.
// Per-vertex entries are written for the board's points only (the padding is never read: every
// neighbour is checked with on_board first).
struct Enclosure {
    std::array<std::int32_t, game::kCells> string_of;  // per vertex: its string, or kNone
    std::array<std::int32_t, game::kCells> region_of;  // per vertex: its region, or kNone
    std::size_t strings = 0;
    Lists region_points;      // per region: its points (vertices)
    Lists borders, vital_to;  // per region: strings
    // Scratch of the steps below (kept with the rest: an analysis is made per end board, and
    // the arrays keep their capacity from one to the next on a thread).
    std::vector<std::int32_t> seen;  // link_regions: per string, the last region it was seen in
    std::vector<int> vital_count;    // drop_until_stable: per string
    std::vector<bool> string_in, region_in;
};

// Fills e.string_of and e.strings: the strings of colour `own` (numbered in the order of their
// first stone).
void label_strings(const Board& board, Cell own, const std::vector<Vertex>& all, Enclosure& e) {
    for (const Vertex v : all) e.string_of[v] = kNone;
    e.strings = 0;
    for (const Vertex v : all) {
        if (board.at(v) != own) continue;
        const Vertex h = board.chain_id(v);
        if (e.string_of[h] == kNone) e.string_of[h] = static_cast<std::int32_t>(e.strings++);
        e.string_of[v] = e.string_of[h];
    }
}

// Fills e.region_of and e.region_points: the regions enclosed by `own`.
void label_regions(const Board& board, Cell own, const std::vector<Vertex>& all, Enclosure& e) {
    for (const Vertex v : all) e.region_of[v] = kNone;
    e.region_points.clear();
    for (const Vertex start : all) {
        if (board.at(start) == own || e.region_of[start] != kNone) continue;
        const auto id = static_cast<std::int32_t>(e.region_points.size());
        // The region's points are its own stack: each is appended once, then its neighbours.
        std::vector<std::int32_t>& pts = e.region_points.items;
        std::size_t next = pts.size();
        e.region_of[start] = id;
        pts.push_back(start);
        while (next < pts.size()) {
            const auto v = static_cast<Vertex>(pts[next++]);
            for (const Vertex n : game::neighbours(v)) {
                if (!board.on_board(n) || board.at(n) == own || e.region_of[n] != kNone) continue;
                e.region_of[n] = id;
                pts.push_back(n);
            }
        }
        e.region_points.close();
    }
}

// True when `v` (on the board) touches a stone of string `s`.
bool touches_string(const Board& board, const Enclosure& e, Vertex v, std::int32_t s) {
    bool touches = false;
    for (const Vertex n : game::neighbours(v)) {
        touches = touches || (board.on_board(n) && e.string_of[n] == s);
    }
    return touches;
}

// Fills e.borders and e.vital_to: per region, the strings bordering it, and the strings it is
// vital to.
void link_regions(const Board& board, Cell own, const LifeOptions& options, Enclosure& e) {
    const std::size_t regions = e.region_points.size();
    e.borders.clear();
    e.vital_to.clear();
    std::vector<std::int32_t>& seen = e.seen;
    seen.assign(e.strings, kNone);
    for (std::size_t r = 0; r < regions; ++r) {
        for (const std::int32_t v : e.region_points[r]) {
            for (const Vertex n : game::neighbours(static_cast<Vertex>(v))) {
                if (!board.on_board(n) || board.at(n) != own) continue;
                const std::int32_t s = e.string_of[n];
                if (seen[static_cast<std::size_t>(s)] == static_cast<std::int32_t>(r)) continue;
                seen[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(r);
                e.borders.items.push_back(s);
            }
        }
        e.borders.close();
        // Vital to s: every empty point of the region is a liberty of s (touches s); with
        // options.every_point_vital, every point of the region, stones included, touches s.
        // The points that must touch s start at `first` (a string not touching that one is
        // rejected at once, without walking the region again).
        const std::span<const std::int32_t> pts = e.region_points[r];
        const auto first = std::find_if(pts.begin(), pts.end(), [&](std::int32_t v) {
            return options.every_point_vital || board.at(static_cast<Vertex>(v)) == Cell::empty;
        });
        for (const std::int32_t s : e.borders[r]) {
            bool vital = true;
            for (auto it = first; it != pts.end(); ++it) {
                const auto p = static_cast<Vertex>(*it);
                if (board.at(p) != Cell::empty && !options.every_point_vital) continue;
                if (!touches_string(board, e, p, s)) {
                    vital = false;
                    break;
                }
            }
            if (vital) e.vital_to.items.push_back(s);
        }
        e.vital_to.close();
    }
}

// Benson's iteration: drops every string with fewer than two vital regions left, and every
// region bordered by a dropped string, until nothing changes. e.string_in and e.region_in come in
// all true; what is left true is pass-alive (strings) and the regions of their eyes.
void drop_until_stable(Enclosure& e) {
    std::vector<bool>& string_in = e.string_in;
    std::vector<bool>& region_in = e.region_in;
    const std::size_t strings = string_in.size();
    const std::size_t regions = region_in.size();
    std::vector<int>& vital_count = e.vital_count;
    vital_count.assign(strings, 0);
    bool changed = true;
    while (changed) {
        changed = false;
        std::fill(vital_count.begin(), vital_count.end(), 0);
        for (std::size_t r = 0; r < regions; ++r) {
            if (!region_in[r]) continue;
            for (const std::int32_t s : e.vital_to[r]) ++vital_count[static_cast<std::size_t>(s)];
        }
        for (std::size_t s = 0; s < strings; ++s) {
            if (string_in[s] && vital_count[s] < 2) {
                string_in[s] = false;
                changed = true;
            }
        }
        for (std::size_t r = 0; r < regions; ++r) {
            if (!region_in[r]) continue;
            for (const std::int32_t s : e.borders[r]) {
                if (!string_in[static_cast<std::size_t>(s)]) {
                    region_in[r] = false;
                    changed = true;
                    break;
                }
            }
        }
    }
}

// True when `point` touches a stone `own`.
bool touches_colour(const Board& board, Vertex point, Cell own) {
    bool touches = false;
    for (const Vertex n : game::neighbours(point)) {
        touches = touches || (board.on_board(n) && board.at(n) == own);
    }
    return touches;
}

// Whether a region left by Benson's iteration (every bordering string pass-alive, at least
// one), with the points `points`, is pass-alive territory of `own`: every empty point touches
// one of those strings, so the opponent cannot make an eye.
bool pass_alive_territory(const Board& board, Cell own, const LifeOptions& options,
                          std::span<const std::int32_t> points) {
    if (options.one_interior_point) {
        // At most one point of the region (empty or not) touches no stone of c, or the
        // region holds no opponent stone.
        int interior = 0;
        bool opponent = false;
        for (const std::int32_t p : points) {
            const auto v = static_cast<Vertex>(p);
            opponent = opponent || board.at(v) != Cell::empty;
            if (!touches_colour(board, v, own)) ++interior;
        }
        return interior <= 1 || !opponent;
    }
    for (const std::int32_t p : points) {
        const auto v = static_cast<Vertex>(p);
        if (board.at(v) != Cell::empty) continue;
        if (!touches_colour(board, v, own)) return false;
    }
    return true;
}

// Pass-alive strings of colour `c`: marks alive[v] for each of their stones, and territory[v]
// for each point of a region that is pass-alive territory of c.
// `e` is scratch, reused across colours.
void analyse_colour(const Board& board, Color c, const std::vector<Vertex>& all,
                    const LifeOptions& options, Enclosure& e, std::vector<bool>& alive,
                    std::vector<bool>& territory) {
    const Cell own = game::to_cell(c);
    label_strings(board, own, all, e);
    label_regions(board, own, all, e);
    link_regions(board, own, options, e);
    const std::size_t regions = e.region_points.size();
    e.string_in.assign(e.strings, true);
    e.region_in.assign(regions, true);
    drop_until_stable(e);
    const std::vector<bool>& string_in = e.string_in;
    const std::vector<bool>& region_in = e.region_in;
    for (const Vertex v : all) {
        if (board.at(v) == own && string_in[static_cast<std::size_t>(e.string_of[v])]) {
            alive[v] = true;
        }
    }
    for (std::size_t r = 0; r < regions; ++r) {
        if (!region_in[r] || e.borders[r].empty()) continue;
        if (!pass_alive_territory(board, own, options, e.region_points[r])) continue;
        for (const std::int32_t v : e.region_points[r]) territory[static_cast<Vertex>(v)] = true;
    }
}

}  // namespace

LifeAnalysis analyse_life(const Board& board, const LifeOptions& options) {
    LifeAnalysis life;
    life.pass_alive.assign(game::kCells, false);
    life.territory_black.assign(game::kCells, false);
    life.territory_white.assign(game::kCells, false);
    // Per thread, kept between analyses (their per-vertex arrays are written before they are
    // read: no fill needed).
    thread_local std::vector<Vertex> all;
    thread_local Enclosure e;
    list_points(board, all);
    analyse_colour(board, Color::black, all, options, e, life.pass_alive, life.territory_black);
    analyse_colour(board, Color::white, all, options, e, life.pass_alive, life.territory_white);
    for (const Vertex v : all) {
        if ((board.at(v) == Cell::white && life.territory_black[v]) ||
            (board.at(v) == Cell::black && life.territory_white[v])) {
            life.dead.push_back(v);
        }
    }
    return life;
}

bool settled_after_removal(const Board& board, const LifeAnalysis& life) {
    std::vector<bool> seen(game::kCells, false);
    std::vector<Vertex> stack;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex start = game::to_vertex(x, y);
            if (board.at(start) != Cell::empty || seen[start]) continue;
            bool black = false, white = false, all_alive = true;
            seen[start] = true;
            stack.push_back(start);
            while (!stack.empty()) {
                const Vertex v = stack.back();
                stack.pop_back();
                for (const Vertex n : game::neighbours(v)) {
                    if (!board.on_board(n)) continue;
                    const Cell c = board.at(n);
                    if (c == Cell::empty) {
                        if (!seen[n]) {
                            seen[n] = true;
                            stack.push_back(n);
                        }
                        continue;
                    }
                    (c == Cell::black ? black : white) = true;
                    all_alive = all_alive && life.pass_alive[n];
                }
            }
            if (black && white && !all_alive) return false;
        }
    }
    return true;
}

}  // namespace sgfaudit::audit
