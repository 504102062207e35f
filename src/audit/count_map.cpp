// The count drawn: what each point of a scored end position is in its count
// (RulesetResult::count_map): the stones that count, the dead stones, each colour's territory,
// the neutral points, and the regions that are the eyes of stones in seki (J 8's reading, as the
// count reads it: a string with a liberty in a region reaching both colours possesses dame, and
// so does every string of its group, the strings of one colour joined through regions reaching
// that colour only; a region reaching one colour that borders such a string is a seki eye).
// Contract: end_of_game.hpp (EndOfGame::draw_counts).

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "end_of_game.hpp"

namespace sgfaudit::audit::detail {

namespace {

game::Vertex find_root(std::array<game::Vertex, game::kCells>& parent, game::Vertex i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

// The empty regions of a board, each a list of points and a list of the stones next to them
// (with repeats), in one array each (region r's at [start[r], start[r + 1])), and the colours
// it reaches (bit 1 Black, bit 2 White).
struct EmptyRegions {
    std::vector<game::Vertex> members, stones;
    std::vector<std::uint32_t> member_start{0}, stone_start{0};
    std::vector<std::uint8_t> reach;
    std::size_t size() const { return reach.size(); }
    std::span<const game::Vertex> members_of(std::size_t r) const {
        return std::span<const game::Vertex>(members).subspan(
            member_start[r], member_start[r + 1] - member_start[r]);
    }
    std::span<const game::Vertex> stones_of(std::size_t r) const {
        return std::span<const game::Vertex>(stones).subspan(stone_start[r],
                                                             stone_start[r + 1] - stone_start[r]);
    }
};

// The empty regions of `board` (points in row order give the regions' order), into `out`
// (its arrays keep their capacity from one board to the next: a map is drawn per end board).
void empty_regions(const game::Board& board, EmptyRegions& out) {
    out.members.clear();
    out.stones.clear();
    out.member_start.assign(1, 0);
    out.stone_start.assign(1, 0);
    out.reach.clear();
    // Per point: its region. Written for the board's points only (a border cell is never
    // empty, so it is never read).
    std::array<std::int32_t, game::kCells> region;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) region[game::to_vertex(x, y)] = -1;
    }
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const game::Vertex start = game::to_vertex(x, y);
            if (board.at(start) != game::Cell::empty || region[start] >= 0) continue;
            const auto id = static_cast<std::int32_t>(out.reach.size());
            std::uint8_t reach = 0;
            // The region's members are its own queue: each appended once, then its neighbours.
            std::size_t next = out.members.size();
            region[start] = id;
            out.members.push_back(start);
            while (next < out.members.size()) {
                const game::Vertex v = out.members[next++];
                for (const game::Vertex n : game::neighbours(v)) {
                    const game::Cell nc = board.at(n);
                    if (nc == game::Cell::empty && region[n] < 0) {
                        region[n] = id;
                        out.members.push_back(n);
                    } else if (game::is_stone(nc)) {
                        reach |= nc == game::Cell::black ? 1 : 2;
                        out.stones.push_back(n);
                    }
                }
            }
            out.reach.push_back(reach);
            out.member_start.push_back(static_cast<std::uint32_t>(out.members.size()));
            out.stone_start.push_back(static_cast<std::uint32_t>(out.stones.size()));
        }
    }
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
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Cell c = after.at(game::to_vertex(x, y));
            PointRole& role = roles[static_cast<std::size_t>(y * w + x)];
            if (game::is_stone(c) && role == PointRole::neutral) {
                role = c == game::Cell::black ? PointRole::black_stone : PointRole::white_stone;
            }
        }
    }
    thread_local EmptyRegions scratch;
    empty_regions(after, scratch);
    const EmptyRegions& regions = scratch;
    // Groups: strings joined through a region that reaches their colour only (a string is
    // named by its chain head, a point of the board).
    std::array<game::Vertex, game::kCells> parent;
    std::array<bool, game::kCells> in_seki;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Vertex v = game::to_vertex(x, y);
            parent[v] = v;
            in_seki[v] = false;
        }
    }
    for (std::size_t r = 0; r < regions.size(); ++r) {
        const std::span<const game::Vertex> stones = regions.stones_of(r);
        if (regions.reach[r] == 3 || stones.empty()) continue;
        const game::Vertex first = find_root(parent, after.chain_id(stones.front()));
        for (const game::Vertex s : stones) parent[find_root(parent, after.chain_id(s))] = first;
    }
    // J 8: the groups with a liberty in a region reaching both colours (dame).
    for (std::size_t r = 0; r < regions.size(); ++r) {
        if (regions.reach[r] != 3) continue;
        for (const game::Vertex s : regions.stones_of(r)) {
            in_seki[find_root(parent, after.chain_id(s))] = true;
        }
    }
    for (std::size_t r = 0; r < regions.size(); ++r) {
        PointRole role = PointRole::neutral;
        if (regions.reach[r] == 1 || regions.reach[r] == 2) {
            bool seki = false;
            for (const game::Vertex s : regions.stones_of(r)) {
                seki = seki || in_seki[find_root(parent, after.chain_id(s))];
            }
            const bool black = regions.reach[r] == 1;
            role = seki ? (black ? PointRole::seki_eye_black : PointRole::seki_eye_white)
                        : (black ? PointRole::black_territory : PointRole::white_territory);
        }
        // A dead stone's point keeps its role (it counts in the region it lies in).
        for (const game::Vertex v : regions.members_of(r)) {
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
    // The chosen rulesets' lanes only (called once the record check's own lane is dropped).
    for (std::size_t i = 0; i < std::min(lanes_.size(), chosen_); ++i) {
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
        // Every tally lists the stones it removed (the judge's dead stones too).
        r.count_map = map_of(b, t.tally.removed);
        done.emplace_back(l.tally, r.count_map);
    }
}

}  // namespace sgfaudit::audit::detail
