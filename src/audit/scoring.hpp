#pragma once
// Internal: counting one finished (or as-is) position under one ruleset (rules-model.md 5).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

// What the replay knows at the end of a ruleset's game.
struct EndState {
    int captures_by_black = 0;  // white stones removed by Black's plays (and White suicides)
    int captures_by_white = 0;
    int passes_black = 0;
    int passes_white = 0;
    bool black_moved_last = false;  // the last turn of the game was Black's
    bool scored = false;            // ended by two passes
};

// Komi with its source, as the scorer used it.
struct KomiChoice {
    double value = 0;
    std::string source;
};

// Dead stones for the count: points whose stones are removed one by one (markup) or whole
// strings (list); see AuditOptions.
struct DeadStones {
    DeadPolicy policy = DeadPolicy::none;
    std::vector<game::Vertex> points;  // markup: each stone; list: a stone of each string
};

// What a count takes from the position: the stones left once dead stones are removed, the dead
// stones, and the territory (rules-model.md 5). It does not depend on the ruleset, so one tally
// serves every ruleset that ends on the same board.
struct Tally {
    int black_stones = 0, white_stones = 0;
    int dead_black = 0, dead_white = 0;
    int black_territory = 0, white_territory = 0, neutral = 0;
    // Of the territory: the points of regions that border a string in seki (a string next to an
    // empty region reaching both colours: J 8), which seki-eyes=neutral counts as neutral.
    int black_seki_eyes = 0, white_seki_eyes = 0;
    bool settled = true;  // DeadPolicy::pass_alive only: life.hpp's settled_after_removal
};

// Issue 15 (small_eye.cpp): some group of `board` holds no pass-alive string, touches no dame
// and has at most three points of eye space (the empty regions next to it, each reaching its
// colour only): it cannot have two eyes if the opponent plays there first, so whether it lives
// is not decided by the position, nor by Benson's analysis, and a count under
// DeadPolicy::pass_alive is not settled. A group is the stones of one colour joined when
// adjacent or next to one empty region that reaches that colour only.
bool has_small_eye_group(const game::Board& board, const std::vector<bool>& pass_alive);

// Tallies `board` after removing `dead` (on a copy; the board itself is left alone).
Tally tally_position(const game::Board& board, const DeadStones& dead);

// Counts a tallied position under `rules`. `dead_source` says how dead stones were chosen.
// `one_stone_handicap`: a server's one-stone handicap, n = 1 for the area bonus (issue 15).
Score score_position(const Tally& tally, const Ruleset& rules, const EndState& end, int handicap,
                     const KomiChoice& komi, std::string_view dead_source,
                     bool one_stone_handicap = false);

// Winner and margin of two totals.
Count make_count(double black, double white);

}  // namespace sgfaudit::audit::detail
