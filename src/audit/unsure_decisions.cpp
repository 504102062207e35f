// R20: a record check left unsettled because the judge of end positions was unsure of some
// strings is decided when no decision about them changes the comparison. Contract: replay.hpp
// (EndOfGame::decide_unsure).

#include <algorithm>
#include <cmath>

#include "after_replay.hpp"
#include "end_of_game.hpp"
#include "sgfaudit/audit/end_judge.hpp"

namespace sgfaudit::audit::detail {

namespace {

// RE as Black's margin (B+x is x, W+x is -x), when it is a score with a margin.
std::optional<double> recorded_for_black(const sgf::GameResult& re) {
    if (re.kind != sgf::ResultKind::score || !re.margin || !re.winner) return std::nullopt;
    return *re.winner == sgf::Color::black ? std::fabs(*re.margin) : -std::fabs(*re.margin);
}

}  // namespace

// R20: `unsettled` only where another decision about a string the dead-stone source is not sure
// of would change the comparison. The judge's sure verdicts stand; each of its unsure strings
// (at most kUnsureDecided) is taken dead or left alive, every combination counted:
// - every decision's count reproduces RE: a match;
// - none does, nor any of R18's readings of any decision's count, nor R12's agreement over the
//   judge's dead strings and the unsure ones together (at most kAgreementBound strings): no
//   allowed reading reaches RE, a mismatch, with the count closest to RE;
// - else the decisions split, and the check stays unsettled.
// Only a count the judge was asked about (`--dead auto`, Benson's count unsettled) with a
// finished boundary and a plausible judgement is decided so; others stay as they are.
void EndOfGame::decide_unsure(const Lane& l) {
    RecordVerdict& rv = out_.record;
    if (rv.check != RecordCheck::unsettled || !counts_.dead().judge || l.tally < 0 || !rec_.result)
        return;
    if (rv.why != RecordReason::unsettled_benson && rv.why != RecordReason::unsettled_small_eye &&
        rv.why != RecordReason::unsettled_atari) {
        return;
    }
    const game::Board& b = end_board(l);
    const EndJudgement& judged = counts_.judgement(l.end_board, board_);
    const std::optional<std::vector<std::vector<Vertex>>> unsure = unsure_strings_of(b, judged);
    if (!unsure) return;
    std::vector<std::vector<Vertex>> strings = dead_strings(b, judged.dead);
    if (strings.size() + unsure->size() > kAgreementBound) return;
    Decisions d = count_decisions(l, judged.dead, *unsure);
    if (!d.every && !d.none) return;  // the decisions split: unsettled (R20)
    if (d.none) {
        // No decision's count reproduces RE: neither may any allowed reading of one (R18, R12).
        for (const Tally& t : d.tallies) {
            if (convention_reading(l, t, DeadSource::judge, {})) return;
        }
        strings.insert(strings.end(), unsure->begin(), unsure->end());
        if (find_agreement(l, strings, DeadSource::judge, {})) return;
    }
    for (const std::vector<Vertex>& s : *unsure) {
        rv.decided_unsure.push_back(point_of(*std::min_element(s.begin(), s.end())));
    }
    std::sort(rv.decided_unsure.begin(), rv.decided_unsure.end(), board_order);
    rv.dead_source = DeadSource::judge;
    if (d.every) {
        rv.check = RecordCheck::match;
        rv.why = RecordReason::unsure_every_decision_reproduces;
        rv.count = d.counts.front().decision();
        if (rv.difference) rv.difference = 0.0;
        rv.winner_differs = false;
        return;
    }
    every_decision_misses(l, d.counts);
}

// The strings of `b` the judge is unsure of (their stones), when its finding is relied on (a
// finished boundary, a plausible loss) and there are 1 to kUnsureDecided of them.
std::optional<std::vector<std::vector<game::Vertex>>> EndOfGame::unsure_strings_of(
    const game::Board& b, const EndJudgement& judged) {
    if (judged.open_boundary || judged.implausible || judged.unsure == 0) return std::nullopt;
    std::vector<std::vector<Vertex>> unsure;
    for (const JudgedString& s : judged.strings) {
        if (s.verdict != StringVerdict::unsure) continue;
        if (unsure.size() == kUnsureDecided) return std::nullopt;  // past the bound
        std::vector<Vertex>& stones = unsure.emplace_back();
        b.for_each_chain_stone(s.stone, [&](Vertex v) { stones.push_back(v); });
    }
    return unsure;
}

// Counts `l`'s end board once per decision about `unsure` (mask bit i: string i dead), with
// the judge's `dead` removed each time.
EndOfGame::Decisions EndOfGame::count_decisions(const Lane& l, const std::vector<Vertex>& dead,
                                                const std::vector<std::vector<Vertex>>& unsure) {
    const game::Board& b = end_board(l);
    const RulesetResult& res = l.result;
    const KomiChoice komi = choose_komi(rec_, res.ruleset, out_.handicap);
    const SekiReadings readings = SekiReadings::of(res.ruleset.seki_eyes);
    const std::uint32_t k = static_cast<std::uint32_t>(unsure.size());
    Decisions d;
    for (std::uint32_t mask = 0; mask < (1u << k); ++mask) {
        std::vector<Vertex> removed = dead;
        for (std::uint32_t i = 0; i < k; ++i) {
            if ((mask & (1u << i)) != 0) {
                removed.insert(removed.end(), unsure[i].begin(), unsure[i].end());
            }
        }
        Tally t = readings.j8 || readings.kg
                      ? tally_position(b, DeadStones{DeadPolicy::markup, removed}, readings)
                      : tally_regions_without(b, removed);
        t.removed = std::move(removed);
        Score s = score_position(t, res.ruleset, l.end_state, out_.handicap, komi,
                                 DeadSource::judge, {}, one_stone_handicap_);
        const bool reproduced = result_reproduced(*rec_.result, rec_.place, s.decision());
        d.every = d.every && reproduced;
        d.none = d.none && !reproduced;
        d.counts.push_back(std::move(s));
        d.tallies.push_back(std::move(t));
    }
    return d;
}

// R20's mismatch: the record verdict and divergence with the decision's count closest to RE
// (the first decision, every unsure string alive, where RE has no margin to compare).
void EndOfGame::every_decision_misses(const Lane& l, const std::vector<Score>& counts) {
    RecordVerdict& rv = out_.record;
    // RE's margin as Black's where the check compares margins (check_record set a difference).
    const std::optional<double> re_for_black =
        rv.difference ? recorded_for_black(*rec_.result) : std::nullopt;
    const bool margins = re_for_black.has_value();
    const double recorded = re_for_black.value_or(0.0);
    std::size_t closest = 0;
    if (margins) {
        for (std::size_t i = 1; i < counts.size(); ++i) {
            if (std::fabs(recorded - black_lead(counts[i].decision())) <
                std::fabs(recorded - black_lead(counts[closest].decision()))) {
                closest = i;
            }
        }
    }
    const Count& c = counts[closest].decision();
    rv.check = RecordCheck::mismatch;
    rv.count = c;
    // The winner compared alone: RE read without its margin.
    sgf::GameResult winner_only = *rec_.result;
    if (winner_only.kind == sgf::ResultKind::score && winner_only.margin &&
        *winner_only.margin != 0.0) {
        winner_only.kind = sgf::ResultKind::win;
    }
    rv.winner_differs = !result_reproduced(winner_only, rec_.place, c);
    rv.why = RecordReason::unsure_every_decision_misses;
    if (margins) rv.difference = recorded - black_lead(c);
    Divergence d;
    d.kind = DivergenceKind::record;
    d.clause = l.result.ruleset.clause(Knob::scoring);
    const std::size_t ru = static_cast<std::size_t>(&l - lanes_.data());
    if (ru < chosen_) {
        Verdict v;
        v.ruleset = ru;
        v.count = decisive_count(counts[closest]);
        d.verdicts.push_back(std::move(v));
    }
    if (options_.diagrams) d.board_after = position_of(end_board(l));
    out_.divergences.push_back(std::move(d));
}

}  // namespace sgfaudit::audit::detail
