// Judging a play (rules.md 2, 3 and 6.1).
//
// judge_play: takes a ruleset and what the physical replay found out about a play (PlayFacts);
// gives the ruleset's verdict. It is the only place that decides whether a board play on an
// empty point is legal; the replay's fast path skips it only for quiet facts (judge.hpp).
//
// Replay::play: takes a board play on an empty point; applies it with Tromp-Taylor physics
// (TT 7, as-it-stands for every ruleset), records the new position, judges it under every
// active lane, and gives the legality divergence (kind 1) and the record issues it raises.
// Guarantees: the history holds the new position; lanes that forbid the play record an Illegal
// (and stop under `stop`); a lane waiting after a double pass resumes.

#include "judge.hpp"

#include <algorithm>
#include <cassert>
#include <string_view>
#include <vector>

#include "replay.hpp"

namespace sgfaudit::audit::detail {

namespace {

Reason superko_reason(Ko ko) {
    switch (ko) {
        case Ko::psk:
            return Reason::positional_superko;
        case Ko::ssk:
            return Reason::situational_superko;
        case Ko::nssk:
            return Reason::natural_situational_superko;
        case Ko::simple:
            return Reason::simple_ko;
    }
    return Reason::positional_superko;
}

// The earlier position a play by `c` repeats under `ko`, per rules.md 2.
std::optional<std::uint32_t> repeated_under(Ko ko, const Repeats& rep, game::Color c) {
    switch (ko) {
        case Ko::psk:
            return rep.any;  // TT 6: any earlier grid colouring
        case Ko::ssk:
            return rep.after_turn[idx(c)];  // FFG 4: after a move or a pass by the same player
        case Ko::nssk:
            return rep.after_play[idx(c)];  // 002: positions the player created by placing
        case Ko::simple:
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

std::optional<Illegal> judge_play(const Ruleset& r, game::Color c, const PlayFacts& facts) {
    Illegal ill;
    if (facts.out_of_turn) {
        ill.reason = Reason::out_of_turn;
        ill.clause = clause(CommonRule::out_of_turn);
        return ill;
    }
    if (facts.suicide) {
        if (r.suicide == Suicide::forbidden) {
            ill.reason = Reason::suicide;  // AGA 5, FFG 3
            ill.clause = r.clause(Knob::suicide);
            return ill;
        }
        if (facts.lone_suicide) {
            // TT 7 clears the lone stone: the grid colouring is unchanged, so TT 6 forbids it
            // (rules.md 3: "suicide, repeats the position").
            ill.reason = Reason::suicide;
            ill.clause = clause(CommonRule::lone_suicide_repeats);
            ill.repeats_move = facts.repeats.any;
            return ill;
        }
    }
    if (r.ko == Ko::simple) {
        if (facts.retake) {
            ill.reason = Reason::simple_ko;
            ill.clause = r.clause(Knob::ko);
            ill.repeats_move = facts.repeats.any;
            return ill;
        }
        return std::nullopt;
    }
    if (const auto m = repeated_under(r.ko, facts.repeats, c)) {
        ill.reason = superko_reason(r.ko);
        ill.clause = r.clause(Knob::ko);
        ill.repeats_move = m;
        return ill;
    }
    return std::nullopt;
}

void Replay::play(const sgf::Event& e, game::Color c, game::Vertex v, bool out_of_turn) {
    // TT 7 physics: as-it-stands (AGA 8) for every ruleset. The stones the play removes are
    // kept so that the board before it can be rebuilt when some ruleset finds it illegal.
    board_changes();
    removed_.clear();
    const game::PlayEffect fx = board_.play(v, c, true, &removed_);
    turn_.captures[idx(c)] += fx.captured_stones;
    turn_.captures[idx(game::opponent(c))] += fx.suicide_stones;  // TT 7 self-clearing

    PlayFacts facts;
    facts.out_of_turn = out_of_turn;
    facts.suicide = fx.suicide;
    facts.lone_suicide = fx.suicide && fx.captured_stones == 0 && fx.suicide_stones == 1;
    facts.retake = prev_ko_ != game::kNoVertex && prev_ko_ == v && fx.ko_point != game::kNoVertex;
    // The new position is recorded at once (nothing below reads the history); the earlier
    // ones are searched only when one has the same hash.
    if (history_.add(board_, turn_.move, maker_of(c), true)) {
        facts.repeats = history_.find(board_, history_.size() - 1);
        // R16: the first board play of the main line that repeats a whole-board position.
        if (facts.repeats.any && first_repeat_ == 0) first_repeat_ = turn_.move;
    }

    if (is_quiet(facts)) {
        // Legal under every ruleset (judge.hpp): nothing to judge, only a resumption to note.
        // Most plays end here.
#ifndef NDEBUG
        for (const Lane& l : lanes_) {
            assert(!l.active || !judge_play(l.result.ruleset, c, facts));
        }
#endif
        resume_pending_lanes();
        prev_ko_ = fx.ko_point;
        return;
    }

    // Some ruleset may find the play illegal: the board before it, for the diagram and
    // for `stop`.
    before_ = board_;
    before_->undo_play(v, c, fx, removed_);
    const game::Board* before = &*before_;

    // Judge under every active ruleset.
    std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts = verdicts_;
    verdicts.clear();  // reused: no allocation per move once the lanes are known
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        Lane& l = lanes_[i];
        if (!l.active) continue;
        std::optional<Illegal> ill = judge_play(l.result.ruleset, c, facts);
        if (ill) {
            ill->move = turn_.move;
            ill->color = c;
            ill->point = e.point;
            issues_.add_illegal(l.result, *ill);
            if (options_.on_illegal == IllegalPolicy::stop) stop_lane(l, before);
        } else if (facts.repeats.any && l.result.repeated_move == 0 &&
                   l.result.ruleset.cycle == Cycle::no_result) {
            l.result.repeated_move = turn_.move;  // J 12: a whole-board position repeated
        }
        if (l.pending_end) {
            l.pending_end = false;  // play resumes after a double pass (AGA 10, FFG 5a)
            l.result.resumed = true;
        }
        verdicts.emplace_back(i, std::move(ill));
    }
    note_legality(e, c, facts, verdicts, before);
    if (out_of_turn) {
        issue(turn_.move, e.offset, issue::OutOfTurn{.color = c, .point = e.point});
    }
    prev_ko_ = fx.ko_point;
}

namespace {

// R14: whether every preset forbids a play with these facts (a simple ko retake, a one-stone
// suicide). The presets are made once (a constant table, safe to share between threads).
bool every_preset_forbids(game::Color c, const PlayFacts& facts) {
    static const std::vector<Ruleset> all = [] {
        std::vector<Ruleset> out;
        for (std::string_view name : preset_names()) out.push_back(*preset(name));
        return out;
    }();
    return std::all_of(all.begin(), all.end(),
                       [&](const Ruleset& r) { return judge_play(r, c, facts).has_value(); });
}

bool is_superko(Reason r) {
    return r == Reason::positional_superko || r == Reason::situational_superko ||
           r == Reason::natural_situational_superko;
}

}  // namespace

// Divergence kind 1 (rules.md 6.1) and the record issues of a play some ruleset forbids.
void Replay::note_legality(
    const sgf::Event& e, game::Color c, const PlayFacts& facts,
    const std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts,
    const game::Board* before) {
    std::size_t legal = 0, illegal = 0;
    const Illegal* under_ru = nullptr;
    for (const auto& [i, ill] : verdicts) {
        if (ru_lane_ && i == *ru_lane_ && ill) under_ru = &*ill;
        if (i >= chosen_) continue;
        (ill ? illegal : legal) += 1;
    }
    // R14: the record's own rules decide what is a record error (out of turn is reported on
    // its own). Its ruleset is judged even when not chosen (an internal lane).
    if (under_ru != nullptr && under_ru->reason != Reason::out_of_turn) {
        RulesetReason why{lane_name(*ru_lane_), under_ru->reason};
        if (is_superko(under_ru->reason) && !facts.retake) {
            // R15: a whole-board repetition the server did not enforce: the record is what was
            // played. The play stays an illegal play of that ruleset.
            issue(turn_.move, e.offset,
                  issue::SuperkoNotEnforced{.color = c,
                                            .point = e.point,
                                            .ru_text = rec_.rules,
                                            .under_ru = std::move(why),
                                            .repeats_move = under_ru->repeats_move.value_or(0)},
                  IssueSeverity::note);
        } else {
            issue(turn_.move, e.offset,
                  issue::IllegalUnderRecordRules{.color = c,
                                                 .point = e.point,
                                                 .ru_text = rec_.rules,
                                                 .under_ru = std::move(why)});
        }
    }
    if (illegal == 0) return;
    if (legal == 0) {
        // Not a rule difference: every chosen ruleset forbids it. R14: a record error only where
        // the record names no modelled rules and every preset forbids it (a simple ko retake);
        // where it names some, their verdict above decides. (Out of turn is reported on its own.)
        const Illegal& first = *verdicts.front().second;
        if (!ru_lane_ && first.reason != Reason::out_of_turn && every_preset_forbids(c, facts)) {
            issue::IllegalEverywhere f{.color = c, .point = e.point, .reasons = {}};
            for (const auto& [i, ill] : verdicts) {
                if (i >= chosen_) continue;
                f.reasons.push_back({lane_name(i), ill->reason});
            }
            issue(turn_.move, e.offset, std::move(f));
        }
        // The boards around it, for `check`'s diagrams.
        if (options_.illegal_boards && first.applied && before != nullptr &&
            issues_.illegal_board_listable()) {
            out_.illegal_everywhere.push_back({turn_.move, c, e.point, first.reason, first.clause,
                                               first.repeats_move, position_of(*before),
                                               position_of(board_)});
        }
        return;
    }
    if (!issues_.legality_listable()) return;  // counted in divergences_omitted
    Divergence d;
    d.kind = DivergenceKind::legality;
    d.move = turn_.move;
    d.color = c;
    d.has_point = true;
    d.point = e.point;
    std::vector<std::string> clauses;
    for (const auto& [i, ill] : verdicts) {
        if (i >= chosen_) continue;
        Verdict v;
        v.ruleset = i;
        v.legal = !ill.has_value();
        if (ill) {
            v.reason = ill->reason;
            v.clause = ill->clause;
            v.repeats_move = ill->repeats_move;
            if (std::find(clauses.begin(), clauses.end(), ill->clause) == clauses.end()) {
                clauses.push_back(ill->clause);
            }
        }
        d.verdicts.push_back(std::move(v));
    }
    for (const std::string& cl : clauses) d.clause += (d.clause.empty() ? "" : "; ") + cl;
    if (options_.diagrams) {
        if (before != nullptr) d.board_before = position_of(*before);
        d.board_after = position_of(board_);
    }
    out_.divergences.push_back(std::move(d));
}

}  // namespace sgfaudit::audit::detail
