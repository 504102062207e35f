// A Score from a Tally under one ruleset (scoring.hpp, score_position): the game's terms, the
// board's terms with the ruleset's reading of seki, area, territory and the FFG quick count
// (rules.md 5). The tallies themselves are scoring.cpp's.

#include <cmath>
#include <string>

#include "scoring.hpp"

namespace sgfaudit::audit::detail {

Count make_count(double black, double white) {
    Count c;
    c.black = black;
    c.white = white;
    c.margin = std::fabs(black - white);
    c.winner = black > white ? Winner::black : white > black ? Winner::white : Winner::draw;
    return c;
}

namespace {

// White's handicap bonus for n handicap stones under `b` (none below two stones).
double bonus_for(HandicapBonus b, int n) {
    if (n < 2) return 0;
    switch (b) {
        case HandicapBonus::zero:
            return 0;
        case HandicapBonus::n_minus_1:
            return n - 1;
        case HandicapBonus::n:
            return n;
    }
    return 0;
}

// The terms a count takes from the record and the replay: komi, handicap and its bonus,
// captures, passes, who moved last.
void take_game_terms(Score& s, const Ruleset& rules, const EndState& end, int handicap,
                     const KomiChoice& komi, bool one_stone_handicap) {
    s.scored = end.scored;
    s.decisive = rules.scoring;
    s.komi = komi.value;
    s.komi_source = komi.source;
    s.komi_text = komi.text;
    s.handicap = handicap;
    // ServerConvention::one_stone_handicap: n = 1 for the bonus, so `n` gives White
    // 1 point and `n-1` and `0` nothing (OGS's scorer: the handicap under Chinese, handicap - 1
    // under AGA).
    s.handicap_bonus =
        one_stone_handicap && handicap == 0 && rules.handicap_bonus == HandicapBonus::n
            ? 1.0
            : bonus_for(rules.handicap_bonus, handicap);
    s.captures_by_black = end.captures_by_black;
    s.captures_by_white = end.captures_by_white;
    s.passes_black = end.passes_black;
    s.passes_white = end.passes_white;
    s.black_moved_last = end.black_moved_last;
}

// The terms a count takes from the tally of the board, with the ruleset's reading of seki:
// stones, territory and neutral points, dead stones, the group tax.
void take_board_terms(Score& s, const Tally& t, const Ruleset& rules) {
    s.settled = t.settled;
    s.unsettled = t.unsettled;
    s.dead_black = t.dead_black;
    s.dead_white = t.dead_white;
    s.black_stones = t.black_stones;
    s.white_stones = t.white_stones;
    s.black_territory = t.black_territory;
    s.white_territory = t.white_territory;
    s.neutral = t.neutral;
    // J 8, R19: under seki-eyes=neutral the eyes of strings in seki and the points their owner
    // must fill are no one's, in both counts.
    if (rules.seki_eyes == SekiEyes::neutral) {
        s.black_territory -= t.black_seki_eyes;
        s.white_territory -= t.white_seki_eyes;
        s.neutral += t.black_seki_eyes + t.white_seki_eyes;
    }
    // KG tax: under seki-eyes=independent|taxed only the regions of independent life keep their
    // territory; under taxed each of them costs its side two points, in every count.
    if (rules.seki_eyes == SekiEyes::independent || rules.seki_eyes == SekiEyes::taxed) {
        s.black_territory -= t.black_dependent_eyes;
        s.white_territory -= t.white_dependent_eyes;
        s.neutral += t.black_dependent_eyes + t.white_dependent_eyes;
    }
    if (rules.seki_eyes == SekiEyes::taxed) {
        s.group_tax_black = 2 * t.black_regions;
        s.group_tax_white = 2 * t.white_regions;
    }
}

// The three counts from the terms in s: area, territory and the FFG quick count.
void count_three_ways(Score& s, const Ruleset& rules, const EndState& end) {
    // Area: TT 9, AGA 12, FFG 6. White adds komi and the handicap bonus (AGA 4, FFG preliminary).
    s.area = make_count(
        s.black_stones + s.black_territory - s.group_tax_black,
        s.white_stones + s.white_territory - s.group_tax_white + s.komi + s.handicap_bonus);

    // Territory (AGA 12): territory - prisoners held by the opponent (captures, dead stones,
    // pass stones). Komi only: the handicap bonus belongs to the area count.
    const int held_by_white = s.captures_by_white + s.dead_black + s.pass_stones_to_white;
    const int held_by_black = s.captures_by_black + s.dead_white + s.pass_stones_to_black;
    s.territory = make_count(s.black_territory - held_by_white - s.group_tax_black,
                             s.white_territory - held_by_black - s.group_tax_white + s.komi);

    // FFG 6a quick count: territory - prisoners lost - one point per own pass, White one more if
    // Black made the last turn (Appendix B's e) where white-moves-last=quick-count-point says so
    // (FFG 6a); komi only.
    const int e =
        rules.white_moves_last == WhiteMovesLast::quick_count_point && end.black_moved_last ? 1 : 0;
    s.quick = make_count(s.black_territory - (s.captures_by_white + s.dead_black) -
                             end.passes_black - s.group_tax_black,
                         s.white_territory - (s.captures_by_black + s.dead_white) -
                             end.passes_white - e - s.group_tax_white + s.komi);
}

// dead=pass-alive (KataGo's rules): the button, the handicap bonus under either scoring, and
// the encore's territory count replace the area and territory counts.
void count_pass_alive_rules(Score& s, const Ruleset& rules, const EndState& end) {
    // KG button: half a point to the first player to pass; when no one passed, to the
    // player to move at the count.
    if (rules.button == Button::yes) {
        const int taker = end.first_passer >= 0 ? end.first_passer : (end.black_moved_last ? 1 : 0);
        (taker == 0 ? s.button_black : s.button_white) = 0.5;
    }
    // KG whb: the handicap bonus is White's under either scoring.
    const double black_area =
        s.black_stones + s.black_territory + s.button_black - s.group_tax_black;
    const double white_area = s.white_stones + s.white_territory + s.komi + s.handicap_bonus +
                              s.button_white - s.group_tax_white;
    s.area = make_count(black_area, white_area);
    // KG encore: a side's territory count is its area less the stones it played before
    // the second cleanup phase.
    s.played_black = end.played_black;
    s.played_white = end.played_white;
    s.territory = make_count(black_area - s.played_black, white_area - s.played_white);
}

}  // namespace

Score score_position(const Tally& t, const Ruleset& rules, const EndState& end, int handicap,
                     const KomiChoice& komi, DeadSource dead_source, std::string_view dead_oracle,
                     bool one_stone_handicap) {
    Score s;
    take_game_terms(s, rules, end, handicap, komi, one_stone_handicap);
    s.dead_source = dead_source;
    s.dead_oracle = std::string(dead_oracle);
    take_board_terms(s, t, rules);
    // Pass stones (AGA 7) and White's extra pass (AGA 11): only under pass-stones=yes.
    if (rules.pass_stones == PassStones::yes) {
        s.white_extra_pass =
            rules.white_moves_last == WhiteMovesLast::pass_stone && end.black_moved_last;
        s.pass_stones_to_white = end.passes_black;
        s.pass_stones_to_black = end.passes_white + (s.white_extra_pass ? 1 : 0);
    }
    count_three_ways(s, rules, end);
    if (rules.dead == DeadRule::pass_alive) count_pass_alive_rules(s, rules, end);
    return s;
}

}  // namespace sgfaudit::audit::detail
