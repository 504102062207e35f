#pragma once
// --ignore CODE,...: diagnostic codes (docs/diagnostics.md: S103, S003, F005, ...) and
// record-issue codes (occupied, handicap_inferred, ...) set aside. A diagnostic or record issue of
// an ignored code is not listed (diagnostics.csv, record_issues.csv, games.jsonl, index.html,
// check's text and JSON) but counted per code where the listing would have been: in each game
// object ("ignored"), check's totals and the summary (summary.md, summary.json "ignored"). Never
// dropped silently, and never a change of the exit status: every count the exit is decided by
// (files with errors, record errors, games with findings) still counts them.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::report {

// The codes set aside, sorted (as parse_ignore_list gives them).
using IgnoredCodes = std::span<const std::string>;

// Counts of the diagnostics and record issues set aside, by code.
using IgnoredCounts = std::map<std::string, std::uint64_t, std::less<>>;

// True when `code` is one of `ignored`.
bool is_ignored(IgnoredCodes ignored, std::string_view code) noexcept;

// Every code --ignore takes: the diagnostic codes of docs/diagnostics.md, then the record-issue
// codes (audit::IssueCode), each once.
std::vector<std::string_view> ignorable_codes();

// Parses "S103,S003,handicap_inferred" (white space around a code ignored, diagnostic codes in
// any case) into `codes`, sorted and each once. Returns "" or the error: an empty item, or a
// code that is neither a diagnostic nor a record-issue code (with the nearest code).
std::string parse_ignore_list(std::string_view list, std::vector<std::string>& codes);

// Adds the ignored diagnostics and record issues of a game (or of a file without a game: no
// audit) to `counts`.
void count_ignored(IgnoredCounts& counts, IgnoredCodes ignored,
                   std::span<const sgf::Diagnostic> diagnostics,
                   const audit::GameAudit* audit = nullptr);

// "S003 2, S103 12": the counts, by code in order ("" when none).
std::string ignored_text(const IgnoredCounts& counts);

}  // namespace sgfaudit::report
