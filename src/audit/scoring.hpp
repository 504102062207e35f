#pragma once
// Internal: counting one finished (or as-is) position under one ruleset (rules-model.md 5).

#include <cstdint>
#include <span>
#include <string>
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

// Counts `board` (copied: dead stones are removed from the copy) under `rules`.
Score score_position(game::Board board, const Ruleset& rules, const EndState& end, int handicap,
                     const KomiChoice& komi, const DeadStones& dead);

// Winner and margin of two totals.
Count make_count(double black, double white);

}  // namespace sgfaudit::audit::detail
