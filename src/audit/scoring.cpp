// Tallying a position under one ruleset (rules.md 5): stones, territory, dead stones and the
// readings of seki, with every term kept for the report. The Score of a tally (area, territory
// and the FFG quick count) is score_tally.cpp's.

#include "scoring.hpp"

#include <array>
#include <bit>
#include <cassert>
#include <optional>
#include <span>
#include <vector>

#include "row_runs.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/life.hpp"

namespace sgfaudit::audit::detail {

namespace {

// Territory (AGA 12; TT 9 "empty points that reach only her colour"): every maximal connected
// set of empty points is scored for C when every stone adjacent to it is C. A region touching no
// stone at all (an empty board) is neutral.
//
// The empty regions of a w x h position given by its rows of stones, by whom they reach
// (count_regions below; row_runs.hpp's EmptyRegionRuns).
void count_region_rows(int w, int h, const RowMasks& black, const RowMasks& white, Tally& t) {
    EmptyRegionRuns regions;
    regions.label(w, h, black, white);
    for (std::size_t i = 0; i < regions.runs.size(); ++i) {
        if (!regions.runs.is_root(i)) continue;
        if (regions.reach[i] == 1) {
            t.black_territory += regions.size[i];
        } else if (regions.reach[i] == 2) {
            t.white_territory += regions.size[i];
        } else {
            t.neutral += regions.size[i];
        }
    }
}

void count_regions(const game::Board& board, Tally& t) {
    count_region_rows(board.width(), board.height(), rows_of(board, game::Color::black),
                      rows_of(board, game::Color::white), t);
}

// KataGo's reading of seki (KG tax), on `board`, the board left once dead stones are removed
// (J 8's reading, R19, is count_japanese in japanese_count.cpp): an empty region reaching both
// colours is neutral (dame). KataGo's regions of independent life. A region is the stones of one
// colour with the territory they surround, joined where adjacent: the group above with its eyes. It
// is not independently alive when a string of it has a liberty in a dame region or is in atari on
// `original` (the board as the game ended, dead stones still there); its territory is added to
// black_dependent_eyes / white_dependent_eyes, and every other region is counted in
// black_regions / white_regions (seki-eyes=taxed makes each pay two points). Flood fills.
class SekiReading {
  public:
    // Labels the empty regions of `board`; `original` is the board as the game ended.
    SekiReading(const game::Board& board, const game::Board& original)
        : board_(board), original_(original) {
        label_regions();
    }

    // Marks the strings in seki: those next to dame, with `atari` those in atari on `original`
    // too, then the strings joined to them through one-colour regions, and those regions.
    void mark_seki(bool atari) {
        std::fill(in_seki_.begin(), in_seki_.end(), false);
        for (Region& r : regions_) r.seki = false;
        for (const Region& r : regions_) {
            if (r.reach != 3) continue;
            for (const game::Vertex s : r.stones) mark(s);
        }
        if (atari) {
            for (int y = 0; y < board_.height(); ++y) {
                for (int x = 0; x < board_.width(); ++x) {
                    const game::Vertex v = game::to_vertex(x, y);
                    if (game::is_stone(board_.at(v)) && !in_seki_[v] &&
                        original_.chain_liberties(v, 2) == 1) {
                        mark(v);
                    }
                }
            }
        }
        while (!strings_.empty()) {
            const game::Vertex v = strings_.back();
            strings_.pop_back();
            for (const game::Vertex n : game::neighbours(v)) {
                if (board_.at(n) != game::Cell::empty) continue;
                Region& r = regions_[static_cast<std::size_t>(region_[n])];
                if (r.reach == 3 || r.seki) continue;
                r.seki = true;
                for (const game::Vertex s : r.stones) mark(s);
            }
        }
    }

    // Adds the territory of the regions in seki to black_dependent_eyes / white_dependent_eyes.
    void count_dependent_eyes(Tally& t) const {
        for (const Region& r : regions_) {
            if (r.seki) (r.reach == 1 ? t.black_dependent_eyes : t.white_dependent_eyes) += r.size;
        }
    }

    // Counts the regions of independent life in black_regions / white_regions: the stones not
    // in seki, joined where adjacent and through the one-colour regions next to them (none of
    // which is in seki).
    void count_independent_regions(Tally& t) {
        std::vector<bool> seen(game::kCells, false);
        std::vector<bool> region_seen(regions_.size(), false);
        for (int y = 0; y < board_.height(); ++y) {
            for (int x = 0; x < board_.width(); ++x) {
                const game::Vertex start = game::to_vertex(x, y);
                const game::Cell colour = board_.at(start);
                if (!game::is_stone(colour) || in_seki_[start] || seen[start]) continue;
                ++(colour == game::Cell::black ? t.black_regions : t.white_regions);
                seen[start] = true;
                stack_.assign(1, start);
                while (!stack_.empty()) {
                    const game::Vertex v = stack_.back();
                    stack_.pop_back();
                    for (const game::Vertex n : game::neighbours(v)) {
                        const game::Cell c = board_.at(n);
                        if (c == colour && !seen[n]) {
                            seen[n] = true;
                            stack_.push_back(n);
                        } else if (c == game::Cell::empty) {
                            const auto id = static_cast<std::size_t>(region_[n]);
                            if (region_seen[id] || regions_[id].reach == 3) continue;
                            region_seen[id] = true;
                            for (const game::Vertex s : regions_[id].stones) {
                                if (!seen[s]) {
                                    seen[s] = true;
                                    stack_.push_back(s);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

  private:
    struct Region {
        std::uint8_t reach = 0;            // 1: a black stone next to it, 2: a white one
        std::vector<game::Vertex> stones;  // the stones next to it (with repeats)
        int size = 0;
        bool seki = false;  // reaches one colour and borders a string in seki
    };

    // Region number of every empty point (0: none yet), and the stones next to each region.
    void label_regions() {
        for (int y = 0; y < board_.height(); ++y) {
            for (int x = 0; x < board_.width(); ++x) {
                const game::Vertex start = game::to_vertex(x, y);
                if (board_.at(start) != game::Cell::empty || region_[start] != 0) continue;
                const int id = static_cast<int>(regions_.size());
                regions_.emplace_back();
                Region& r = regions_.back();
                region_[start] = id;
                stack_.assign(1, start);
                while (!stack_.empty()) {
                    const game::Vertex v = stack_.back();
                    stack_.pop_back();
                    ++r.size;
                    for (const game::Vertex n : game::neighbours(v)) {
                        const game::Cell c = board_.at(n);
                        if (c == game::Cell::empty) {
                            if (region_[n] == 0) {
                                region_[n] = id;
                                stack_.push_back(n);
                            }
                        } else if (game::is_stone(c)) {
                            r.reach |= c == game::Cell::black ? 1 : 2;
                            r.stones.push_back(n);
                        }
                    }
                }
            }
        }
    }

    // Marks in seki the string at s (unless it already is), queueing its stones in strings_.
    void mark(game::Vertex s) {
        if (in_seki_[s]) return;
        const game::Cell colour = board_.at(s);
        in_seki_[s] = true;
        strings_.push_back(s);
        stack_.assign(1, s);
        while (!stack_.empty()) {
            const game::Vertex v = stack_.back();
            stack_.pop_back();
            for (const game::Vertex n : game::neighbours(v)) {
                if (board_.at(n) == colour && !in_seki_[n]) {
                    in_seki_[n] = true;
                    strings_.push_back(n);
                    stack_.push_back(n);
                }
            }
        }
    }

    const game::Board& board_;
    const game::Board& original_;
    std::vector<int> region_ = std::vector<int>(game::kCells, 0);  // per vertex, 0: no region
    std::vector<game::Vertex> stack_;
    std::vector<Region> regions_ = std::vector<Region>(1);                // 0: not a region
    std::vector<bool> in_seki_ = std::vector<bool>(game::kCells, false);  // per vertex
    std::vector<game::Vertex> strings_;  // strings newly in seki whose regions are not yet seen
};

// Adds KataGo's reading of seki on `board` to `t` (SekiReading above).
void count_seki(const game::Board& board, const game::Board& original, Tally& t) {
    SekiReading reading(board, original);
    reading.mark_seki(true);
    reading.count_dependent_eyes(t);
    reading.count_independent_regions(t);
}

// Counts `board` (dead stones already removed from it; `original` is the board as the game
// ended) with the readings of seki `seki` asks for; they only matter when the board has some
// territory.
void count_board(const game::Board& board, const game::Board& original, Tally& t,
                 SekiReadings seki) {
    count_regions(board, t);
    const bool territory = t.black_territory + t.white_territory > 0;
    if (seki.kg && territory) count_seki(board, original, t);
    if (seki.j8 && territory) count_japanese(board, t);
    t.black_stones = board.stones(game::Color::black);
    t.white_stones = board.stones(game::Color::white);
}

}  // namespace

RowMasks rows_of(const game::Board& board, game::Color c) {
    RowMasks rows{};
    for (int y = 0; y < board.height(); ++y)
        rows[static_cast<std::size_t>(y)] = board.row_mask(c, y);
    return rows;
}

Tally tally_regions_without(const game::Board& board, std::span<const game::Vertex> removed) {
    Tally t;
    RowMasks black = rows_of(board, game::Color::black), white = rows_of(board, game::Color::white);
    for (const game::Vertex v : removed) {
        const game::Cell c = board.at(v);
        if (!game::is_stone(c)) continue;
        RowMasks& rows = c == game::Cell::black ? black : white;
        const std::uint64_t bit = std::uint64_t{1} << game::vertex_x(v);
        std::uint64_t& row = rows[static_cast<std::size_t>(game::vertex_y(v))];
        if ((row & bit) == 0) continue;  // listed twice
        row &= ~bit;
        ++(c == game::Cell::black ? t.dead_black : t.dead_white);
    }
    count_region_rows(board.width(), board.height(), black, white, t);
    t.black_stones = board.stones(game::Color::black) - t.dead_black;
    t.white_stones = board.stones(game::Color::white) - t.dead_white;
    return t;
}

Tally region_terms(const Tally& t) {
    Tally out;
    out.black_stones = t.black_stones;
    out.white_stones = t.white_stones;
    out.dead_black = t.dead_black;
    out.dead_white = t.dead_white;
    out.black_territory = t.black_territory;
    out.white_territory = t.white_territory;
    out.neutral = t.neutral;
    return out;
}

bool same_region_terms(const Tally& a, const Tally& b) {
    return a.black_stones == b.black_stones && a.white_stones == b.white_stones &&
           a.dead_black == b.dead_black && a.dead_white == b.dead_white &&
           a.black_territory == b.black_territory && a.white_territory == b.white_territory &&
           a.neutral == b.neutral;
}

void add_japanese_reading(const game::Board& board, std::span<const game::Vertex> removed,
                          Tally& t) {
    if (t.black_territory + t.white_territory == 0) return;
    bool any = false;
    for (const game::Vertex v : removed) any = any || game::is_stone(board.at(v));
    if (!any) {
        count_japanese(board, t);
        return;
    }
    game::Board after = board.copy();
    for (const game::Vertex v : removed) {
        if (game::is_stone(after.at(v))) after.clear(v);
    }
    count_japanese(after, t);
}

// Calls f with `board` less the stones of `dead` (distinct points): a copy of the board (some
// 27 KB) only when there are some to take off, which most end boards of Benson's analysis have
// not.
template <class F>
decltype(auto) without_stones(const game::Board& board, std::span<const game::Vertex> dead, F&& f) {
    if (dead.empty()) return f(board);
    game::Board after = board.copy();
    for (const game::Vertex v : dead) after.clear(v);
    return f(static_cast<const game::Board&>(after));
}

// The stones of `dead` on `board`, by colour, into t.dead_black and t.dead_white.
void count_dead(const game::Board& board, std::span<const game::Vertex> dead, Tally& t) {
    for (const game::Vertex v : dead) {
        (board.at(v) == game::Cell::black ? t.dead_black : t.dead_white) += 1;
    }
}

Tally tally_position(const game::Board& board, const DeadStones& dead, SekiReadings seki) {
    Tally t;
    if (dead.policy == DeadPolicy::pass_alive) {
        // Benson (life.hpp): the stones inside the opponent's pass-alive territory.
        const LifeAnalysis life = analyse_life(board);
        count_dead(board, life.dead, t);
        return without_stones(board, life.dead, [&](const game::Board& after) -> Tally {
            t.unsettled = settled_after_removal(after, life)
                              ? undecided_group(after, life.pass_alive)
                              : Unsettled::dame;
            t.settled = t.unsettled == Unsettled::no;
            if (!t.settled && dead.judge) {
                // The judge's tier. Unsure strings leave Benson's count (and its reason).
                std::optional<EndJudgement> made;
                const EndJudgement& judged = dead.judgement
                                                 ? dead.judgement(life)
                                                 : made.emplace(judge_end_position(board, life));
                if (judged.settled()) {
                    Tally j;
                    j.judged = true;
                    count_dead(board, judged.dead, j);
                    without_stones(board, judged.dead, [&](const game::Board& cleared) {
                        count_board(cleared, board, j, seki);
                    });
                    // The judge's dead stones, for what reads them again: R12's subsets, R18's
                    // readings of the same count.
                    j.removed = judged.dead;
                    return j;
                }
            }
            count_board(after, board, t, seki);
            t.removed = life.dead;
            return t;
        });
    }
    bool any = false;
    for (game::Vertex v : dead.points) any = any || game::is_stone(board.at(v));
    if (!any) {
        count_board(board, board, t, seki);
        return t;
    }
    game::Board after = board.copy();
    for (game::Vertex v : dead.points) {
        const game::Cell c = after.at(v);
        if (!game::is_stone(c)) continue;
        int removed = 0;
        if (dead.policy == DeadPolicy::list) {
            removed = after.remove_string(v);
        } else {
            after.clear(v);
            removed = 1;
        }
        (c == game::Cell::black ? t.dead_black : t.dead_white) += removed;
    }
    count_board(after, board, t, seki);
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const game::Vertex v = game::to_vertex(x, y);
            if (game::is_stone(board.at(v)) && after.at(v) == game::Cell::empty) {
                t.removed.push_back(v);
            }
        }
    }
    return t;
}

Tally tally_markup(const game::Board& board, const std::vector<game::Vertex>& dead,
                   const std::vector<game::Vertex>& marked_black,
                   const std::vector<game::Vertex>& marked_white) {
    Tally t = tally_position(board, DeadStones{DeadPolicy::markup, dead}, SekiReadings{});
    t.markup = true;
    t.recount_black_territory = t.black_territory;
    t.recount_white_territory = t.white_territory;
    const int empty = t.black_territory + t.white_territory + t.neutral;
    // The board after removal: a marked point is empty there when it is empty on the board or
    // holds a dead stone (every stone on a point marked for the opponent).
    std::vector<std::uint8_t> mark(game::kCells, 0);  // bit 1: TB, bit 2: TW
    for (const game::Vertex v : marked_black)
        if (board.on_board(v)) mark[v] |= 1;
    for (const game::Vertex v : marked_white)
        if (board.on_board(v)) mark[v] |= 2;
    int black = 0, white = 0;
    for (game::Vertex v = 0; v < game::kCells; ++v) {
        if (mark[v] != 1 && mark[v] != 2) continue;
        const game::Cell c = board.at(v);
        const bool black_mark = mark[v] == 1;
        // Empty after removal: empty, or the opponent's stone there (dead by the same markup).
        const bool empty_after = c == game::Cell::empty ||
                                 (black_mark ? c == game::Cell::white : c == game::Cell::black);
        if (!empty_after) continue;
        ++(black_mark ? black : white);
    }
    t.black_territory = black;
    t.white_territory = white;
    t.neutral = empty - black - white;
    t.black_seki_eyes = t.white_seki_eyes = 0;
    t.black_dependent_eyes = t.white_dependent_eyes = 0;
    return t;
}

// tally_pass_alive_rules in the KG encore, point by point.
void count_pass_alive_encore(const game::Board& board, const LifeAnalysis& life,
                             const game::Board& second_encore_start, Tally& t) {
    const int w = board.width(), h = board.height();
    // Points counted as they are: pass-alive territory (the owner's, dead stones included) and
    // the stones that count. The others are open: empty points and, in the KG encore, stones
    // that are not pass-alive and were not there in their colour when the second cleanup phase
    // began (they are scored as the empty points they replaced).
    std::vector<bool> open(game::kCells, false);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Vertex v = game::to_vertex(x, y);
            const game::Cell c = board.at(v);
            if (life.territory_black[v] || life.territory_white[v]) {
                const bool black = life.territory_black[v];
                if (c == game::Cell::white && black) ++t.dead_white;
                if (c == game::Cell::black && !black) ++t.dead_black;
                ++(black ? t.black_territory : t.white_territory);
            } else if (game::is_stone(c) &&
                       (life.pass_alive[v] || second_encore_start.at(v) == c)) {
                ++(c == game::Cell::black ? t.black_stones : t.white_stones);
            } else {
                open[v] = true;
            }
        }
    }
    // An open region that reaches the stones of one colour only is that colour's territory.
    std::vector<bool> seen(game::kCells, false);
    std::vector<game::Vertex> stack;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Vertex start = game::to_vertex(x, y);
            if (!open[start] || seen[start]) continue;
            int size = 0;
            std::uint8_t reach = 0;
            seen[start] = true;
            stack.assign(1, start);
            while (!stack.empty()) {
                const game::Vertex v = stack.back();
                stack.pop_back();
                ++size;
                for (const game::Vertex n : game::neighbours(v)) {
                    if (!board.on_board(n)) continue;
                    if (open[n]) {
                        if (!seen[n]) {
                            seen[n] = true;
                            stack.push_back(n);
                        }
                    } else if (game::is_stone(board.at(n))) {
                        reach = static_cast<std::uint8_t>(
                            reach | (board.at(n) == game::Cell::black ? 1 : 2));
                    }
                }
            }
            if (reach == 1) {
                t.black_territory += size;
            } else if (reach == 2) {
                t.white_territory += size;
            } else {
                t.neutral += size;
            }
        }
    }
}

Tally tally_pass_alive_rules(const game::Board& board, bool multi_stone_suicide, SekiReadings seki,
                             const game::Board* second_encore_start, const Tally* as_is) {
    Tally t;
    LifeOptions options;
    options.every_point_vital = multi_stone_suicide;
    options.one_interior_point = true;
    const LifeAnalysis life = analyse_life(board, options);
    const int w = board.width(), h = board.height();
    if (second_encore_start == nullptr) {
        // Every stone outside the pass-alive territories counts and those inside are dead
        // (life.dead): a territory, once they are gone, is a region reaching its owner alone (the
        // two colours' territories never share a point), so the regions count it.
        if (life.dead.empty() && as_is != nullptr) {
            assert(as_is->removed.empty() && !as_is->markup);
            t = region_terms(*as_is);
            assert(same_region_terms(t, tally_regions_without(board, {})));
        } else {
            t = tally_regions_without(board, life.dead);
        }
    } else {
        count_pass_alive_encore(board, life, *second_encore_start, t);
    }
    // The readings of seki (KG tax, or J 8 when a spec asks for it), on the board left once the
    // dead stones are gone.
    const bool territory = t.black_territory + t.white_territory > 0;
    seki.j8 = seki.j8 && territory;
    seki.kg = seki.kg && territory;
    if (seki.j8 || seki.kg) {
        game::Board after = board.copy();
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const game::Vertex v = game::to_vertex(x, y);
                if ((board.at(v) == game::Cell::white && life.territory_black[v]) ||
                    (board.at(v) == game::Cell::black && life.territory_white[v])) {
                    after.clear(v);
                }
            }
        }
        if (seki.kg) count_seki(after, board, t);
        if (seki.j8) count_japanese(after, t);
    }
    return t;
}

bool every_point_pass_alive(const game::Board& board, bool multi_stone_suicide) {
    LifeOptions options;
    options.every_point_vital = multi_stone_suicide;
    options.one_interior_point = true;
    const LifeAnalysis life = analyse_life(board, options);
    const int w = board.width(), h = board.height();
    // Every point owned, and each territory region (the owner's maximal connected set of points
    // holding no stone of the owner) with at most one point that touches none of its stones.
    std::vector<bool> seen(game::kCells, false);
    std::vector<game::Vertex> stack;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const game::Vertex start = game::to_vertex(x, y);
            const game::Cell c = board.at(start);
            if (game::is_stone(c) && life.pass_alive[start]) continue;
            if (seen[start]) continue;
            const bool black = life.territory_black[start];
            if (!black && !life.territory_white[start]) return false;
            const game::Cell owner = black ? game::Cell::black : game::Cell::white;
            const std::vector<bool>& territory =
                black ? life.territory_black : life.territory_white;
            int interior = 0;
            seen[start] = true;
            stack.assign(1, start);
            while (!stack.empty()) {
                const game::Vertex v = stack.back();
                stack.pop_back();
                bool touches_owner = false;
                for (const game::Vertex n : game::neighbours(v)) {
                    if (board.at(n) == owner) {
                        touches_owner = true;
                    } else if (board.on_board(n) && territory[n] && !seen[n]) {
                        seen[n] = true;
                        stack.push_back(n);
                    }
                }
                if (!touches_owner && ++interior > 1) return false;
            }
        }
    }
    return true;
}

}  // namespace sgfaudit::audit::detail
