// The count drawn: what each point of a scored end position is in its count
// (RulesetResult::count_map): the stones that count, the dead stones, each colour's territory,
// the neutral points, and the regions that are the eyes of stones in seki (J 8's reading, as the
// count reads it: a string with a liberty in a region reaching both colours possesses dame, and
// so does every string of its group, the strings of one colour joined through regions reaching
// that colour only; a region reaching one colour that borders such a string is a seki eye).
// Contract: end_of_game.hpp (EndOfGame::draw_counts).

#include <algorithm>
#include <numeric>

#include "end_of_game.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/life.hpp"

namespace sgfaudit::audit::detail {

namespace {

std::size_t find_root(std::vector<std::size_t>& parent, std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

// The map of `board` once `dead` are removed.
std::vector<PointRole> map_of(const game::Board& board, const std::vector<game::Vertex>& dead) {
    const int w = board.width(), h = board.height();
    std::vector<PointRole> roles(static_cast<std::size_t>(w) * static_cast<std::size_t>(h),
                                 PointRole::neutral);
    const auto at = [w](game::Vertex v) {
        return static_cast<std::size_t>(game::vertex_y(v)) * static_cast<std::size_t>(w) +
               static_cast<std::size_t>(game::vertex_x(v));
    };
    game::Board after = board;
    for (const game::Vertex v : dead) {
        if (!game::is_stone(after.at(v))) continue;
        roles[at(v)] =
            after.at(v) == game::Cell::black ? PointRole::dead_black : PointRole::dead_white;
        after.clear(v);
    }
    // The empty regions of `after`: their colours reached and the strings next to them.
    std::vector<int> region(game::kCells, -1);
    std::vector<std::uint8_t> reach;
    std::vector<std::vector<game::Vertex>> members, stones;
    std::vector<game::Vertex> stack;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Vertex start = game::to_vertex(x, y);
            const game::Cell c = after.at(start);
            if (game::is_stone(c)) {
                if (roles[at(start)] == PointRole::neutral) {
                    roles[at(start)] =
                        c == game::Cell::black ? PointRole::black_stone : PointRole::white_stone;
                }
                continue;
            }
            if (region[start] >= 0) continue;
            const int id = static_cast<int>(reach.size());
            reach.push_back(0);
            members.emplace_back();
            stones.emplace_back();
            region[start] = id;
            stack.assign(1, start);
            while (!stack.empty()) {
                const game::Vertex v = stack.back();
                stack.pop_back();
                members.back().push_back(v);
                for (const game::Vertex n : game::neighbours(v)) {
                    const game::Cell nc = after.at(n);
                    if (nc == game::Cell::empty && region[n] < 0) {
                        region[n] = id;
                        stack.push_back(n);
                    } else if (game::is_stone(nc)) {
                        reach.back() |= nc == game::Cell::black ? 1 : 2;
                        stones.back().push_back(n);
                    }
                }
            }
        }
    }
    // Groups: strings joined through a region that reaches their colour only.
    std::vector<std::size_t> parent(game::kCells);
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    for (std::size_t r = 0; r < reach.size(); ++r) {
        if (reach[r] == 3 || stones[r].empty()) continue;
        const std::size_t first = find_root(parent, after.chain_id(stones[r].front()));
        for (const game::Vertex s : stones[r]) parent[find_root(parent, after.chain_id(s))] = first;
    }
    // J 8: the groups with a liberty in a region reaching both colours (dame).
    std::vector<bool> in_seki(game::kCells, false);
    for (std::size_t r = 0; r < reach.size(); ++r) {
        if (reach[r] != 3) continue;
        for (const game::Vertex s : stones[r]) in_seki[find_root(parent, after.chain_id(s))] = true;
    }
    for (std::size_t r = 0; r < reach.size(); ++r) {
        PointRole role = PointRole::neutral;
        if (reach[r] == 1 || reach[r] == 2) {
            bool seki = false;
            for (const game::Vertex s : stones[r]) {
                seki = seki || in_seki[find_root(parent, after.chain_id(s))];
            }
            const bool black = reach[r] == 1;
            role = seki ? (black ? PointRole::seki_eye_black : PointRole::seki_eye_white)
                        : (black ? PointRole::black_territory : PointRole::white_territory);
        }
        // A dead stone's point keeps its role (it counts in the region it lies in).
        for (const game::Vertex v : members[r]) {
            PointRole& p = roles[at(v)];
            if (p != PointRole::dead_black && p != PointRole::dead_white) p = role;
        }
    }
    return roles;
}

}  // namespace

void EndOfGame::draw_counts() {
    // One map per tally (the same board and dead stones give the same map).
    std::vector<std::pair<int, std::vector<PointRole>>> done;
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        const Lane& l = lanes_[i];
        RulesetResult& r = l.result;
        if (!r.score.scored || l.tally < 0) continue;  // KG score: the rules' own dead stones
        const auto it = std::find_if(done.begin(), done.end(),
                                     [&](const auto& d) { return d.first == l.tally; });
        if (it != done.end()) {
            r.count_map = it->second;
            continue;
        }
        const EndCounts::Tallied& t = counts_.tallied(l.tally);
        const game::Board& b = end_board(l);
        // The judge's dead stones are not kept with its tally: asked again (pure, the same).
        const std::vector<game::Vertex> dead =
            t.tally.judged ? judge_end_position(b, analyse_life(b)).dead : t.tally.removed;
        r.count_map = map_of(b, dead);
        done.emplace_back(l.tally, r.count_map);
    }
}

}  // namespace sgfaudit::audit::detail
