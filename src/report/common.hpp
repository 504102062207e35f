#pragma once
// Internal: names shared by the text and JSON writers of the check report.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/cause.hpp"

namespace sgfaudit::report::detail {

// "B" or "W".
std::string_view color_letter(game::Color c) noexcept;
// "B", "W" or "draw".
std::string_view winner_letter(audit::Winner w) noexcept;
// The name a report gives a ruleset: audit::Ruleset::label (its spec, "aga:ko=ssk", else its name).
std::string_view ruleset_label(const audit::Ruleset& r) noexcept;
// Board coordinates ("D16") of a point on a width x height board; nullopt when off it.
std::optional<std::string> board_point(sgf::Point p, int width, int height);
// common.cpp: the strings an unsettled pair's dead-stone source was unsure of, in
// board coordinates ("D4, Q16"), "" when settled or none was named.
std::string unsure_text(const audit::GameAudit& a, const PairCause& c);
// common.cpp: a pair's knobs with their values and swings in Black's lead
// ("scoring=area +2; komi=8.5 +2"), "" when none.
std::string knobs_text(std::span<const audit::KnobFlip> knobs);
// count_drawing.cpp: the count drawn. A deciding count's arithmetic ("area:
// B 11 stones + 12 territory = 23; W 9 stones + 3 territory + komi 9.5 = 21.5: B+1.5"), or
// that of the count `kind` (the quick count's point for Black's last turn where
// `quick_count_point`: white-moves-last=quick-count-point).
std::string count_arithmetic(const audit::Score& s);
std::string count_arithmetic(const audit::Score& s, audit::CountKind kind, bool quick_count_point);
// The end position as text rows: X O stones, x o dead stones, b w territory, s the no one's
// points of one-colour regions under seki-eyes=neutral (R19), . neutral; no rows when the
// result has no count_map.
std::vector<std::string> count_rows(const audit::GameAudit& a, const audit::RulesetResult& r);
// `check`'s text: each scored ruleset's count drawn, with its legend and arithmetic.
void append_count_text(std::string& out, const audit::GameAudit& a);
// The SVG of a ruleset's count ("" without a count_map).
std::string svg_count(const audit::GameAudit& a, const audit::RulesetResult& r);
// HTML figures of the counts of `rulesets` (indices into a.results): one picture per distinct
// map and reading of seki eyes, each ruleset's deciding arithmetic in its caption; or of the
// counts `counts` names (a ruleset and which of its counts, as a divergence's verdicts do),
// each count once in its picture's caption.
struct CountShown {
    std::size_t ruleset = 0;  // index into a.results
    audit::CountKind kind = audit::CountKind::area;
};
std::string count_figures(const audit::GameAudit& a, std::span<const std::size_t> rulesets);
std::string count_figures(const audit::GameAudit& a, std::span<const CountShown> counts);
// The figure of the count RE disagrees with where RU's ruleset is none of the run's
// (RecordVerdict::own_count); "" without one.
std::string record_count_figure(const audit::GameAudit& a);
// "B+7.5", "W+0.5", "draw".
std::string count_result(const audit::Count& c);
// wording.cpp: a position drawn as text rows, top to bottom ('.', 'X', 'O'), when it is a board
// of 1..52 x 1..52 points; else no rows.
std::vector<std::string> board_rows(const audit::Position& p);
// wording.cpp: whether `p` can be drawn (board_rows gives rows): 1..52 points a side, its cells
// all there.
bool drawable(const audit::Position& p);
// wording.cpp: the words of a verdict ("legal", "illegal: positional_superko (TT 6), repeats
// the position after move 3", "ends at move 212 (two passes)", "W+7.5 (area: B 180 W 187.5)").
std::string verdict_text(const audit::GameAudit& a, const audit::Divergence& d,
                         const audit::Verdict& v);
// wording.cpp: the one line for people that sums a divergence up.
std::string divergence_summary(const audit::GameAudit& a, const audit::Divergence& d);
// wording.cpp: the record check's count with the ruleset it is under ("W+6.5 (territory: B 70
// W 76.5) under aga"), or "" when RE was not compared with a count.
std::string record_computed(const audit::RecordVerdict& rv);
// True when a count of ruleset `index` decides something in this game (docs/report-format.md,
// "counted"): the game ended by two passes under it, or it has a verdict in an outcome,
// accounting or record divergence (games.jsonl's compact terms, results.csv, report.sqlite).
bool counted(const audit::GameAudit& a, std::size_t index);
// wording.cpp: why the record check came out as it did ("the margin differs"), or "".
std::string record_reason(const audit::RecordVerdict& rv);
// Text for HTML element content and attribute values: & < > " ' escaped; control characters
// (but new line and tab) and bytes that are not UTF-8 as \xNN (sgf::printable_text).
std::string html_escape(std::string_view s);
// svg.cpp: a horizontal bar chart as inline SVG (no script) for index.html: one bar per row,
// stacked segments in the order of `series`, each segment's figure in data-n (the test
// compares them with summary.json).
struct ChartSeries {
    std::string name;
    std::string_view colour;
};
struct ChartRow {
    std::string key;                    // data-key: what the row is, for a machine
    std::string label;                  // for people
    std::vector<std::uint64_t> values;  // one per series
};
std::string svg_bar_chart(std::string_view id, std::string_view title,
                          std::span<const ChartSeries> series, std::span<const ChartRow> rows);

}  // namespace sgfaudit::report::detail
