// Causes by counterfactual: for an outcome divergence between rulesets A and
// B, A's end position re-scored with each knob that differs from B set to B's value, one at a
// time; for a record mismatch, the count under the record's ruleset with one knob of the count
// set to each other value. The knobs that alone change the winner (outcome) or reproduce RE
// (record) are kept on the divergence (Divergence::flips), with the swing of Black's lead.
// Contract: end_of_game.hpp (EndOfGame::find_flips).

#include <fmt/format.h>

#include <array>

#include "after_replay.hpp"
#include "end_of_game.hpp"

namespace sgfaudit::audit::detail {

namespace {

constexpr std::array<Knob, kKnobCount> kKnobs = {Knob::suicide,
                                                 Knob::ko,
                                                 Knob::scoring,
                                                 Knob::seki_eyes,
                                                 Knob::pass_stones,
                                                 Knob::white_moves_last,
                                                 Knob::bonus,
                                                 Knob::end,
                                                 Knob::cycle,
                                                 Knob::dead,
                                                 Knob::button,
                                                 Knob::default_komi,
                                                 Knob::default_komi_handicap,
                                                 Knob::komi};

// The knobs of the game itself: they change where (and whether) the game ends, not its count.
bool game_knob(Knob k) {
    return k == Knob::suicide || k == Knob::ko || k == Knob::end || k == Knob::cycle;
}

// Whether two rulesets' games end at the same move of this record: the end and cycle knobs
// decide where a game ends; under `--on-illegal stop` the suicide and ko knobs too (a replay
// stops at its first illegal play), while under as-it-stands every ruleset sees the same board
// (AGA 8), so they do not.
bool same_game_knobs(const Ruleset& a, const Ruleset& b, IllegalPolicy policy) {
    const bool ends = a.end == b.end && a.cycle == b.cycle;
    return policy == IllegalPolicy::as_it_stands ? ends
                                                 : ends && a.suicide == b.suicide && a.ko == b.ko;
}

// `to` with knob `k` set to its value in `from`.
void set_knob(Ruleset& to, const Ruleset& from, Knob k) {
    switch (k) {
        case Knob::suicide:
            to.suicide = from.suicide;
            break;
        case Knob::ko:
            to.ko = from.ko;
            break;
        case Knob::scoring:
            to.scoring = from.scoring;
            break;
        case Knob::seki_eyes:
            to.seki_eyes = from.seki_eyes;
            break;
        case Knob::pass_stones:
            to.pass_stones = from.pass_stones;
            break;
        case Knob::white_moves_last:
            to.white_moves_last = from.white_moves_last;
            break;
        case Knob::bonus:
            to.handicap_bonus = from.handicap_bonus;
            break;
        case Knob::end:
            to.end = from.end;
            break;
        case Knob::cycle:
            to.cycle = from.cycle;
            break;
        case Knob::dead:
            to.dead = from.dead;
            break;
        case Knob::button:
            to.button = from.button;
            break;
        case Knob::default_komi:
            to.default_komi_even = from.default_komi_even;
            break;
        case Knob::default_komi_handicap:
            to.default_komi_handicap = from.default_komi_handicap;
            break;
        case Knob::komi:
            to.komi_override = from.komi_override;
            break;
    }
}

// Knob `k`'s value in `r` as a spec writes it.
std::string knob_value(const Ruleset& r, Knob k) {
    switch (k) {
        case Knob::suicide:
            return std::string(to_string(r.suicide));
        case Knob::ko:
            return std::string(to_string(r.ko));
        case Knob::scoring:
            return std::string(to_string(r.scoring));
        case Knob::seki_eyes:
            return std::string(to_string(r.seki_eyes));
        case Knob::pass_stones:
            return std::string(to_string(r.pass_stones));
        case Knob::white_moves_last:
            return std::string(to_string(r.white_moves_last));
        case Knob::bonus:
            return std::string(to_string(r.handicap_bonus));
        case Knob::end:
            return std::string(to_string(r.end));
        case Knob::cycle:
            return std::string(to_string(r.cycle));
        case Knob::dead:
            return std::string(to_string(r.dead));
        case Knob::button:
            return std::string(to_string(r.button));
        case Knob::default_komi:
            return fmt::format("{}", r.default_komi_even);
        case Knob::default_komi_handicap:
            return fmt::format("{}", r.default_komi_handicap);
        case Knob::komi:
            return r.komi_override ? fmt::format("{}", *r.komi_override) : "none";
    }
    return "?";
}

// Calls f(k) with `r` set, in turn, to every ruleset that differs from it in one knob k of the
// count (an enumerated value; the komi knobs take numbers and are not tried), and puts each
// knob back after: one ruleset changed in place, not a copy per variant (a ruleset carries its
// name and spec).
template <class F>
void for_each_count_variant(Ruleset& r, F&& f) {
    const auto each = [&](Knob k, auto member, auto... values) {
        const auto own = r.*member;
        for (const auto value : {values...}) {
            if (own == value) continue;
            r.*member = value;
            f(k);
        }
        r.*member = own;
    };
    each(Knob::scoring, &Ruleset::scoring, Scoring::area, Scoring::territory);
    each(Knob::seki_eyes, &Ruleset::seki_eyes, SekiEyes::territory, SekiEyes::neutral,
         SekiEyes::independent, SekiEyes::taxed);
    each(Knob::pass_stones, &Ruleset::pass_stones, PassStones::no, PassStones::yes,
         PassStones::quick_count);
    each(Knob::white_moves_last, &Ruleset::white_moves_last, WhiteMovesLast::no,
         WhiteMovesLast::pass_stone, WhiteMovesLast::quick_count_point);
    each(Knob::bonus, &Ruleset::handicap_bonus, HandicapBonus::zero, HandicapBonus::n_minus_1,
         HandicapBonus::n);
    each(Knob::dead, &Ruleset::dead, DeadRule::agreement, DeadRule::pass_alive, DeadRule::as_is);
    each(Knob::button, &Ruleset::button, Button::no, Button::yes);
}

}  // namespace

// The count under `r` of the game as lane `ended` ended it (its board and end state), with the
// dead stones of the run's policy (or the rules' own, KG score). Nullopt where the seki reading
// `r` needs was not made for this game's tallies.
std::optional<Score> EndOfGame::rescore(const Ruleset& r, const Lane& ended,
                                        const std::vector<Vertex>& dead) {
    const KomiChoice komi = choose_komi(rec_, r, out_.handicap);
    const EndState& end = ended.end_state;
    if (r.dead == DeadRule::pass_alive && end.scored) {
        const game::Board* encore_start = kata_go().second_encore_board();
        const bool encore = r.scoring == Scoring::territory && encore_start != nullptr;
        // The lane's own count, when it took nothing off: its regions are this count's where
        // no stone is dead (most end boards), not counted again.
        const Tally* as_is = nullptr;
        if (ended.tally >= 0) {
            const Tally& own = counts_.tallied(ended.tally).tally;
            if (own.removed.empty() && !own.markup) as_is = &own;
        }
        const Tally t = tally_pass_alive_rules(end_board(ended), r.suicide == Suicide::multi_stone,
                                               SekiReadings::of(r.seki_eyes),
                                               encore ? encore_start : nullptr, as_is);
        return score_position(t, r, end, out_.handicap, komi, DeadSource::rules_pass_alive, {},
                              one_stone_handicap_);
    }
    const SekiReadings need = SekiReadings::of(r.seki_eyes), have = counts_.seki_eyes_counted();
    if ((need.j8 && !have.j8) || (need.kg && !have.kg)) return std::nullopt;
    const bool strict_tt = r.dead == DeadRule::as_is;
    const EndCounts::Tallied& t =
        counts_.tally_of(ended.end_board, board_, strict_tt, dead, end.scored, issues_);
    return score_position(t.tally, r, end, out_.handicap, komi,
                          strict_tt ? DeadSource::strict_tt : t.source, t.oracle,
                          one_stone_handicap_);
}

std::vector<KnobFlip> EndOfGame::outcome_flips(std::size_t a, std::size_t b,
                                               const std::vector<Vertex>& dead) {
    std::vector<KnobFlip> out;
    const Lane& la = lanes_[a];
    const Lane& lb = lanes_[b];
    const Ruleset& ra = la.result.ruleset;
    const Count before = la.result.score.decision();
    for (const Knob k : kKnobs) {
        Ruleset r = ra;
        set_knob(r, lb.result.ruleset, k);
        if (r == ra) continue;
        // A knob of the game changes the count only through where the game ends: known where
        // the change makes A's game end as B's (the plays were judged under both) or leaves it
        // ending as A's; otherwise it would take a replay, and is not tried.
        const Lane* ended = &la;
        if (game_knob(k)) {
            if (same_game_knobs(r, lb.result.ruleset, options_.on_illegal)) {
                ended = &lb;
            } else if (!same_game_knobs(r, ra, options_.on_illegal)) {
                continue;
            }
        }
        const std::optional<Score> s = rescore(r, *ended, dead);
        if (!s || !s->scored || s->decision().winner == before.winner) continue;
        out.push_back({k, knob_value(r, k), black_lead(s->decision()) - black_lead(before)});
    }
    return out;
}

std::vector<KnobFlip> EndOfGame::record_flips(std::size_t i, const std::vector<Vertex>& dead) {
    std::vector<KnobFlip> out;
    if (!rec_.result) return out;
    const Lane& l = lanes_[i];
    const Count before = l.result.score.decision();
    Ruleset r = l.result.ruleset;
    for_each_count_variant(r, [&](Knob k) {
        const std::optional<Score> s = rescore(r, l, dead);
        if (!s || !result_reproduced(*rec_.result, rec_.place, s->decision())) return;
        out.push_back({k, knob_value(r, k), black_lead(s->decision()) - black_lead(before)});
    });
    return out;
}

void EndOfGame::find_flips(const std::vector<Vertex>& dead) {
    for (Divergence& d : out_.divergences) {
        if (d.kind == DivergenceKind::outcome) {
            for (std::size_t x = 0; x < d.verdicts.size(); ++x) {
                for (std::size_t y = x + 1; y < d.verdicts.size(); ++y) {
                    const std::size_t a = std::min(d.verdicts[x].ruleset, d.verdicts[y].ruleset);
                    const std::size_t b = std::max(d.verdicts[x].ruleset, d.verdicts[y].ruleset);
                    if (b >= lanes_.size()) continue;
                    const Score& sa = lanes_[a].result.score;
                    const Score& sb = lanes_[b].result.score;
                    if (sa.decision().winner == sb.decision().winner) continue;
                    d.flips.push_back({a, b, outcome_flips(a, b, dead)});
                }
            }
        } else if (d.kind == DivergenceKind::record && ru_lane_ && *ru_lane_ < lanes_.size()) {
            // The record's ruleset (an index past the chosen ones when it was judged only for
            // the record check).
            d.flips.push_back({*ru_lane_, *ru_lane_, record_flips(*ru_lane_, dead)});
        }
    }
}

}  // namespace sgfaudit::audit::detail
