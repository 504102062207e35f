// The record check (rules.md 6.5) and RE's plausibility.
// Contracts: after_replay.hpp (check_record, check_result_plausibility).

#include <cmath>
#include <string>

#include "after_replay.hpp"
#include "replay.hpp"

namespace sgfaudit::audit::detail {

namespace {

// The verdicts given before any count is looked at: no RE, or RU mapped to no ruleset. True
// when one was given.
bool no_ruleset_or_result(const sgf::GameRecord& rec, const RecordCheckInput& in,
                          RecordVerdict& rv) {
    rv.rules = rec.rules;
    if (rec.result) rv.recorded = rec.result->text;
    if (in.ru.ruleset) rv.mapped = ruleset_name(*in.ru.ruleset);
    if (!rec.result) {
        rv.check = RecordCheck::no_result;
        rv.why = RecordReason::no_result;
        return true;
    }
    if (!in.ru_result) {
        rv.check = RecordCheck::unmapped_rules;
        if (rec.rules.empty()) {
            rv.why = RecordReason::no_rules;
        } else {
            rv.why = RecordReason::rules_not_mapped;
            rv.mapping = in.ru.reason;
        }
        return true;
    }
    return false;
}

RecordReason unsettled_reason(Unsettled u) {
    return u == Unsettled::small_eye ? RecordReason::unsettled_small_eye
           : u == Unsettled::atari   ? RecordReason::unsettled_atari
           : u == Unsettled::oracle  ? RecordReason::unsettled_oracle
                                     : RecordReason::unsettled_benson;
}

// The record divergence of a mismatch under RU's ruleset (results[ru]).
Divergence record_divergence(std::span<const RulesetResult> results, std::size_t ru,
                             const RecordCheckInput& in, const EndBoardOf& end_board,
                             bool diagrams) {
    Divergence d;
    d.kind = DivergenceKind::record;
    d.clause = results[ru].ruleset.clause(Knob::scoring);
    if (ru < in.chosen) {  // else RU's ruleset was judged only for this check
        Verdict v;
        v.ruleset = ru;
        v.count = decisive_count(results[ru].score);
        d.verdicts.push_back(std::move(v));
    }
    if (diagrams) d.board_after = position_of(end_board(ru));
    return d;
}

}  // namespace

void check_record(const sgf::GameRecord& rec, std::span<const RulesetResult> results,
                  const RecordCheckInput& in, const EndBoardOf& end_board, bool diagrams,
                  GameAudit& out) {
    RecordVerdict& rv = out.record;
    if (no_ruleset_or_result(rec, in, rv)) return;
    const std::size_t ru = *in.ru_result;
    const RulesetResult& r = results[ru];
    const Score& s = r.score;
    rv.counted_under = ruleset_name(r.ruleset);
    rv.count = s.decision();
    rv.decisive = s.decisive;
    const sgf::GameResult& re = *rec.result;
    if (r.end == EndKind::no_result) {  // J 12 (cycle=no-result): RE Void is the result
        rv.check = RecordCheck::match;
        rv.why = RecordReason::void_cycle;
        rv.repeated_move = r.repeated_move;
        return;
    }
    // R16: a margin of 0 is a draw only where the server writes draws so (OGS, by PC);
    // elsewhere (Fox's W+0.0) it names the winner only.
    const bool zero_margin = re.kind == sgf::ResultKind::score && re.margin && *re.margin == 0.0;
    const ServerConvention* server = server_convention(rec.place);
    const bool zero_is_draw = server != nullptr && server->zero_margin_is_draw;
    // R16: a whole-board repetition on the main line followed by RE Void, 0, Draw or Jigo is the
    // cycle's outcome (J 12: no result; C: a draw by the referee), whatever the cycle knob.
    const bool cycle_result = in.repeated_move != 0 &&
                              (re.kind == sgf::ResultKind::void_game ||
                               re.kind == sgf::ResultKind::draw || (zero_margin && zero_is_draw));
    const auto cycle_outcome = [&] {
        rv.check = RecordCheck::match;
        rv.why = RecordReason::cycle_outcome;
        rv.repeated_move = in.repeated_move;
    };
    if (!s.scored) {
        if (cycle_result) return cycle_outcome();
        rv.check = RecordCheck::not_comparable;
        rv.why = RecordReason::not_two_passes;
        return;
    }
    const Count& c = s.decision();
    rv.dead_source = s.dead_source;
    rv.dead_oracle = s.dead_oracle;
    rv.engine_dead = s.engine_dead;
    std::optional<Winner> recorded;
    const bool winner_only =
        re.kind == sgf::ResultKind::win || (zero_margin && !zero_is_draw && re.winner);
    if (re.kind == sgf::ResultKind::draw || (zero_margin && zero_is_draw)) {
        recorded = Winner::draw;
    } else if ((re.kind == sgf::ResultKind::score || re.kind == sgf::ResultKind::win) &&
               re.winner) {
        recorded = *re.winner == sgf::Color::black ? Winner::black : Winner::white;
    }
    if (!recorded) {
        if (cycle_result) return cycle_outcome();
        rv.check = RecordCheck::not_comparable;
        rv.why = RecordReason::result_not_score;
        rv.result_kind = re.kind;
        return;
    }
    bool match = *recorded == c.winner;
    if (match && re.kind == sgf::ResultKind::score && re.margin && !winner_only) {
        match = std::fabs(*re.margin - c.margin) < 1e-9;
    }
    if (!match && cycle_result) return cycle_outcome();
    if (match && zero_margin && winner_only) rv.why = RecordReason::winner_only;
    if (re.kind == sgf::ResultKind::score && re.margin && !winner_only) {
        const auto for_black = [](Winner w, double margin) {
            return w == Winner::white ? -margin : w == Winner::black ? margin : 0.0;
        };
        rv.difference =
            match ? 0.0
                  : for_black(*recorded, std::fabs(*re.margin)) - for_black(c.winner, c.margin);
    }
    rv.check = match ? RecordCheck::match : RecordCheck::mismatch;
    if (match) return;
    rv.winner_differs = *recorded != c.winner;
    if (!s.settled) {
        rv.check = RecordCheck::unsettled;
        rv.why = unsettled_reason(s.unsettled);
        return;
    }
    rv.why = rv.winner_differs ? RecordReason::winner_differs : RecordReason::margin_differs;
    out.divergences.push_back(record_divergence(results, ru, in, end_board, diagrams));
}

bool result_reproduced(const sgf::GameResult& re, std::string_view place, const Count& c) {
    const ServerConvention* server = server_convention(place);
    const bool zero_is_draw = server != nullptr && server->zero_margin_is_draw;
    const bool zero_margin = re.kind == sgf::ResultKind::score && re.margin && *re.margin == 0.0;
    if (re.kind == sgf::ResultKind::draw || (zero_margin && zero_is_draw)) {
        return c.winner == Winner::draw;
    }
    if ((re.kind != sgf::ResultKind::score && re.kind != sgf::ResultKind::win) || !re.winner) {
        return false;
    }
    const Winner w = *re.winner == sgf::Color::black ? Winner::black : Winner::white;
    if (w != c.winner) return false;
    if (re.kind == sgf::ResultKind::win || zero_margin || !re.margin) return true;
    return std::fabs(*re.margin - c.margin) < 1e-9;
}

// Cheap checks of RE against the record itself, whatever the RU (after aeb's
// sgfcheck): a margin no count could give is an error; a margin whose half point disagrees
// with KM's, and a resignation by the player who made the last turn, are notes.
void check_result_plausibility(const sgf::GameRecord& rec, int handicap,
                               const std::array<int, 2>& captures, const std::array<int, 2>& passes,
                               std::optional<game::Color> last_turn, GameAudit& out) {
    if (!rec.result) return;
    const sgf::GameResult& re = *rec.result;
    if (re.kind == sgf::ResultKind::score && re.margin) {
        const double m = std::fabs(*re.margin);
        // Every point of the board, komi, the bonus, every prisoner and pass stone.
        const double bound = static_cast<double>(rec.size.width) * rec.size.height +
                             (rec.komi ? std::fabs(rec.komi->value) : 0.0) + handicap +
                             captures[0] + captures[1] + passes[0] + passes[1] + 1;
        if (m > bound) {
            add_issue(out, 0, 0,
                      issue::ResultImpossibleMargin{.re_text = re.text,
                                                    .margin = m,
                                                    .bound = bound,
                                                    .width = rec.size.width,
                                                    .height = rec.size.height});
        }
        // Half points: a count's margin has the fractional part of the komi (stones and
        // points are whole), when both are whole or half numbers.
        // R16: B+0 / W+0 outside OGS names the winner only: no margin to check.
        const ServerConvention* server = server_convention(rec.place);
        const bool winner_only = m == 0.0 && (server == nullptr || !server->zero_margin_is_draw);
        if (rec.komi && !winner_only) {
            const double km = std::fabs(rec.komi->value);
            const double fm = m - std::floor(m), fk = km - std::floor(km);
            const auto half_or_whole = [](double f) { return f == 0.0 || f == 0.5; };
            if (half_or_whole(fm) && half_or_whole(fk) && fm != fk) {
                add_issue(
                    out, 0, 0,
                    issue::ResultKomiParity{
                        .re_text = re.text, .km_text = rec.komi_text, .margin = m, .komi = km},
                    IssueSeverity::note);
            }
        }
    }
    if (re.kind == sgf::ResultKind::resign && re.winner && last_turn) {
        const game::Color loser =
            *re.winner == sgf::Color::black ? game::Color::white : game::Color::black;
        if (*last_turn == loser) {
            add_issue(out, 0, 0, issue::ResignerMovedLast{.re_text = re.text, .resigner = loser},
                      IssueSeverity::note);
        }
    }
}

}  // namespace sgfaudit::audit::detail
