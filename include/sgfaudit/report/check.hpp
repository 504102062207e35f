#pragma once
// The report of `sgfaudit check`: the referee's view of one game, as text for people or as one
// JSON object per game (docs/report-format.md). Pure writers: they take audit results and the
// game's identity and write to the stream they are given; no files, no threads, no global state.
// Output is deterministic: the same input gives the same bytes.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/diagnostic.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "sgfaudit/sgf/values.hpp"

namespace sgfaudit::report {

// The schema of a game object (check --format json, games.jsonl; docs/report-format.md),
// written in every object's "schema" field.
inline constexpr std::string_view kGameSchema = "sgfaudit-game/3";

// The two forms of a game object (docs/report-format.md), named in its "form" field. compact:
// the count's terms and its table only for a ruleset whose count decides something in the game
// (it ended by two passes, or an outcome, accounting or record divergence names the ruleset),
// and no boards in divergences. full: every field, every count (schema 1's fields, and
// compact's).
enum class GameJson : std::uint8_t { compact, full };
std::string_view to_string(GameJson form) noexcept;

// Where a record issue is in the file (parallel to GameAudit::record_issues); {0, 0}: unknown.
using IssueLocations = std::span<const sgf::Location>;

// One game to report: who and what it is (from the record), and its audit.
struct CheckInput {
    std::string_view file;  // as named in diagnostics
    int game = 0;           // 0-based index in the file (written 1-based)
    std::string_view black_name, black_rank, white_name, white_rank;
    std::string_view rules;                      // RU verbatim ("" when absent)
    std::optional<std::string_view> result;      // RE verbatim, nullopt when absent
    std::optional<sgf::ResultKind> result_kind;  // RE's form, nullopt when absent
    std::optional<double> komi;                  // KM as read, nullopt when absent or unreadable
    std::string_view komi_text;                  // KM verbatim
    audit::AuditOptions options;                 // as the audit ran (dead policy, on-illegal)
    const audit::GameAudit* audit = nullptr;     // required
    IssueLocations issue_locations;              // may be shorter than record_issues
    std::span<const sgf::Event> events;          // the record's main line (superko cycles)
    // Diagnostics of this game (and, for the first game, of the file as a whole). JSON only:
    // in text mode the command prints them to stderr.
    std::span<const sgf::Diagnostic> diagnostics;
    // Codes set aside by --ignore, sorted (report/ignore.hpp): their diagnostics and record
    // issues are not listed by any writer, but counted per code ("ignored").
    std::span<const std::string> ignore;
};

// A CheckInput for `audit` of `record`, a game of the file named `file`: its identity from the
// record (index, players, RU, RE, KM) and the audit. The caller adds what the run knows: the
// options, the record issues' locations and the diagnostics.
CheckInput check_input(std::string_view file, const sgf::GameRecord& record,
                       const audit::GameAudit& audit);
// Where each record issue of `audit` is in `doc` ({0, 0} when unknown), parallel to
// audit.record_issues, for CheckInput::issue_locations.
std::vector<sgf::Location> locate_issues(const sgf::Document& doc, const audit::GameAudit& audit);

// Writes the text report of one game, ending with a blank line.
void write_check_text(std::ostream& out, const CheckInput& input);
// The same, appended to a string.
void append_check_text(std::string& out, const CheckInput& input);

// Writes one JSON object for one game on one line, ended by '\n' (schema sgfaudit-game/2, in
// the form `form`).
void write_check_json(std::ostream& out, const CheckInput& input,
                      GameJson form = GameJson::compact);

// Writes one JSON object for a file that gave no game to report (unreadable, no game tree, or a
// folder entry that could not be listed): {"schema", "form", "file", "game": null, "findings",
// "diagnostics"}; "findings" is true when a diagnostic is an error (an ignored one too).
// Diagnostics of a code in `ignore` are counted in "ignored" instead of listed.
void write_check_json_file(std::ostream& out, std::string_view file,
                           std::span<const sgf::Diagnostic> diagnostics,
                           GameJson form = GameJson::compact,
                           std::span<const std::string> ignore = {});

// The totals of `check --format json`, written as its last line (schema kCheckTotalsSchema).
inline constexpr std::string_view kCheckTotalsSchema = "sgfaudit-check-totals/1";
struct CheckTotals {
    std::uint64_t files = 0, games = 0, games_with_findings = 0;
    bool findings = false;  // the exit status is 1 (else 0)
    // --ignore: the diagnostics and record issues set aside, by code (sorted).
    std::vector<std::pair<std::string, std::uint64_t>> ignored;
};
// Writes {"schema", "files", "games", "games_with_findings", "exit": {"status", "reason"}} on
// one line, ended by '\n'; with --ignore, "ignored": {"CODE": count, ...} before "exit".
void write_check_totals_json(std::ostream& out, const CheckTotals& totals);

// wording.cpp: the sentence for people that words a record issue's facts ("move 12: B plays on
// the occupied point D4 (dp)"). `height`: the record's board height (GameAudit::height), for
// board coordinates.
std::string issue_message(const audit::RecordIssue& issue, int height);

// source_wording.cpp: where a count's komi came from, as reports name it: "record", "record
// (adjusted from KM[6,5])", "default", "default (KM unreadable)" or "override".
std::string komi_source_text(const audit::Score& score);
// source_wording.cpp: how a count's dead stones were chosen, as reports name it: "none", "markup",
// "list", "pass-alive", the oracle's name, "gnugo failed: WHY", "none (strict TT 8: the board as
// it is)", ... `oracle`: Score::dead_oracle (the oracle's name or its failure text);
// `engine_dead`: Score::engine_dead (judge_engine: the strings the oracle decided dead, named).
std::string dead_source_text(audit::DeadSource source, std::string_view oracle,
                             std::span<const sgf::Point> engine_dead = {});
// The same for a source whose text names no engine (all but oracle, oracle_failed and
// judge_engine), without a copy; nullopt for those three.
std::optional<std::string_view> fixed_dead_source_text(audit::DeadSource source) noexcept;
// wording.cpp: how a record's RU text was read, or why it maps to no preset (map_ru's reason),
// e.g. "RU 'AGA' names the aga preset", "RU 'TT--' is not a ruleset name sgfaudit knows; not
// mapped". RU is quoted as it is in messages (cut after 80 code points, controls escaped).
std::string ru_mapping_text(const audit::RuReason& reason);
// wording.cpp: why a ruleset spec, a list of rulesets or a `--map-ru NAME=SPEC` does not parse,
// naming the bad part and listing what is allowed, e.g. "unknown knob 'kox' in 'aga:kox=ssk':
// the knobs are suicide, ko, ...". Texts are quoted as RU is (cut after 80 code points, controls
// escaped). "" for SpecErrorKind::none.
std::string spec_error_text(const audit::SpecError& error);

// A cropped picture of a board (rows top to bottom: '.', 'X', 'O'), about `window` x `window`
// points around `play`, with column letters (skipping I, as audit::board_coordinates) above and
// below and row numbers (counted from the bottom) on both sides. The play is marked by parentheses
// around its point. Rows end with '\n'. Returns "" when `board` is empty or not a board of 1..52
// x 1..52 points.
std::string crop_diagram(const audit::Position& board, sgf::Point play, int window = 9);

// JSON string literal of `s` (with the quotes): '"' and '\\' escaped, control characters as
// \b \f \n \r \t or \u00XX, everything else (UTF-8 included) passed through.
std::string json_string(std::string_view s);

// Shortest decimal that reads back as `v` ("7.5", "184", "-0.5"); "null" when not finite.
std::string json_number(double v);

}  // namespace sgfaudit::report
