#pragma once
// Internal: counting one finished (or as-is) position under one ruleset (rules.md 5).

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/values.hpp"

namespace sgfaudit::audit::detail {

// A point of the board as reports name it (the first stone of a string, a dead stone).
inline sgf::Point point_of(game::Vertex v) {
    return sgf::Point{static_cast<std::uint8_t>(game::vertex_x(v)),
                      static_cast<std::uint8_t>(game::vertex_y(v))};
}

// Board order (rows from the top, then columns): how lists of points are reported.
inline bool board_order(const sgf::Point& a, const sgf::Point& b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
}

// A count's result as Black's lead: the margin for a Black win, its negation for White's, 0
// for a draw.
inline double black_lead(const Count& c) {
    return c.winner == Winner::black ? c.margin : c.winner == Winner::white ? -c.margin : 0.0;
}

// What the replay knows at the end of a ruleset's game.
struct EndState {
    int captures_by_black = 0;  // white stones removed by Black's plays (and White suicides)
    int captures_by_white = 0;
    int passes_black = 0;
    int passes_white = 0;
    bool black_moved_last = false;  // the last turn of the game was Black's
    bool scored = false;            // ended by two passes
    // KG button: the colour of the first pass of the game (0 Black, 1 White), -1 when no one
    // passed (then the player to move takes the button at the count).
    int first_passer = -1;
    // KG encore (dead=pass-alive, scoring=territory): the stones each colour put on the board
    // (setup stones included) up to the start of the second cleanup phase, or to the end when
    // it never started; a side's territory count is its area minus these.
    int played_black = 0, played_white = 0;
};

// Komi with its source, as the scorer used it.
struct KomiChoice {
    double value = 0;
    KomiSource source = KomiSource::record;
    std::string text;  // record_adjusted: KM's text
};

// Dead stones for the count: points whose stones are removed one by one (markup) or whole
// strings (list); see AuditOptions.
struct DeadStones {
    DeadPolicy policy = DeadPolicy::none;
    std::vector<game::Vertex> points;  // markup: each stone; list: a stone of each string
    // pass_alive only (`--dead auto` without markup): where Benson leaves the count unsettled,
    // the judge of end positions (end_judge.hpp) is asked; its answer replaces Benson's when it
    // settles the count (Tally::judged).
    bool judge = false;
    // Where the caller keeps the judge's finding on this board (made once per board), it is
    // taken from there, given Benson's analysis of the board made here; else it is made here.
    std::function<const EndJudgement&(const LifeAnalysis&)> judgement = {};
};

// What a count takes from the position: the stones left once dead stones are removed, the dead
// stones, and the territory (rules.md 5). It does not depend on the ruleset, so one tally
// serves every ruleset that ends on the same board.
struct Tally {
    int black_stones = 0, white_stones = 0;
    int dead_black = 0, dead_white = 0;
    int black_territory = 0, white_territory = 0, neutral = 0;
    // Of the territory: the points that seki-eyes=neutral counts as neutral (R19, count_japanese):
    // the regions that border a string in seki and the points their owner must fill.
    int black_seki_eyes = 0, white_seki_eyes = 0;
    // KG tax (seki-eyes=independent|taxed): the territory of regions that are not independently
    // alive, and the number of each colour's regions that are (count_independent_life).
    int black_dependent_eyes = 0, white_dependent_eyes = 0;
    int black_regions = 0, white_regions = 0;
    bool settled = true;                  // DeadPolicy::pass_alive and oracles only
    Unsettled unsettled = Unsettled::no;  // why not settled
    bool judged = false;  // the dead stones are the judge's (DeadStones::judge; DeadSource::judge)
    // The stones removed as dead (R12 searches subsets of their strings); empty when none.
    std::vector<game::Vertex> removed;
    // R11: the territory is the markup's (tally_markup); the recount by regions is kept here.
    bool markup = false;
    int recount_black_territory = 0, recount_white_territory = 0;
};

// small_eye.cpp: on a board where no empty region touches both colours next to a
// string that is neither pass-alive nor dead: Unsettled::atari when a string that is not
// pass-alive has one liberty (the opponent may take it); else Unsettled::small_eye when some
// group holds no pass-alive string, touches no dame and has at most six points of eye space (the
// empty regions next to it, each reaching its colour only), the largest eye spaces that the
// opponent can kill by playing first; else Unsettled::no. Either way whether the stones live is
// not decided by the position, nor by Benson's analysis, and a count under
// DeadPolicy::pass_alive is not settled. A group is the stones of one colour joined when
// adjacent or next to one empty region that reaches that colour only.
Unsettled undecided_group(const game::Board& board, const std::vector<bool>& pass_alive);

// R19 (rules.md 8), the reading of seki-eyes=neutral, on `board` (dead stones removed): J 8
// with the dame imagined filled. A string is in seki only when it shares a liberty with an
// opponent string that neither side can fill without putting its own string in atari (an open
// dame either side can fill makes no seki); the one-colour regions that border a string in seki
// (its whole group, joined through such regions) and the points of one-colour regions that their
// owner must fill to keep a string out of atari (false eyes) are added to black_seki_eyes /
// white_seki_eyes. Regions reaching both colours stay neutral; no other point changes owner.
void count_japanese(const game::Board& board, Tally& t);

// The points count_japanese takes from their owner, one by one, for the count drawn
// (count_map.cpp): per vertex of `board` (game::kCells of them), 1 where the point is an eye of
// stones in seki or a point of a one-colour region its owner must fill, else 0.
void japanese_points(const game::Board& board, std::vector<std::uint8_t>& out);

// Which readings of seki a tally computes: only those a ruleset to be counted asks for (each is
// a flood fill of the board that the other rulesets never read).
struct SekiReadings {
    bool j8 = false;  // seki-eyes=neutral (R19): black_seki_eyes, white_seki_eyes
    bool kg = false;  // seki-eyes=independent|taxed: *_dependent_eyes, *_regions
    static SekiReadings of(SekiEyes v) noexcept {
        return {v == SekiEyes::neutral, v == SekiEyes::independent || v == SekiEyes::taxed};
    }
    SekiReadings& operator|=(SekiReadings o) noexcept {
        j8 = j8 || o.j8;
        kg = kg || o.kg;
        return *this;
    }
};

// Tallies `board` after removing `dead` (on a copy; the board itself is left alone), with the
// readings of seki `seki` asks for (else their fields stay 0).
Tally tally_position(const game::Board& board, const DeadStones& dead, SekiReadings seki);

// The rows of one colour's stones (bit x of row y: the point (x, y)), as Board::row_mask.
using RowMasks = std::array<std::uint64_t, game::kMaxSide>;

// The rows of `board`'s stones of colour c.
RowMasks rows_of(const game::Board& board, game::Color c);

// R12's recounts: what tally_position(board, DeadStones{markup, removed}, SekiReadings{}) gives
// (every stone of `removed` taken off, territory by regions, no reading of seki), from the
// rows of stones alone: no copy of the board, no strings rebuilt. For counts whose ruleset
// reads no seki (seki-eyes=territory), thousands of subsets of dead strings a game.
Tally tally_regions_without(const game::Board& board, std::span<const game::Vertex> removed);

// The terms of `t` that tally_regions_without(board, t.removed) gives (stones, dead stones,
// territory and neutral points by regions), without its readings of seki or its settledness:
// for `t` a count of `board` by tally_position (any policy: t.removed is what it took off),
// not by tally_markup. R18's readings start from it instead of counting the regions again.
Tally region_terms(const Tally& t);
// Whether two tallies have the same region terms (debug builds check region_terms' callers).
bool same_region_terms(const Tally& a, const Tally& b);

// Adds R19's reading (count_japanese) to `t`, the region terms of `board` less the stones of
// `removed`, when it has some territory: what tally_position(board, DeadStones{markup,
// removed}, SekiReadings{.j8 = true}) adds to them.
void add_japanese_reading(const game::Board& board, std::span<const game::Vertex> removed,
                          Tally& t);

// R11: the server's count written as TB/TW markup in the final node. The stones on points marked
// for the opponent are dead (`dead`); each colour's territory is exactly its marked points that
// are empty once they are removed (a point marked twice counts for neither); area = live stones
// + that territory. The recount by regions of tally_position is kept in recount_*; the seki
// readings are not applied (the markup is the count).
Tally tally_markup(const game::Board& board, const std::vector<game::Vertex>& dead,
                   const std::vector<game::Vertex>& marked_black,
                   const std::vector<game::Vertex>& marked_white);

// KG score (dead=pass-alive): the area each colour gets by KataGo's rules, as a tally. The
// stones inside the opponent's pass-alive territory (life.hpp with every_point_vital when
// `multi_stone_suicide`, and one_interior_point) are dead and their points the opponent's;
// every other stone counts for its colour, except, when `second_encore_start` is given (KG
// encore), a stone that is not pass-alive and was not there in the same colour when the second
// cleanup phase started: it is scored as the empty point it replaced. An empty region (with
// such points) reaching one colour only is its territory; the readings of seki `seki` asks for
// are made on the board without the dead stones (KG tax: atari on `board` itself). Always
// settled: the rules decide. `as_is`, when given, is a count of `board` with nothing removed
// (no markup count): where no stone is dead, its region terms are the count's, not counted
// again.
Tally tally_pass_alive_rules(const game::Board& board, bool multi_stone_suicide, SekiReadings seki,
                             const game::Board* second_encore_start, const Tally* as_is = nullptr);

// KG end: every point of `board` is a pass-alive stone or lies in a pass-alive territory (KG
// score's analysis: life.hpp with every_point_vital when `multi_stone_suicide`, and
// one_interior_point) of which at most one point touches no stone of its owner. KataGo's programs
// end a game in such a position and count it; no play can change that count.
bool every_point_pass_alive(const game::Board& board, bool multi_stone_suicide);

// Counts a tallied position under `rules` (score_tally.cpp). `dead_source` says how dead stones
// were chosen, `dead_oracle` the oracle's name or failure text (Score::dead_oracle).
// `one_stone_handicap`: a server's one-stone handicap, n = 1 for the area bonus.
Score score_position(const Tally& tally, const Ruleset& rules, const EndState& end, int handicap,
                     const KomiChoice& komi, DeadSource dead_source, std::string_view dead_oracle,
                     bool one_stone_handicap = false);

// Winner and margin of two totals.
Count make_count(double black, double white);

}  // namespace sgfaudit::audit::detail
