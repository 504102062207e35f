// Benson's unconditional life (life.hpp). The regions are found on the board's row masks (a
// bit per point, one word per row): each row's runs of points (maximal sets of adjacent points
// of the row) are labelled in one pass, joined to the runs of the row above that they touch
// (row_runs.hpp, as scoring.cpp counts its regions), and each region is then kept as masks, so
// the points of a large region are never visited one by one except to mark them as territory.
// Benson's rounds drop at least one string each, so they are at most quadratic in the number
// of strings (fine for a finished position, analysed once per end board).

#include "sgfaudit/audit/life.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "point_cells.hpp"
#include "row_runs.hpp"

namespace sgfaudit::audit {

namespace {

using detail::RowRuns;
using game::Board;
using game::Cell;
using game::Color;
using game::Vertex;

constexpr std::int32_t kNone = -1;
using Rows = std::array<std::uint64_t, game::kMaxSide>;

// Lists of lists in one array each (a list's items at [start[i], start[i + 1])): the regions'
// row masks, borders and vital strings without an allocation per region.
template <class T>
struct Lists {
    std::vector<T> items;
    std::vector<std::uint32_t> start{0};
    void close() { start.push_back(static_cast<std::uint32_t>(items.size())); }
    std::size_t size() const { return start.size() - 1; }
    std::span<const T> operator[](std::size_t i) const {
        return std::span<const T>(items).subspan(start[i], start[i + 1] - start[i]);
    }
    void clear() {
        items.clear();
        start.assign(1, 0);
    }
};

// The rows of one position: the stones of each colour, the empty points, and the board's
// width as a mask.
struct Position {
    int width = 0, height = 0;
    std::uint64_t full = 0;
    Rows black{}, white{}, empty{};
};

Position position_of(const Board& board) {
    Position p;
    p.width = board.width();
    p.height = board.height();
    p.full = (std::uint64_t{1} << p.width) - 1;  // a side is at most kMaxSide (52) points
    for (int y = 0; y < p.height; ++y) {
        const auto i = static_cast<std::size_t>(y);
        p.black[i] = board.row_mask(Color::black, y);
        p.white[i] = board.row_mask(Color::white, y);
        p.empty[i] = p.full & ~(p.black[i] | p.white[i]);
    }
    return p;
}

// Benson's graph for one colour c: the strings of c, the c-enclosed regions (connected sets of
// points without a c stone), and which strings border each region and which it is vital to.
// string_of is written for the stones of c only, and read only where the cell holds one.
struct Enclosure {
    std::array<std::int32_t, game::kCells> string_of;  // per stone of c: its string
    std::size_t strings = 0;
    // Per region: its first row and its masks from there (one per row it spans).
    std::vector<int> region_top;
    Lists<std::uint64_t> region_rows;
    Lists<std::int32_t> borders, vital_to;  // per region: strings
    // Scratch of the steps below (kept with the rest: an analysis is made per end board, and
    // the arrays keep their capacity from one to the next on a thread).
    Rows grow{};  // the region being linked (all 0 between regions)
    // The runs of the points without a stone of c (row_runs.hpp), each run's region, and the
    // runs in the order of their regions (region_runs).
    RowRuns runs;
    std::array<std::uint16_t, RowRuns::kMaxRuns> run_region;
    Lists<std::uint16_t> region_runs;
    std::vector<std::int32_t> seen;  // per string, the last region it was seen to border
    std::vector<int> vital_count;    // drop_until_stable: per string
    std::vector<std::uint8_t> string_in, region_in;  // bools, one byte each
};

// Fills e.string_of and e.strings: the strings of colour `own` (numbered in the order of their
// first stone, row by row).
void label_strings(const Board& board, const Rows& own, int height, Enclosure& e) {
    for (int y = 0; y < height; ++y) {
        for (std::uint64_t m = own[static_cast<std::size_t>(y)]; m != 0; m &= m - 1) {
            e.string_of[game::to_vertex(std::countr_zero(m), y)] = kNone;
        }
    }
    e.strings = 0;
    for (int y = 0; y < height; ++y) {
        for (std::uint64_t m = own[static_cast<std::size_t>(y)]; m != 0; m &= m - 1) {
            const Vertex v = game::to_vertex(std::countr_zero(m), y);
            const Vertex h = board.chain_id(v);
            if (e.string_of[h] == kNone) e.string_of[h] = static_cast<std::int32_t>(e.strings++);
            e.string_of[v] = e.string_of[h];
        }
    }
}

// The points next to a stone of `own` (each row: the stones' neighbours in it).
Rows next_to(const Position& p, const Rows& own) {
    Rows out{};
    for (int y = 0; y < p.height; ++y) {
        const auto i = static_cast<std::size_t>(y);
        std::uint64_t m = (own[i] << 1) | (own[i] >> 1);
        if (y > 0) m |= own[i - 1];
        if (y + 1 < p.height) m |= own[i + 1];
        out[i] = m & p.full;
    }
    return out;
}

// Appends to e.borders the strings of `own` next to the region in e.grow (rows [top, bottom]),
// and to e.vital_to those of them it is vital to: every empty point of the region is a
// liberty of the string (touches it); with options.every_point_vital, every point of the
// region, stones included. A region with such a point next to no stone of `own` is vital to
// none; otherwise the strings every such point touches are kept, point by point (at most the
// four of the first); a region without such a point is vital to every string bordering it.
void link_region(const Board& board, Cell own, const Position& p, const Rows& own_rows,
                 const Rows& near_own, const LifeOptions& options, std::int32_t id, int top,
                 int bottom, Enclosure& e) {
    const std::size_t first_border = e.borders.items.size();
    for (int y = std::max(top - 1, 0); y <= std::min(bottom + 1, p.height - 1); ++y) {
        const auto i = static_cast<std::size_t>(y);
        std::uint64_t near = (e.grow[i] << 1) | (e.grow[i] >> 1);
        if (y > 0) near |= e.grow[i - 1];
        if (y + 1 < p.height) near |= e.grow[i + 1];
        for (std::uint64_t m = near & own_rows[i]; m != 0; m &= m - 1) {
            const std::int32_t s = e.string_of[game::to_vertex(std::countr_zero(m), y)];
            if (e.seen[static_cast<std::size_t>(s)] == id) continue;
            e.seen[static_cast<std::size_t>(s)] = id;
            e.borders.items.push_back(s);
        }
    }
    e.borders.close();
    const auto must_touch = [&](std::size_t i) {
        return options.every_point_vital ? e.grow[i] : e.grow[i] & p.empty[i];
    };
    bool any = false, far = false;
    for (int y = top; y <= bottom; ++y) {
        const auto i = static_cast<std::size_t>(y);
        any = any || must_touch(i) != 0;
        far = far || (must_touch(i) & ~near_own[i]) != 0;
    }
    std::array<std::int32_t, 4> kept{};
    int count = 0;
    if (any && !far) {
        bool started = false;
        for (int y = top; y <= bottom && (!started || count > 0); ++y) {
            for (std::uint64_t m = must_touch(static_cast<std::size_t>(y)); m != 0; m &= m - 1) {
                const Vertex v = game::to_vertex(std::countr_zero(m), y);
                std::array<std::int32_t, 4> touched{};
                int touching = 0;
                for (const Vertex n : game::neighbours(v)) {
                    if (board.at(n) == own)
                        touched[static_cast<std::size_t>(touching++)] = e.string_of[n];
                }
                const auto end = touched.begin() + touching;
                if (!started) {
                    started = true;
                    for (auto it = touched.begin(); it != end; ++it) {
                        if (std::find(kept.begin(), kept.begin() + count, *it) ==
                            kept.begin() + count) {
                            kept[static_cast<std::size_t>(count++)] = *it;
                        }
                    }
                } else {
                    count = static_cast<int>(std::remove_if(kept.begin(), kept.begin() + count,
                                                            [&](std::int32_t s) {
                                                                return std::find(touched.begin(),
                                                                                 end, s) == end;
                                                            }) -
                                             kept.begin());
                }
            }
        }
    }
    for (std::size_t i = first_border; i < e.borders.items.size(); ++i) {
        const std::int32_t s = e.borders.items[i];
        if (!any || std::find(kept.begin(), kept.begin() + count, s) != kept.begin() + count) {
            e.vital_to.items.push_back(s);
        }
    }
    e.vital_to.close();
}

// Labels the runs of the points without a stone of `own` (e.runs) and gives each set of them a
// region, numbered in the order of its first run (so of its first point, row by row).
void label_runs(const Position& p, const Rows& own_rows, Enclosure& e) {
    Rows left;
    for (int y = 0; y < p.height; ++y) {
        const auto i = static_cast<std::size_t>(y);
        left[i] = p.full & ~own_rows[i];
    }
    e.runs.label(std::span<const std::uint64_t>(left.data(), static_cast<std::size_t>(p.height)));
    const std::size_t runs = e.runs.size();
    const std::size_t regions = e.runs.number_sets(e.run_region);
    // The runs by region (a counting sort: each region's runs stay in row order).
    std::vector<std::uint32_t>& start = e.region_runs.start;
    start.assign(regions + 1, 0);
    for (std::size_t i = 0; i < runs; ++i) ++start[e.run_region[i] + 1u];
    for (std::size_t r = 0; r < regions; ++r) start[r + 1] += start[r];
    e.region_runs.items.resize(runs);
    for (std::size_t i = 0; i < runs; ++i) {
        e.region_runs.items[start[e.run_region[i]]++] = static_cast<std::uint16_t>(i);
    }
    for (std::size_t r = regions; r > 0; --r) start[r] = start[r - 1];
    start[0] = 0;
}

// Fills e.region_top and e.region_rows with the regions enclosed by `own` (label_runs), and
// e.borders and e.vital_to (link_region).
void find_regions(const Board& board, Cell own, const Position& p, const Rows& own_rows,
                  const Rows& near_own, const LifeOptions& options, Enclosure& e) {
    e.region_top.clear();
    e.region_rows.clear();
    e.borders.clear();
    e.vital_to.clear();
    e.seen.assign(e.strings, kNone);
    label_runs(p, own_rows, e);
    for (std::size_t r = 0; r < e.region_runs.size(); ++r) {
        const std::span<const std::uint16_t> runs = e.region_runs[r];
        const int top = e.runs.row(runs.front()), bottom = e.runs.row(runs.back());
        for (const std::uint16_t i : runs) {
            e.grow[static_cast<std::size_t>(e.runs.row(i))] |= e.runs.mask(i);
        }
        link_region(board, own, p, own_rows, near_own, options, static_cast<std::int32_t>(r), top,
                    bottom, e);
        e.region_top.push_back(top);
        for (int y = top; y <= bottom; ++y) {
            const auto i = static_cast<std::size_t>(y);
            e.region_rows.items.push_back(e.grow[i]);
            e.grow[i] = 0;
        }
        e.region_rows.close();
    }
}

// Benson's iteration: drops every string with fewer than two vital regions left, and every
// region bordered by a dropped string, until nothing changes. e.string_in and e.region_in come in
// all true; what is left true is pass-alive (strings) and the regions of their eyes.
void drop_until_stable(Enclosure& e) {
    std::vector<std::uint8_t>& string_in = e.string_in;
    std::vector<std::uint8_t>& region_in = e.region_in;
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
                string_in[s] = 0;
                changed = true;
            }
        }
        for (std::size_t r = 0; r < regions; ++r) {
            if (!region_in[r]) continue;
            for (const std::int32_t s : e.borders[r]) {
                if (!string_in[static_cast<std::size_t>(s)]) {
                    region_in[r] = 0;
                    changed = true;
                    break;
                }
            }
        }
    }
}

// Whether a region left by Benson's iteration (every bordering string pass-alive, at least
// one), with the masks `rows` from row `top`, is pass-alive territory of its colour, whose
// stones are next to the points `near_own`: every empty point touches one of those strings,
// so the opponent cannot make an eye.
bool pass_alive_territory(const Position& p, const Rows& near_own, const LifeOptions& options,
                          int top, std::span<const std::uint64_t> rows) {
    if (options.one_interior_point) {
        // At most one point of the region (empty or not) touches no stone of c, or the
        // region holds no opponent stone.
        int interior = 0;
        bool opponent = false;
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const std::size_t i = static_cast<std::size_t>(top) + k;
            opponent = opponent || (rows[k] & ~p.empty[i]) != 0;
            interior += std::popcount(rows[k] & ~near_own[i]);
        }
        return interior <= 1 || !opponent;
    }
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const std::size_t i = static_cast<std::size_t>(top) + k;
        if ((rows[k] & p.empty[i] & ~near_own[i]) != 0) return false;
    }
    return true;
}

// Pass-alive strings of colour `c`: marks alive[v] for each of their stones, and territory[v]
// for each point of a region that is pass-alive territory of c.
// `e` is scratch, reused across colours.
void analyse_colour(const Board& board, Color c, const Position& p, const LifeOptions& options,
                    Enclosure& e, std::vector<bool>& alive, std::vector<bool>& territory) {
    const Cell own = game::to_cell(c);
    const Rows& own_rows = c == Color::black ? p.black : p.white;
    const Rows near_own = next_to(p, own_rows);
    label_strings(board, own_rows, p.height, e);
    find_regions(board, own, p, own_rows, near_own, options, e);
    const std::size_t regions = e.region_top.size();
    e.string_in.assign(e.strings, 1);
    e.region_in.assign(regions, 1);
    drop_until_stable(e);
    for (int y = 0; y < p.height; ++y) {
        for (std::uint64_t m = own_rows[static_cast<std::size_t>(y)]; m != 0; m &= m - 1) {
            const Vertex v = game::to_vertex(std::countr_zero(m), y);
            if (e.string_in[static_cast<std::size_t>(e.string_of[v])]) alive[v] = true;
        }
    }
    for (std::size_t r = 0; r < regions; ++r) {
        if (!e.region_in[r] || e.borders[r].empty()) continue;
        const int top = e.region_top[r];
        const std::span<const std::uint64_t> rows = e.region_rows[r];
        if (!pass_alive_territory(p, near_own, options, top, rows)) continue;
        for (std::size_t k = 0; k < rows.size(); ++k) {
            for (std::uint64_t m = rows[k]; m != 0; m &= m - 1) {
                territory[game::to_vertex(std::countr_zero(m), top + static_cast<int>(k))] = true;
            }
        }
    }
}

}  // namespace

LifeAnalysis analyse_life(const Board& board, const LifeOptions& options) {
    LifeAnalysis life;
    life.pass_alive.assign(game::kCells, false);
    life.territory_black.assign(game::kCells, false);
    life.territory_white.assign(game::kCells, false);
    // Per thread, kept between analyses (string_of is written before it is read; grow is all
    // 0 between regions).
    thread_local Enclosure e;
    const Position p = position_of(board);
    analyse_colour(board, Color::black, p, options, e, life.pass_alive, life.territory_black);
    analyse_colour(board, Color::white, p, options, e, life.pass_alive, life.territory_white);
    for (int y = 0; y < p.height; ++y) {
        const auto i = static_cast<std::size_t>(y);
        for (std::uint64_t m = p.black[i] | p.white[i]; m != 0; m &= m - 1) {
            const Vertex v = game::to_vertex(std::countr_zero(m), y);
            if ((board.at(v) == Cell::white && life.territory_black[v]) ||
                (board.at(v) == Cell::black && life.territory_white[v])) {
                life.dead.push_back(v);
            }
        }
    }
    return life;
}

bool settled_after_removal(const Board& board, const LifeAnalysis& life) {
    // Kept per thread from board to board (ARCHITECTURE.md), reset here.
    thread_local std::vector<bool> seen;
    thread_local std::vector<Vertex> stack;
    detail::reset_cells(seen, board, false);
    stack.clear();
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
