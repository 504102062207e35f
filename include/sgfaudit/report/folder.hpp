#pragma once
// The report folder of `sgfaudit audit` (docs/report-format.md): per-game pieces written in
// parallel (a games.jsonl line, divergences.csv and diagnostics.csv rows, an HTML section with
// SVG diagrams, the facts the summary counts), and the summary (summary.md and the top of
// index.html) accumulated game by game in input order. Pure writers: they append to the strings
// or streams they are given; no files, no threads. Same input, same bytes.

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/cause.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::report {

// Appends one games.jsonl line (the game object of docs/report-format.md in the form `form`,
// ended by '\n').
void append_game_json(std::string& out, const CheckInput& input, GameJson form = GameJson::compact);
// Appends one games.jsonl line for a file that gave no game (see write_check_json_file).
void append_file_json(std::string& out, std::string_view file,
                      std::span<const sgf::Diagnostic> diagnostics,
                      GameJson form = GameJson::compact, std::span<const std::string> ignore = {});

// Appends one divergences.csv row per divergence of the game (RFC 4180 quoting); the game's
// rulesets are the run's, in the order of divergences.csv's header (report/files.hpp: one
// column per ruleset, its verdict as a typed value).
void append_divergence_rows(std::string& out, const CheckInput& input);
// Appends one record_issues.csv row per record issue of the game (rules.md 3, 6, 7).
void append_record_issue_rows(std::string& out, const CheckInput& input);
// Appends one diagnostics.csv row per diagnostic; `game` is the 0-based game index the rows
// belong to, or -1 for the file as a whole (the game column is then empty unless a diagnostic
// names its own game).
// Diagnostics of a code in `ignore` (--ignore) are left out.
void append_diagnostic_rows(std::string& out, std::span<const sgf::Diagnostic> diagnostics,
                            std::span<const std::string> ignore = {});

// One field of a CSV row, quoted when it holds a comma, a quote or a line break.
void append_csv_field(std::string& out, std::string_view field);

// An SVG picture of a whole board, with coordinates (columns skip I, rows counted from the
// bottom). `play`, when given, is ringed in red; where `before` (same size) has a stone and
// `board` has none, a red cross marks a stone that the play removed. Returns "" when `board`
// is empty or not a board of 1..52 x 1..52 points.
// `numbers` are drawn on their points (a move number; the latest one when a point has several).
std::string svg_board(const audit::Position& board, const sgf::Point* play,
                      const audit::Position& before,
                      std::span<const std::pair<sgf::Point, std::uint32_t>> numbers = {});

inline constexpr std::size_t kDivergenceKinds = 5;

// index.html lists the divergences grouped by kind and cause (docs/report-format.md): a group
// per (kind, cause), numbered by html_group.
inline constexpr std::size_t kHtmlGroups = kDivergenceKinds * kCauses;
std::uint16_t html_group(audit::DivergenceKind kind, Cause cause) noexcept;
audit::DivergenceKind group_kind(std::uint16_t group) noexcept;
Cause group_cause(std::uint16_t group) noexcept;

// One divergence's block of index.html: `head` (the game's identity, the summary, a note when
// the game's record has errors), the diagram `figure` and `tail` (the verdicts). `figure` is ""
// when the divergence has no board (`has_board` false) or was not drawn.
struct HtmlBlock {
    std::uint16_t group = 0;
    bool has_board = false;
    std::string head, figure, tail;
};
// What index.html says in place of a diagram left out by the cap.
inline constexpr std::string_view kDiagramNotDrawn =
    "<p class=\"nodiagram\">(no diagram: the cap on diagrams was reached)</p>\n";

// Appends one block per divergence of the game (nothing for a game without). The game's first
// block carries the id `anchor`; blocks have ids `anchor-K` (K-th divergence). A diagram is
// drawn when draw(group) is true: the board at the play (legality: after it, the play ringed,
// removed stones crossed; a superko play also the board before it and the cycle's moves
// numbered on the repeated position), else the position as the game ended.
void append_html_blocks(std::vector<HtmlBlock>& out, const CheckInput& input,
                        std::string_view anchor, const std::function<bool(std::uint16_t)>& draw);
// Whether append_html_blocks, given the same `draw`, may draw a count of the game (a diagram
// of an outcome, accounting, record or end divergence): what the audit asks before it draws
// the game's counts (audit::AuditOptions::draw_counts_if). draw(group) must stay false once it
// is false, as index.html's budget does: a game this calls countless gets no count drawn.
bool html_draws_counts(const audit::GameAudit& audit,
                       const std::function<bool(std::uint16_t)>& draw);

// Appends one row of the broken-records table per record error of the game (notes are left
// out): the game (linked to `anchor` when not empty), move, code, message. Returns the rows.
std::size_t append_html_broken_rows(std::string& out, const CheckInput& input,
                                    std::string_view anchor);
// The broken-records section around its rows: `games` games with record errors, `rows` rows
// shown of `errors`.
std::string html_broken_start(std::uint64_t games, std::uint64_t rows, std::uint64_t errors);
inline constexpr std::string_view kHtmlTableEnd = "</table>\n";

// The order of the groups on the page: kinds legality, outcome, record, end, accounting; within
// a kind the rarer cause first (then the list's order). Groups without divergences are left out.
std::vector<std::uint16_t> html_group_order(
    const std::array<std::uint64_t, kHtmlGroups>& divergences);
// The diagrams each group may draw, from `max` in the order of `order`: a group takes what it
// has boards for, the next group the rest.
std::array<std::uint64_t, kHtmlGroups> html_diagram_budget(
    std::span<const std::uint16_t> order, const std::array<std::uint64_t, kHtmlGroups>& boards,
    std::uint64_t max);
// A group's heading (id "g-KIND-CAUSE"), the cause's meaning and its diagrams drawn.
std::string html_group_heading(std::uint16_t group, std::uint64_t divergences, std::uint64_t drawn,
                               std::uint64_t boards);
// A count with thousands separators (1,234,567): the figures of summary.md and the HTML pages
// (the JSON and CSV files keep plain digits).
std::string thousands(std::uint64_t n);
// The id of a group's heading ("g-legality-superko"): its anchor in index.html, and the name of
// its pages (pages/ID.html, pages/ID-2.html, ...) when index.html would pass kMaxPageBytes.
std::string html_group_id(std::uint16_t group);
// The anchor in index.html where the groups of a kind start ("kind-legality").
std::string html_kind_id(audit::DivergenceKind kind);
// No page of the report is larger: past it, the groups of divergences go to pages of their own
// (pages/, at most kPageBytes of divergences each), linked from index.html.
inline constexpr std::uint64_t kMaxPageBytes = 5'000'000;
inline constexpr std::uint64_t kPageBytes = 2'000'000;
// `check --format html`: one game's section of the referee's page (the illegal plays of each
// ruleset, the divergences drawn as in index.html, every clause cited with rules.md's text),
// between html_page_start and html_page_end.
void append_check_html(std::string& out, const CheckInput& in);
// Text as index.html escapes it (detail::html_escape), for the cli's lines of the page.
std::string html_escape_text(std::string_view text);
// The start of a page of pages/ (the style of index.html, a link back to it) and its end.
std::string html_page_start(std::string_view title, std::string_view back);
std::string html_page_end();
// The table of contents: the summary's sections, broken records, and every group.
std::string html_contents(std::span<const std::uint16_t> order,
                          const std::array<std::uint64_t, kHtmlGroups>& divergences,
                          std::uint64_t broken_games);

// How a game ended, for the summary's totals (docs/report-format.md).
enum class Ending : std::uint8_t {
    scored,         // two consecutive passes ended it under some ruleset
    counted,        // R13: counted at its last position without passes (RE a score), not scored
    resigned,       // RE says resignation
    time,           // RE says time
    forfeit,        // RE says forfeit
    unfinished,     // none of the above: no double pass, no resignation, time or forfeit
    not_auditable,  // not a Go game or unusable record
};
inline constexpr std::size_t kEndings = 7;
std::string_view to_string(Ending e) noexcept;

// The schema of summary.json (docs/report-format.md), in its "schema" field. 2: the
// counts of divergences, pairs and causes are of settled counts, unsettled ones apart.
inline constexpr std::string_view kSummarySchema = "sgfaudit-summary/2";
// The unsettled divergences summary.md, summary.json and index.html list by name (the rest are
// counted; divergences.csv has every one).
inline constexpr std::size_t kMaxUnsettledListed = 1000;

// Why a run exits as it does (docs/report-format.md "Exit status"): 0, 1, 2.
enum class ExitReason : std::uint8_t {
    clean,          // 0: nothing found (record notes never count)
    findings,       // 1: a divergence, illegal play, record error, RE mismatch, file error...
    could_not_run,  // 2: bad arguments, a missing path, no report written, interrupted
};
std::string_view to_string(ExitReason r) noexcept;

// What the summary needs to know of one game (computed in the parallel stage). A shard keeps
// them in its records field by field (report/facts_codec.hpp, src/report/facts_codec.cpp): a
// field added here is encoded and read there (a new shard format) and filled and compared in
// tests/report/facts_codec.test.cpp, whose structured bindings stop compiling until it is.
struct GameFacts {
    std::string file;
    int game = 0;         // 0-based
    std::string anchor;   // id of the game's section in index.html ("" when it has none)
    std::string players;  // "Black vs White" for the top list
    bool findings = false;
    bool illegal = false;  // an illegal play under some ruleset
    std::uint32_t moves = 0;
    Ending ending = Ending::unfinished;
    std::array<std::uint32_t, kDivergenceKinds> divergences{};  // by audit::DivergenceKind
    // Of `divergences`, those on counts that are not settled (a divergence
    // with a pair whose counts are not all settled, PairCause::settled).
    std::array<std::uint32_t, kDivergenceKinds> unsettled{};
    // Of the settled outcome divergences, those whose every pair's cause is dead_stones: a
    // ruleset that counts the board as it stands (strict TT 8) against one that removes the
    // stones the dead-stone source calls dead. Summaries count them apart from the rest.
    std::uint32_t dead_stones_only = 0;
    // For each divergence kind, the pairs of rulesets (i < j, indices into the run's rulesets)
    // whose verdicts differ, one entry per divergence and pair whose counts are settled; those
    // on unsettled counts in unsettled_pairs.
    std::vector<std::array<std::uint16_t, 3>> pairs;  // {kind, i, j}
    std::vector<std::array<std::uint16_t, 3>> unsettled_pairs;
    // Per divergence and pair, its cause: {kind, cause, i, j} (report::divergence_causes);
    // settled pairs here, unsettled ones in unsettled_causes.
    std::vector<std::array<std::uint16_t, 4>> causes;
    std::vector<std::array<std::uint16_t, 4>> unsettled_causes;
    // Per divergence, pair and knob that alone flips it (outcome) or would
    // reproduce RE (record): {kind, i, j, knob} and the value, whether the pair is settled.
    struct KnobFact {
        std::array<std::uint16_t, 4> key{};  // {kind, i, j, knob}
        std::string value;
        bool settled = true;
    };
    std::vector<KnobFact> knobs;
    // The pairs on unsettled counts, listed apart: {kind, i, j} and the strings the dead-stone
    // source was unsure of, in board coordinates ("D4, Q16").
    struct UnsettledFact {
        std::array<std::uint16_t, 3> key{};
        std::string unsure;
    };
    std::vector<UnsettledFact> unsettled_list;
    // The index.html group (html_group) of each divergence: its first pair's cause. Another
    // pair's cause may have no group of its own on the page.
    std::vector<std::uint16_t> groups;
    // Accounting divergences, by the ruleset whose two counts disagree.
    std::vector<std::uint16_t> accounting;
    audit::RecordCheck record = audit::RecordCheck::no_result;
    std::string rules;   // RU verbatim
    std::string mapped;  // the preset RU maps to ("" when unmapped)
    // Codes, one per issue, with their severity (rules.md 7 R10).
    std::vector<std::pair<std::string, audit::IssueSeverity>> record_issues;
    // Issues past the cap (--max-listed), by code: counted, not listed.
    std::vector<audit::OmittedIssues> record_issues_omitted;
    std::uint32_t interest = 0;  // docs/report-format.md "the ten most interesting"
    std::string interest_text;   // "2 legality, 1 outcome"
    // For each pair of rulesets that both scored the game (i < j): the bin of the difference
    // between their results (B's lead under i minus under j, in points): {i, j, bin}.
    std::vector<std::array<std::uint16_t, 3>> margins;
};

// The bins of the margin differences (GameFacts::margins): |difference| 0, up to 1, 3, 6, 10,
// 20, more.
inline constexpr std::size_t kMarginBins = 7;
inline constexpr std::array<std::string_view, kMarginBins> kMarginBinNames = {
    "0", "0.5-1", "1.5-3", "3.5-6", "6.5-10", "10.5-20", "over 20"};
std::uint16_t margin_bin(double difference) noexcept;

// The facts of one audited game.
GameFacts game_facts(const CheckInput& input);

// The options a run was made with, as the summary states them.
struct RunDescription {
    std::vector<std::string> paths;     // as named on the command line
    std::vector<std::string> rulesets;  // labels (specs), in order
    std::string dead;                   // dead-stone policy (and list)
    std::string on_illegal;
    std::size_t max_diagrams = 0;
    bool findings_only = false;     // games.jsonl holds only the games with findings
    std::vector<std::string> only;  // --only: the kinds games.jsonl is limited to
    bool full_json = false;         // --full-json: games.jsonl in the full form
    std::uint32_t max_listed = 0;   // --max-listed (shards of one run must agree; not printed)
    // --ignore: codes set aside (sorted). Their diagnostics and record issues are counted in
    // the "set aside" table instead of by code; every other count (and the exit) keeps them.
    std::vector<std::string> ignore;
    bool sqlite = false;  // --sqlite: report.sqlite is written (shards of one run must agree)
};

// Totals of a run, added to in input order; writes summary.md and the summary part of
// index.html. Memory grows with the number of distinct codes and (up to a bound) RU values,
// never with the number of games.
class Summary {
  public:
    explicit Summary(RunDescription run);

    // A folder entry that could not be listed (F002, F003, ...), or an archive member not read
    // or a damaged part of an archive (F021-F029, counted apart): counted, not a file taken.
    // Only one of severity error is a finding (an archive reader's warning, F028, is not).
    void add_walk_problem(const sgf::Diagnostic& problem);
    // A file taken by the run: `read` false when it could not be read; `games` how many games
    // it gave; every diagnostic of the file (reading, syntax, record typing of all its games).
    void add_file(bool read, std::size_t games, std::span<const sgf::Diagnostic> diagnostics);
    // A game, in input order.
    void add_game(const GameFacts& facts);
    // Diagrams drawn into index.html, and divergences with a board left without one (cap).
    void add_diagrams(std::size_t drawn, std::size_t not_drawn);

    std::uint64_t files() const noexcept { return files_; }
    std::uint64_t games() const noexcept { return games_; }
    std::uint64_t games_with_findings() const noexcept { return games_with_findings_; }
    std::uint64_t moves() const noexcept { return moves_; }
    std::uint64_t divergences() const noexcept;
    // Any finding: a file that could not be read, a folder entry that could not be listed, an
    // error diagnostic, a game with findings (report::has_findings).
    bool findings() const noexcept;

    // Where the games' anchors are when the groups went to pages of their own: `page_of`
    // gives an anchor's page ("pages/g-outcome-komi.html"), or "" when it is on none; the top
    // list links there.
    void set_anchor_pages(const std::function<std::string(std::string_view)>& page_of);
    // summary.md.
    void write_markdown(std::ostream& out) const;
    // summary.json (schema kSummarySchema): the same totals, the run's settings, the exit
    // status the run ends with and why.
    void write_json(std::ostream& out) const;
    // index.html up to the broken records (head, `contents`, summary, the note on diagrams),
    // and its end.
    void write_html_start(std::ostream& out, std::string_view contents = {}) const;
    // The heading of the divergences and the note on diagrams (after the broken records).
    void write_html_divergences(std::ostream& out) const;
    static void write_html_end(std::ostream& out);
    // index.html's charts (inline SVG, no script): record-check verdicts per RU, divergences
    // per cause and ruleset pair, record issues per code; their numbers are summary.json's.
    std::string html_charts() const;

  private:
    struct Table;
    // Writes summary.json's sections, one function each (summary_json.cpp).
    struct JsonSections;
    // Every table of the summary, in order (summary_tables.cpp); rows of zeros left out where
    // the table says so.
    std::vector<Table> tables() const;
    // Each appends its table or tables to `out` (summary_tables.cpp): what needs action; the
    // outcome divergences by design of the rulesets chosen (none when there is none); the run's
    // settings; the totals; the divergences by kind and by ruleset pair; the accounting
    // divergences; the recorded results with the RU mapped and unmapped; the record issues; the
    // files not read or without a game; the diagnostics; the codes set aside by --ignore (none
    // without --ignore); the ten most interesting games.
    void action_table(std::vector<Table>& out) const;
    void by_design_table(std::vector<Table>& out) const;
    void run_table(std::vector<Table>& out) const;
    void totals_table(std::vector<Table>& out) const;
    void divergence_tables(std::vector<Table>& out) const;
    void accounting_table(std::vector<Table>& out) const;
    void recorded_results_tables(std::vector<Table>& out) const;
    void record_issues_table(std::vector<Table>& out) const;
    void unread_table(std::vector<Table>& out) const;
    void diagnostics_table(std::vector<Table>& out) const;
    void ignored_table(std::vector<Table>& out) const;
    void interesting_table(std::vector<Table>& out) const;
    // The rows of the tables with omit_zeros whose figures are all 0 left out, and counted in
    // the table's note.
    static void leave_out_zero_rows(std::vector<Table>& tables);

    struct Top {
        std::uint32_t interest = 0;
        std::string anchor;
        std::string file;
        int game = 0;
        std::string players;
        std::string text;
    };
    struct RuCount {
        std::string mapped;
        std::uint64_t games = 0, compared = 0, mismatches = 0;
    };

    RunDescription run_;
    std::uint64_t files_ = 0, files_unreadable_ = 0, files_without_games_ = 0;
    std::uint64_t files_with_errors_ = 0, walk_problems_ = 0;
    std::uint64_t archive_problems_ = 0;  // of walk_problems_: codes F021-F029
    std::uint64_t walk_errors_ = 0;       // of walk_problems_: severity error
    std::uint64_t games_ = 0, games_with_findings_ = 0, moves_ = 0, illegal_games_ = 0;
    std::array<std::uint64_t, kEndings> endings_{};
    std::array<std::uint64_t, kDivergenceKinds> divergences_{};
    std::array<std::uint64_t, kDivergenceKinds> games_with_kind_{};
    std::map<std::array<std::uint16_t, 3>, std::uint64_t> pairs_;   // {kind, i, j}
    std::map<std::uint16_t, std::uint64_t> accounting_;             // by ruleset
    std::map<std::array<std::uint16_t, 4>, std::uint64_t> causes_;  // {kind, cause, i, j}
    // The divergences, pairs and causes on counts that are not settled (the
    // figures above count the settled ones), games with such a divergence by kind, and the
    // first kMaxUnsettledListed of them, listed apart.
    std::array<std::uint64_t, kDivergenceKinds> unsettled_{};
    std::array<std::uint64_t, kDivergenceKinds> games_with_unsettled_{};
    // Of the settled outcome divergences, those from dead stones alone
    // (GameFacts::dead_stones_only), and the games with one.
    std::uint64_t dead_stones_only_ = 0, games_dead_stones_only_ = 0;
    std::map<std::array<std::uint16_t, 3>, std::uint64_t> unsettled_pairs_;
    std::map<std::array<std::uint16_t, 4>, std::uint64_t> unsettled_causes_;
    struct UnsettledRow {
        std::string file, anchor;
        int game = 0;
        std::array<std::uint16_t, 3> key{};  // {kind, i, j}
        std::string unsure;
    };
    std::vector<UnsettledRow> unsettled_rows_;
    std::uint64_t unsettled_total_ = 0;  // pairs on unsettled counts (listed or not)
    std::set<std::uint16_t> groups_;     // the groups index.html has (html_group)
    // {kind, i, j, knob} and the value -> {settled, unsettled} pairs it flips.
    std::map<std::pair<std::array<std::uint16_t, 4>, std::string>, std::array<std::uint64_t, 2>>
        knobs_;
    // The tables (summary_settled.cpp): by cause (settled and unsettled apart), the
    // knobs that alone flip a divergence, the unsettled divergences listed apart.
    void settled_tables(std::vector<Table>& out) const;
    std::string rulesets_text(std::uint16_t kind, std::uint16_t i, std::uint16_t j) const;
    std::array<std::uint64_t, 8> record_checks_{};      // by audit::RecordCheck
    std::map<std::string, RuCount> mapped_ru_;          // RU verbatim
    std::map<std::string, std::uint64_t> unmapped_ru_;  // RU verbatim
    std::map<std::pair<std::string, audit::IssueSeverity>, std::uint64_t> record_issues_;
    std::array<std::uint64_t, 2> record_issues_by_severity_{};  // by audit::IssueSeverity
    std::array<std::uint64_t, 3> diagnostics_by_severity_{};    // by sgf::Severity
    std::map<std::string, std::pair<sgf::Severity, std::uint64_t>> diagnostics_by_code_;
    std::map<std::string, std::uint64_t, std::less<>> ignored_;  // --ignore: set aside, by code
    std::vector<Top> top_;  // at most 10, most interesting first
    std::uint64_t diagrams_ = 0, not_drawn_ = 0;
    // Files that could not be read or hold no game, in input order: {code, path} (the first
    // error diagnostic's code, "(no game)" when there is none), the first kMaxUnreadNamed.
    std::vector<std::pair<std::string, std::string>> unread_;
    std::uint64_t unread_total_ = 0;
    std::map<std::string, std::string, std::less<>> top_pages_;  // top_ anchors on pages/
    // Record issues by the folder of their file (below what was named), {errors, notes}; at
    // most 500 folders named (then "(other values)").
    std::map<std::string, std::array<std::uint64_t, 2>> issues_by_folder_;
    // Scored games per ruleset pair and bin of their margin difference: {i, j} -> bins.
    std::map<std::array<std::uint16_t, 2>, std::array<std::uint64_t, kMarginBins>> margins_;
    // Record issues by top-level folder: the first folder below what all the folders share.
    std::vector<std::pair<std::string, std::array<std::uint64_t, 2>>> issues_by_top_folder() const;
};

}  // namespace sgfaudit::report
