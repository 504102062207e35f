#pragma once
// The registry of record-issue codes: every IssueCode with its stable name (the code in reports,
// JSON and CSV), its severity (rules.md 7 R10) and what it means in one line.
// docs/report-format.md ("Record issues") documents each in full; tests/audit/issue_codes.test.cpp
// checks that its table lists exactly these codes with these severities.
//
// An issue's facts are its payload (RecordIssue::payload), one struct per code in audit.hpp's
// namespace `issue`; the payload's type is the code, so a producer gives the payload alone
// (`issue(move, offset, issue::KomiQuirk{...})`) and cannot file one code's facts under another.
// report::issue_message words each payload (src/report/wording.cpp, one function per payload).
// A new code takes:
//   1. audit.hpp: an enumerator of IssueCode, its payload struct in namespace `issue` (with its
//      `code`, even when it carries no data), and that struct at the enumerator's place in
//      IssuePayload;
//   2. here: its row of kIssueCodes;
//   3. src/report/wording.cpp: its words (an overload of `words`);
//   4. docs/report-format.md: its row in "Record issues";
// plus the producer and tests. The compiler checks 1 to 3 (the static_asserts below; a payload
// without words does not compile), tests/audit/issue_codes.test.cpp checks 4.

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>
#include <variant>

#include "sgfaudit/audit/audit.hpp"

namespace sgfaudit::audit {

struct IssueCodeInfo {
    IssueCode code;
    std::string_view name;   // stable: to_string(code)
    IssueSeverity severity;  // what the audit gives it
    // setup_without_handicap: a note instead for OGS's one-stone handicap (R10).
    bool or_note = false;
    std::string_view summary = {};  // one line (docs/report-format.md: in full)
};

// In IssueCode order.
inline constexpr std::array kIssueCodes{
    IssueCodeInfo{IssueCode::occupied, "occupied", IssueSeverity::error, false,
                  "a play on an occupied point"},
    IssueCodeInfo{IssueCode::off_board, "off_board", IssueSeverity::error, false,
                  "a move value that is neither a pass nor a point of the board"},
    IssueCodeInfo{IssueCode::out_of_turn, "out_of_turn", IssueSeverity::error, false,
                  "the same colour twice outside handicap placement"},
    IssueCodeInfo{IssueCode::illegal_everywhere, "illegal_everywhere", IssueSeverity::error, false,
                  "a play every chosen ruleset and every preset forbids (RU maps to none)"},
    IssueCodeInfo{IssueCode::illegal_under_record_rules, "illegal_under_record_rules",
                  IssueSeverity::error, false,
                  "a play illegal under the record's own ruleset, other than by superko alone"},
    IssueCodeInfo{IssueCode::superko_not_enforced, "superko_not_enforced", IssueSeverity::note,
                  false, "a play the record's own ruleset forbids only by superko"},
    IssueCodeInfo{IssueCode::setup_after_start, "setup_after_start", IssueSeverity::error, false,
                  "setup stones after the first move"},
    IssueCodeInfo{IssueCode::setup_after_root, "setup_after_root", IssueSeverity::note, false,
                  "setup stones after the root, before the first move"},
    IssueCodeInfo{IssueCode::setup_without_handicap, "setup_without_handicap", IssueSeverity::error,
                  true, "setup stones before the first move without a handicap of 2 or more"},
    IssueCodeInfo{IssueCode::handicap_mismatch, "handicap_mismatch", IssueSeverity::error, false,
                  "HA and the number of Black setup stones differ"},
    IssueCodeInfo{IssueCode::handicap_missing, "handicap_missing", IssueSeverity::error, false,
                  "HA >= 2, no handicap stones, and White plays first"},
    IssueCodeInfo{IssueCode::handicap_inferred, "handicap_inferred", IssueSeverity::note, false,
                  "the stones of a missing handicap were inferred"},
    IssueCodeInfo{IssueCode::handicap_one, "handicap_one", IssueSeverity::note, false,
                  "HA[1]: scored as an even game"},
    IssueCodeInfo{IssueCode::placement_interrupted, "placement_interrupted", IssueSeverity::error,
                  false, "a White play or a Black pass before the handicap stones were placed"},
    IssueCodeInfo{IssueCode::komi_quirk, "komi_quirk", IssueSeverity::note, false,
                  "KM read by a quirk (a decimal comma, Fox's x100)"},
    IssueCodeInfo{IssueCode::no_liberties_after_setup, "no_liberties_after_setup",
                  IssueSeverity::error, false, "the start position has a string without liberties"},
    IssueCodeInfo{IssueCode::dead_point_off_board, "dead_point_off_board", IssueSeverity::error,
                  false, "a --dead point that is not a point of this game's board"},
    IssueCodeInfo{IssueCode::result_impossible_margin, "result_impossible_margin",
                  IssueSeverity::error, false, "RE gives a margin larger than any count could"},
    IssueCodeInfo{IssueCode::result_komi_parity, "result_komi_parity", IssueSeverity::note, false,
                  "RE's margin and KM differ in their half point"},
    IssueCodeInfo{IssueCode::resigner_moved_last, "resigner_moved_last", IssueSeverity::note, false,
                  "RE says a player resigned who made the last turn"},
    IssueCodeInfo{IssueCode::dead_stones_undecided, "dead_stones_undecided", IssueSeverity::note,
                  false, "the engine could not decide the dead stones"},
    IssueCodeInfo{IssueCode::end_by_result, "end_by_result", IssueSeverity::note, false,
                  "the record stops without two passes, RE a score: counted as if passes followed"},
    IssueCodeInfo{IssueCode::markup_recount_differs, "markup_recount_differs", IssueSeverity::note,
                  false, "the final node's territory markup differs from the recount"},
};

constexpr bool issue_codes_in_order() {
    for (std::size_t i = 0; i < kIssueCodes.size(); ++i) {
        if (static_cast<std::size_t>(kIssueCodes[i].code) != i) return false;
    }
    return true;
}
static_assert(issue_codes_in_order());

// One payload per row, the payload of code i at index i of IssuePayload (RecordIssue::code()).
template <std::size_t... I>
constexpr bool payloads_in_order(std::index_sequence<I...>) {
    return ((std::variant_alternative_t<I, IssuePayload>::code == kIssueCodes[I].code) && ...);
}
static_assert(std::variant_size_v<IssuePayload> == kIssueCodes.size());
static_assert(payloads_in_order(std::make_index_sequence<kIssueCodes.size()>{}));

// The row of a code the registry lacks (a bug): named "?".
inline constexpr IssueCodeInfo kUnknownIssueCode{IssueCode::occupied, "?", IssueSeverity::error};

// The registry's row of `code`.
constexpr const IssueCodeInfo& issue_code_info(IssueCode code) noexcept {
    const auto i = static_cast<std::size_t>(code);
    return i < kIssueCodes.size() ? kIssueCodes[i] : kUnknownIssueCode;
}

// True when the registry allows `severity` for `code`.
constexpr bool allowed_severity(IssueCode code, IssueSeverity severity) noexcept {
    const IssueCodeInfo& info = issue_code_info(code);
    return severity == info.severity || (info.or_note && severity == IssueSeverity::note);
}

}  // namespace sgfaudit::audit
