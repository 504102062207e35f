// The count drawn: what each point of a scored end position is in its count
// (RulesetResult::count_map), as the count took it: the stones that count, the dead stones, each
// colour's territory (the markup's, R11, for a markup count), the neutral points, and under
// seki-eyes=neutral the points of one-colour regions that R19 takes from their owner
// (japanese_count.cpp): the eyes of stones in seki and the points an owner must fill.
// Contract: end_of_game.hpp (EndOfGame::draw_counts).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "end_of_game.hpp"
#include "row_runs.hpp"
#include "scoring.hpp"

namespace sgfaudit::audit::detail {

namespace {

// The roles of the points of `after` (the end board once the removed stones are gone) that
// are not dead stones (already in `roles`), as map_of says.
void fill_map(const game::Board& after, const Tally& tally, bool seki_read,
              const sgf::GameRecord& rec, bool neutral, std::vector<PointRole>& roles) {
    const int w = after.width(), h = after.height();
    const auto at = [w](game::Vertex v) {
        return static_cast<std::size_t>(game::vertex_y(v)) * static_cast<std::size_t>(w) +
               static_cast<std::size_t>(game::vertex_x(v));
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Cell c = after.at(game::to_vertex(x, y));
            PointRole& role = roles[static_cast<std::size_t>(y * w + x)];
            if (game::is_stone(c) && role == PointRole::neutral) {
                role = c == game::Cell::black ? PointRole::black_stone : PointRole::white_stone;
            }
        }
    }
    const auto set = [&](game::Vertex v, PointRole role) {
        PointRole& p = roles[at(v)];
        if (p != PointRole::dead_black && p != PointRole::dead_white) p = role;
    };
    if (tally.markup) {
        // tally_markup: a point marked for one colour only, empty once the dead stones are gone.
        std::vector<std::uint8_t> mark(game::kCells, 0);  // bit 1: TB, bit 2: TW
        for (const sgf::Point& p : rec.territory_black) {
            const game::Vertex v = game::to_vertex(p.x, p.y);
            if (after.on_board(v)) mark[v] |= 1;
        }
        for (const sgf::Point& p : rec.territory_white) {
            const game::Vertex v = game::to_vertex(p.x, p.y);
            if (after.on_board(v)) mark[v] |= 2;
        }
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const game::Vertex v = game::to_vertex(x, y);
                if (after.at(v) != game::Cell::empty) continue;
                set(v, mark[v] == 1   ? PointRole::black_territory
                       : mark[v] == 2 ? PointRole::white_territory
                                      : PointRole::neutral);
            }
        }
        return;
    }
    // The empty regions by runs of their rows (row_runs.hpp), as the count finds them.
    EmptyRegionRuns regions;
    regions.label(w, h, rows_of(after, game::Color::black), rows_of(after, game::Color::white));
    // R19's points are read only where they change the count (seki-eyes=neutral): under the
    // other readings the eyes of stones in seki are territory and drawn as such.
    std::vector<std::uint8_t> taken;
    if (seki_read && neutral) japanese_points(after, taken);
    for (std::size_t i = 0; i < regions.runs.size(); ++i) {
        const std::uint8_t reach = regions.reach[regions.runs.root(static_cast<std::uint16_t>(i))];
        const bool black = reach == 1;
        const bool one_colour = black || reach == 2;
        const int y = regions.runs.row(i);
        for (std::uint64_t m = regions.runs.mask(i); m != 0; m &= m - 1) {
            const game::Vertex v = game::to_vertex(std::countr_zero(m), y);
            PointRole role = PointRole::neutral;
            if (one_colour) {
                const bool seki = !taken.empty() && taken[v] != 0;
                role = seki ? (black ? PointRole::seki_eye_black : PointRole::seki_eye_white)
                            : (black ? PointRole::black_territory : PointRole::white_territory);
            }
            set(v, role);
        }
    }
}

// The map of `board` once the stones `tally` removed are gone, as `tally` counted it:
// - a markup count (R11): territory is the final node's TB/TW on the points empty once the dead
//   stones are removed (tally_markup), every other empty point neutral;
// - else each empty region reaching one colour is that colour's, a region reaching both (or
//   none) neutral; under seki-eyes=neutral (`neutral`), where the count read seki
//   (`seki_read`), the points R19 takes from their owner (japanese_points: the eyes of stones
//   in seki and the points an owner must fill) are no one's, drawn as seki eyes.
// A dead stone's point keeps its role (it counts in the region it lies in).
std::vector<PointRole> map_of(const game::Board& board, const Tally& tally, bool seki_read,
                              const sgf::GameRecord& rec, bool neutral) {
    const int w = board.width();
    std::vector<PointRole> roles(
        static_cast<std::size_t>(w) * static_cast<std::size_t>(board.height()), PointRole::neutral);
    bool any = false;
    for (const game::Vertex v : tally.removed) {
        if (!game::is_stone(board.at(v))) continue;
        any = true;
        roles[static_cast<std::size_t>(game::vertex_y(v)) * static_cast<std::size_t>(w) +
              static_cast<std::size_t>(game::vertex_x(v))] =
            board.at(v) == game::Cell::black ? PointRole::dead_black : PointRole::dead_white;
    }
    // The board once they are gone: copied (some 27 KB) only when there are some.
    if (!any) {
        fill_map(board, tally, seki_read, rec, neutral, roles);
        return roles;
    }
    game::Board after = board.copy();
    for (const game::Vertex v : tally.removed) {
        if (game::is_stone(after.at(v))) after.clear(v);
    }
    fill_map(after, tally, seki_read, rec, neutral, roles);
    return roles;
}

}  // namespace

void EndOfGame::draw_counts(std::optional<RulesetResult> own) {
    // One map per tally and reading of the points an owner must fill (the same board, dead
    // stones and reading give the same map).
    struct Drawn {
        int tally;
        bool neutral;
        std::vector<PointRole> map;
    };
    std::vector<Drawn> done;
    const auto map_for = [&](const Lane& l, const Ruleset& r) -> const std::vector<PointRole>& {
        const bool neutral = r.seki_eyes == SekiEyes::neutral;
        for (const Drawn& d : done) {
            if (d.tally == l.tally && d.neutral == neutral) return d.map;
        }
        // Every tally lists the stones it removed (the judge's dead stones too).
        const EndCounts::Tallied& t = counts_.tallied(l.tally);
        done.push_back(
            {l.tally, neutral, map_of(end_board(l), t.tally, t.seki_read, rec_, neutral)});
        return done.back().map;
    };
    // KG score (the rules' own dead stones: no tally) and KG tax (which regions live
    // independently is not drawn): no map.
    const auto drawable = [](const Lane& l, const RulesetResult& r) {
        return r.score.scored && l.tally >= 0 && r.ruleset.seki_eyes != SekiEyes::independent &&
               r.ruleset.seki_eyes != SekiEyes::taxed;
    };
    // The chosen rulesets' lanes only (called once the record check's own lane is dropped).
    for (std::size_t i = 0; i < std::min(lanes_.size(), chosen_); ++i) {
        const Lane& l = lanes_[i];
        if (drawable(l, l.result)) l.result.count_map = map_for(l, l.result.ruleset);
    }
    // RU's own lane: its result was copied into `own` before the lane's result was dropped
    // (the lane's reference to it is not read).
    if (!own || !ru_lane_) return;
    const Lane& l = lanes_[*ru_lane_];
    if (!drawable(l, *own)) return;
    own->count_map = map_for(l, own->ruleset);
    out_.record.own_count = std::move(own);
}

}  // namespace sgfaudit::audit::detail
