#pragma once
// Why rulesets disagree: a cause from a closed list for every divergence and every pair of
// rulesets it involves (docs/report-format.md "Causes"). Derived only from typed facts of the
// audit (illegal-play reasons, ruleset knobs, the terms of the counts, record-issue codes),
// never from the verdicts' text.

#include <cstdint>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"

namespace sgfaudit::report {

// The closed list; stable names (to_string) in reports. Order: how the summary lists them.
enum class Cause : std::uint8_t {
    suicide,               // legality: one ruleset forbids suicide, the other removes the string
    psk_only_cycle,        // legality: a repeat with the other player to move (psk only forbids)
    superko_after_pass,    // legality: the repeat followed a pass (psk/ssk forbid, nssk allows)
    superko_vs_simple_ko,  // legality: a superko forbids what simple ko allows
    end_rule,              // end/outcome: final vs resumable two passes (the end moves differ)
    stopped_replay,        // end: --on-illegal stop ended one ruleset's replay
    no_result_cycle,       // end: J 12 voids the game under one ruleset (cycle=no-result) only
    dead_stones,           // outcome: different dead stones removed (strict TT 8 vs the policy)
    komi,                  // outcome: different komi (defaults or overrides)
    handicap_bonus,        // outcome/accounting: handicap compensation differs (bonus, counting)
    pass_stones,           // outcome/accounting: pass stones count in one count only
    setup_stones,          // outcome/accounting: setup stones outside a handicap count in area only
    seki_eyes,             // outcome: the eyes of a seki are territory under one ruleset only
    counting_method,       // outcome/accounting: area vs territory on the same board
    re_winner,             // record: RE names another winner than the count under RU
    re_margin,             // record: same winner, another margin
    legality_rule,         // outcome: a suicide or ko knob alone ends the game elsewhere (stop)
    button,                // outcome: KataGo's button (half a point) alone flips the winner
    combined,              // outcome: no single knob flips the winner, only several together
    other,                 // none of the above (please report the game)
};
inline constexpr std::size_t kCauses = 20;
std::string_view to_string(Cause c) noexcept;
// One line for people: what the cause means.
std::string_view describe(Cause c) noexcept;

// The cause for one pair of rulesets of a divergence: `first` <= `second` (indices into
// GameAudit::results; equal for accounting and record, where one ruleset is involved;
// kNoRuleset for a record divergence whose RU ruleset was judged only for the record check).
inline constexpr std::uint16_t kNoRuleset = 0xffff;
struct PairCause {
    std::uint16_t first = 0, second = 0;
    Cause cause = Cause::other;
    // Every count the pair compares is settled (outcome: both rulesets' counts;
    // accounting: the ruleset's; legality, end and record: always, a record check on an
    // unsettled count being `unsettled`, never a divergence).
    bool settled = true;
    // From audit::Divergence::flips. Outcome: the knobs that alone flip the
    // winner of the first ruleset's count, with their swings; record: the values of one knob of
    // the record's ruleset that reproduce RE. Empty for the other kinds.
    std::vector<audit::KnobFlip> knobs;
};

// The cause a knob that alone flips an outcome stands for (komi and the default komis: komi;
// scoring: counting_method; bonus: handicap_bonus; pass-stones and white-moves-last:
// pass_stones; end: end_rule; cycle: no_result_cycle; dead: dead_stones; suicide and ko:
// legality_rule; seki-eyes and button: themselves).
Cause knob_cause(audit::Knob k) noexcept;

// Where a pair's counts are not settled: a stone of each string the dead-stone source was
// unsure of (audit::Score::unsure of both rulesets, without repeats, in board order).
std::vector<sgf::Point> unsure_points(const audit::GameAudit& a, const PairCause& c);

// Every pair of `d` with its cause, pairs in ruleset order; never empty. The first pair's cause
// is the divergence's `cause`. An outcome pair with counterfactual flips (audit::
// Divergence::flips) takes the cause of the knob with the largest swing (the first in knob
// order among equals), `combined` when no knob alone flips it; without them (a hand-built
// audit) the first term that differs between the two counts.
std::vector<PairCause> divergence_causes(const audit::GameAudit& a, const audit::Divergence& d);

}  // namespace sgfaudit::report
