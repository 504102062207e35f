// Benson's unconditional life (life.hpp). Flood fills over the padded vertex grid of game::Board;
// everything is linear in the board's points per round, and a round drops at least one string,
// so the whole is at most quadratic in the number of strings (fine for a finished position,
// which is analysed once per end board).

#include "sgfaudit/audit/life.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace sgfaudit::audit {

namespace {

using game::Board;
using game::Cell;
using game::Color;
using game::Vertex;

constexpr std::int32_t kNone = -1;

// Every on-board vertex of `board`, in vertex order.
std::vector<Vertex> points(const Board& board) {
    std::vector<Vertex> out;
    out.reserve(static_cast<std::size_t>(board.width()) * static_cast<std::size_t>(board.height()));
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) out.push_back(game::to_vertex(x, y));
    }
    return out;
}

// Pass-alive strings of colour `c`: marks alive[v] for each of their stones, and territory[v]
// for each point of a region that is pass-alive territory of c.
void analyse_colour(const Board& board, Color c, const std::vector<Vertex>& all,
                    const LifeOptions& options, std::vector<bool>& alive,
                    std::vector<bool>& territory) {
    const Cell own = game::to_cell(c);
    // Strings of c: id per vertex (the chain head's index among the strings).
    std::vector<std::int32_t> string_of(game::kCells, kNone);
    std::vector<Vertex> heads;
    for (const Vertex v : all) {
        if (board.at(v) != own) continue;
        const Vertex h = board.chain_id(v);
        if (string_of[h] == kNone) {
            string_of[h] = static_cast<std::int32_t>(heads.size());
            heads.push_back(h);
        }
        string_of[v] = string_of[h];
    }
    // c-enclosed regions: connected sets of points without a c stone.
    std::vector<std::int32_t> region_of(game::kCells, kNone);
    std::vector<std::vector<Vertex>> region_points;
    std::vector<Vertex> stack;
    for (const Vertex start : all) {
        if (board.at(start) == own || region_of[start] != kNone) continue;
        const auto id = static_cast<std::int32_t>(region_points.size());
        region_points.emplace_back();
        region_of[start] = id;
        stack.push_back(start);
        while (!stack.empty()) {
            const Vertex v = stack.back();
            stack.pop_back();
            region_points.back().push_back(v);
            for (const Vertex n : game::neighbours(v)) {
                if (!board.on_board(n) || board.at(n) == own || region_of[n] != kNone) continue;
                region_of[n] = id;
                stack.push_back(n);
            }
        }
    }
    const std::size_t strings = heads.size();
    const std::size_t regions = region_points.size();
    // Per region: the strings bordering it, and the strings it is vital to.
    std::vector<std::vector<std::int32_t>> borders(regions), vital_to(regions);
    std::vector<std::int32_t> seen(strings, kNone);
    for (std::size_t r = 0; r < regions; ++r) {
        for (const Vertex v : region_points[r]) {
            for (const Vertex n : game::neighbours(v)) {
                if (!board.on_board(n) || board.at(n) != own) continue;
                const std::int32_t s = string_of[n];
                if (seen[static_cast<std::size_t>(s)] == static_cast<std::int32_t>(r)) continue;
                seen[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(r);
                borders[r].push_back(s);
            }
        }
        // Vital to s: every empty point of the region is a liberty of s (touches s); with
        // options.every_point_vital, every point of the region, stones included, touches s.
        for (const std::int32_t s : borders[r]) {
            bool vital = true;
            for (const Vertex v : region_points[r]) {
                if (board.at(v) != Cell::empty && !options.every_point_vital) continue;
                bool touches = false;
                for (const Vertex n : game::neighbours(v)) {
                    touches = touches || (board.on_board(n) && string_of[n] == s);
                }
                if (!touches) {
                    vital = false;
                    break;
                }
            }
            if (vital) vital_to[r].push_back(s);
        }
    }
    // Benson's iteration.
    std::vector<bool> string_in(strings, true), region_in(regions, true);
    bool changed = true;
    while (changed) {
        changed = false;
        std::vector<int> vital_count(strings, 0);
        for (std::size_t r = 0; r < regions; ++r) {
            if (!region_in[r]) continue;
            for (const std::int32_t s : vital_to[r]) ++vital_count[static_cast<std::size_t>(s)];
        }
        for (std::size_t s = 0; s < strings; ++s) {
            if (string_in[s] && vital_count[s] < 2) {
                string_in[s] = false;
                changed = true;
            }
        }
        for (std::size_t r = 0; r < regions; ++r) {
            if (!region_in[r]) continue;
            for (const std::int32_t s : borders[r]) {
                if (!string_in[static_cast<std::size_t>(s)]) {
                    region_in[r] = false;
                    changed = true;
                    break;
                }
            }
        }
    }
    for (const Vertex v : all) {
        if (board.at(v) == own && string_in[static_cast<std::size_t>(string_of[v])]) {
            alive[v] = true;
        }
    }
    // Pass-alive territory: a region left (every bordering string pass-alive, at least one)
    // whose every empty point touches one of those strings: the opponent cannot make an eye.
    for (std::size_t r = 0; r < regions; ++r) {
        if (!region_in[r] || borders[r].empty()) continue;
        if (options.one_interior_point) {
            // At most one point of the region (empty or not) touches no stone of c, or the
            // region holds no opponent stone.
            int interior = 0;
            bool opponent = false;
            for (const Vertex v : region_points[r]) {
                opponent = opponent || board.at(v) != Cell::empty;
                bool touches = false;
                for (const Vertex n : game::neighbours(v)) {
                    touches = touches || (board.on_board(n) && board.at(n) == own);
                }
                if (!touches) ++interior;
            }
            if (interior <= 1 || !opponent) {
                for (const Vertex v : region_points[r]) territory[v] = true;
            }
            continue;
        }
        bool small = true;
        for (const Vertex v : region_points[r]) {
            if (board.at(v) != Cell::empty) continue;
            bool touches = false;
            for (const Vertex n : game::neighbours(v)) {
                touches = touches || (board.on_board(n) && board.at(n) == own);
            }
            if (!touches) {
                small = false;
                break;
            }
        }
        if (!small) continue;
        for (const Vertex v : region_points[r]) territory[v] = true;
    }
}

}  // namespace

LifeAnalysis analyse_life(const Board& board, const LifeOptions& options) {
    LifeAnalysis life;
    life.pass_alive.assign(game::kCells, false);
    life.territory_black.assign(game::kCells, false);
    life.territory_white.assign(game::kCells, false);
    const std::vector<Vertex> all = points(board);
    analyse_colour(board, Color::black, all, options, life.pass_alive, life.territory_black);
    analyse_colour(board, Color::white, all, options, life.pass_alive, life.territory_white);
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
