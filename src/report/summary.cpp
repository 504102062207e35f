// The run's totals: summary.md and the top of index.html, both rendered from one list of tables
// so that the two always say the same.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <utility>

#include "common.hpp"
#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"
#include "sgfaudit/report/ignore.hpp"
#include "sgfaudit/sgf/encoding.hpp"
#include "summary_table.hpp"

namespace sgfaudit::report {

using detail::html_escape;
using detail::relative_path;
using detail::ru_name;

namespace {

// Distinct RU values kept by name; later new values are counted under one row.
constexpr std::size_t kMaxNamedValues = 500;
constexpr std::string_view kOtherValues = "(other values)";
// Files that could not be read or hold no game: the first this many are named.
constexpr std::size_t kMaxUnreadNamed = 100000;

template <class Map>
typename Map::mapped_type& bounded_slot(Map& map, const std::string& key) {
    auto it = map.find(key);
    if (it != map.end()) return it->second;
    if (map.size() >= kMaxNamedValues) return map[std::string(kOtherValues)];
    return map[key];
}

}  // namespace

std::string thousands(std::uint64_t n) {
    std::string digits = fmt::format("{}", n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

namespace detail {

std::string ru_name(const std::string& ru) {
    return ru.empty() ? "(no RU)" : ru;
}

std::string relative_path(const std::string& file, const std::vector<std::string>& paths) {
    if (const std::size_t bang = file.rfind("!/"); bang != std::string::npos) {
        return file.substr(bang + 2);
    }
    for (const std::string& p : paths) {
        std::string prefix = p;
        if (!prefix.empty() && prefix.back() != '/') prefix += '/';
        if (file.starts_with(prefix)) return file.substr(prefix.size());
    }
    return file;
}

}  // namespace detail

namespace {

// Markdown: characters with a meaning in a table cell are escaped.
std::string md_escape(std::string_view text) {
    const std::string safe = sgf::printable_text(text, "\n\r");  // controls, non-UTF-8 bytes: \xNN
    const std::string_view s = safe;
    std::string out;
    for (const char c : s) {
        if (c == '\n' || c == '\r') {
            out += ' ';
            continue;
        }
        if (std::string_view("\\`*_[]<>|#").find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

Summary::Summary(RunDescription run) : run_(std::move(run)) {}

void Summary::add_walk_problem(const sgf::Diagnostic& problem) {
    ++walk_problems_;
    if (problem.code.size() == 4 && problem.code.substr(0, 3) == "F02") ++archive_problems_;
    if (problem.severity == sgf::Severity::error) ++walk_errors_;
    ++diagnostics_by_severity_[static_cast<std::size_t>(problem.severity)];
    if (is_ignored(run_.ignore, problem.code)) {
        ++ignored_[std::string(problem.code)];
        return;
    }
    auto& slot = diagnostics_by_code_[std::string(problem.code)];
    slot.first = problem.severity;
    ++slot.second;
}

void Summary::add_file(bool read, std::size_t games, std::span<const sgf::Diagnostic> diagnostics) {
    ++files_;
    if (!read)
        ++files_unreadable_;
    else if (games == 0)
        ++files_without_games_;
    if (!read || games == 0) {
        ++unread_total_;
        if (unread_.size() < kMaxUnreadNamed) {
            std::string code = "(no game)", path = "(unnamed)";
            for (const sgf::Diagnostic& d : diagnostics) {
                if (path == "(unnamed)" && !d.file.empty()) path = d.file;
                if (d.severity == sgf::Severity::error) {
                    code = std::string(d.code);
                    if (!d.file.empty()) path = d.file;
                    break;
                }
            }
            unread_.emplace_back(std::move(code), std::move(path));
        }
    }
    bool errors = false;
    for (const sgf::Diagnostic& d : diagnostics) {
        ++diagnostics_by_severity_[static_cast<std::size_t>(d.severity)];
        if (d.severity == sgf::Severity::error) errors = true;
        if (is_ignored(run_.ignore, d.code)) {
            ++ignored_[std::string(d.code)];
            continue;
        }
        auto& slot = diagnostics_by_code_[std::string(d.code)];
        slot.first = d.severity;
        ++slot.second;
    }
    if (errors) ++files_with_errors_;
}

void Summary::add_game(const GameFacts& f) {
    ++games_;
    if (f.findings) ++games_with_findings_;
    if (f.illegal) ++illegal_games_;
    moves_ += f.moves;
    ++endings_[static_cast<std::size_t>(f.ending)];
    for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
        divergences_[k] += f.divergences[k];
        unsettled_[k] += f.unsettled[k];
        // A game counts among the settled when one of its divergences of the
        // kind is settled.
        if (f.divergences[k] > f.unsettled[k]) ++games_with_kind_[k];
        if (f.unsettled[k] > 0) ++games_with_unsettled_[k];
    }
    dead_stones_only_ += f.dead_stones_only;
    if (f.dead_stones_only > 0) ++games_dead_stones_only_;
    for (const auto& p : f.pairs) ++pairs_[p];
    for (const auto& p : f.unsettled_pairs) ++unsettled_pairs_[p];
    for (const auto& c : f.causes) ++causes_[c];
    for (const auto& c : f.unsettled_causes) ++unsettled_causes_[c];
    groups_.insert(f.groups.begin(), f.groups.end());
    for (const GameFacts::KnobFact& k : f.knobs) ++knobs_[{k.key, k.value}][k.settled ? 0 : 1];
    for (const GameFacts::UnsettledFact& u : f.unsettled_list) {
        ++unsettled_total_;
        if (unsettled_rows_.size() < kMaxUnsettledListed) {
            unsettled_rows_.push_back({f.file, f.anchor, f.game, u.key, u.unsure});
        }
    }
    for (const std::uint16_t r : f.accounting) ++accounting_[r];
    ++record_checks_[static_cast<std::size_t>(f.record)];
    if (f.record == audit::RecordCheck::unmapped_rules) {
        ++bounded_slot(unmapped_ru_, f.rules);
    } else if (f.record != audit::RecordCheck::no_result) {
        RuCount& c = bounded_slot(mapped_ru_, f.rules);
        c.mapped = f.mapped;
        ++c.games;
        // R20: unsettled is never counted as compared.
        if (f.record != audit::RecordCheck::not_comparable &&
            f.record != audit::RecordCheck::unsettled)
            ++c.compared;
        if (f.record == audit::RecordCheck::mismatch) ++c.mismatches;
    }
    std::array<std::uint64_t, 2> by_severity{};
    for (const auto& issue : f.record_issues) {
        ++record_issues_by_severity_[static_cast<std::size_t>(issue.second)];
        if (is_ignored(run_.ignore, issue.first)) {
            ++ignored_[issue.first];
        } else {
            ++record_issues_[issue];
            ++by_severity[issue.second == audit::IssueSeverity::error ? 0 : 1];
        }
    }
    for (const audit::OmittedIssues& o : f.record_issues_omitted) {
        record_issues_by_severity_[static_cast<std::size_t>(o.severity)] += o.count;
        if (is_ignored(run_.ignore, o.code)) {
            ignored_[o.code] += o.count;
        } else {
            record_issues_[{o.code, o.severity}] += o.count;
            by_severity[o.severity == audit::IssueSeverity::error ? 0 : 1] += o.count;
        }
    }
    for (const auto& m : f.margins)
        ++margins_[{m[0], m[1]}][std::min<std::size_t>(m[2], kMarginBins - 1)];
    if (by_severity[0] + by_severity[1] > 0) {
        const std::string rel = relative_path(f.file, run_.paths);
        const std::size_t slash = rel.rfind('/');
        auto& slot =
            bounded_slot(issues_by_folder_,
                         slash == std::string::npos ? std::string() : rel.substr(0, slash + 1));
        slot[0] += by_severity[0];
        slot[1] += by_severity[1];
    }

    if (f.interest == 0) return;
    // Keep the ten most interesting, the earlier game first among equals.
    const auto at = std::find_if(top_.begin(), top_.end(),
                                 [&](const Top& t) { return t.interest < f.interest; });
    if (at == top_.end() && top_.size() >= 10) return;
    top_.insert(at, Top{f.interest, f.anchor, f.file, f.game, f.players, f.interest_text});
    if (top_.size() > 10) top_.pop_back();
}

void Summary::add_diagrams(std::size_t drawn, std::size_t not_drawn) {
    diagrams_ += drawn;
    not_drawn_ += not_drawn;
}

std::uint64_t Summary::divergences() const noexcept {
    std::uint64_t n = 0;
    for (const std::uint64_t k : divergences_) n += k;
    return n;
}

bool Summary::findings() const noexcept {
    return files_unreadable_ > 0 || walk_errors_ > 0 || files_with_errors_ > 0 ||
           games_with_findings_ > 0;
}

void Summary::write_markdown(std::ostream& os) const {
    std::string out = "# sgfaudit report\n";
    for (const Table& t : tables()) {
        out += fmt::format("\n{} {}\n\n", std::string(static_cast<std::size_t>(t.level), '#'),
                           t.heading);
        if (!t.note.empty()) out += md_escape(t.note) + "\n\n";
        if (t.rows.empty()) {
            out += md_escape(t.when_empty) + "\n";
            continue;
        }
        out += '|';
        for (const std::string& h : t.header) out += fmt::format(" {} |", md_escape(h));
        out += "\n|";
        for (const bool numeric : t.numeric) out += numeric ? "---:|" : "---|";
        out += '\n';
        for (const auto& row : t.rows) {
            out += '|';
            for (const Cell& c : row) {
                if (c.link.empty()) {
                    out += fmt::format(" {} |", md_escape(c.text));
                } else {
                    out += fmt::format(" [{}]({}) |", md_escape(c.text), c.link);
                }
            }
            out += '\n';
        }
    }
    os << out;
}

namespace {

constexpr std::string_view kStyle =
    R"(body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.4em 0 1em}th,td{border:1px solid #ccc;padding:.15em .5em;text-align:left;vertical-align:top}
td.n{text-align:right}h2{border-bottom:1px solid #ccc;margin-top:1.6em}
section.game{border-top:2px solid #888;margin-top:1.5em}.meta{color:#555}
div.div{margin:.8em 0 1.2em;overflow:hidden}div.div figure{float:left;margin:0 1.2em .5em 0}
figcaption{font-size:12px;color:#555;max-width:26em}.kind{background:#eee;border-radius:3px;padding:0 .3em;font-weight:600}
.legality .kind{background:#fdd}.outcome .kind{background:#fed}.clause{color:#555}
tr.illegal td{background:#fee}tr.legal td{background:#efe}svg.board{max-width:100%;height:auto}
p.broken{background:#fff3cd;border-left:4px solid #e0a800;padding:.2em .5em}p.cause{color:#444}
nav.toc ul{margin:.2em 0;padding-left:1.4em}h4{margin:.6em 0 .2em}
@media (max-width:40em){body{font-size:14px;padding:0 .4em}div.div figure{float:none;margin:0}table{display:block;overflow-x:auto}}
figure.chart{margin:.5em 0 1.2em}svg.chart{max-width:100%;height:auto;font:11px system-ui,sans-serif}
)";

std::string page_head(std::string_view title) {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'\">\n<title>";
    out += html_escape(title);
    out += "</title>\n<style>\n";
    out += kStyle;
    out += "</style>\n</head>\n<body>\n";
    return out;
}

}  // namespace

std::string html_page_start(std::string_view title, std::string_view back) {
    if (back.empty()) return page_head(title) + fmt::format("<h1>{}</h1>\n", html_escape(title));
    return page_head(title) +
           fmt::format("<p><a href=\"{}\">&larr; the report ({})</a></p>\n<h1>{}</h1>\n",
                       html_escape(back), file_name(FolderFile::index_html), html_escape(title));
}

std::string html_page_end() {
    return "</body>\n</html>\n";
}

void Summary::set_anchor_pages(const std::function<std::string(std::string_view)>& page_of) {
    top_pages_.clear();
    for (const Top& t : top_) {
        if (std::string page = page_of(t.anchor); !page.empty()) {
            top_pages_[t.anchor] = std::move(page);
        }
    }
    for (const UnsettledRow& r : unsettled_rows_) {
        if (std::string page = page_of(r.anchor); !page.empty()) {
            top_pages_[r.anchor] = std::move(page);
        }
    }
}

void Summary::write_html_start(std::ostream& os, std::string_view contents) const {
    std::string out = page_head("sgfaudit report");
    out += "<h1>sgfaudit report</h1>\n";
    bool first = true;
    for (const Table& t : tables()) {
        // What needs action first, then the contents.
        if (!first) out += std::exchange(contents, std::string_view());
        first = false;
        out += fmt::format("<h{}{}>{}</h{}>\n", t.level,
                           t.id.empty() ? std::string() : fmt::format(" id=\"{}\"", t.id),
                           html_escape(t.heading), t.level);
        if (!t.note.empty()) out += "<p>" + html_escape(t.note) + "</p>\n";
        if (t.rows.empty()) {
            out += "<p>" + html_escape(t.when_empty) + "</p>\n";
            continue;
        }
        out += "<table>\n<tr>";
        for (const std::string& h : t.header) out += "<th>" + html_escape(h) + "</th>";
        out += "</tr>\n";
        for (const auto& row : t.rows) {
            out += "<tr>";
            for (std::size_t i = 0; i < row.size(); ++i) {
                const Cell& c = row[i];
                out += i < t.numeric.size() && t.numeric[i] ? "<td class=\"n\">" : "<td>";
                if (c.link.empty()) {
                    out += html_escape(c.text);
                } else {
                    // Links of summary.md into index.html: on this page, at the anchor.
                    const std::string_view link = c.link;
                    const std::string index = index_link("");  // "index.html#"
                    out += fmt::format(
                        "<a href=\"{}\">{}</a>",
                        html_escape(link.starts_with(index) ? link.substr(index.size() - 1) : link),
                        html_escape(c.text));
                }
                out += "</td>";
            }
            out += "</tr>\n";
        }
        out += "</table>\n";
    }
    out += contents;
    out += html_charts();
    os << out;
}

std::vector<std::pair<std::string, std::array<std::uint64_t, 2>>> Summary::issues_by_top_folder()
    const {
    // The folder every named folder shares is left out of the grouping.
    std::size_t shared = 0;
    bool first = true;
    std::string_view base;
    for (const auto& [dir, counts] : issues_by_folder_) {
        if (dir == kOtherValues) continue;
        if (first) {
            base = dir;
            shared = dir.size();
            first = false;
        }
        std::size_t n = 0;
        while (n < shared && n < dir.size() && dir[n] == base[n]) ++n;
        shared = n;
    }
    if (shared > 0) {
        const std::size_t slash = base.rfind('/', shared - 1);
        shared = slash == std::string_view::npos ? 0 : slash + 1;
    }
    std::map<std::string, std::array<std::uint64_t, 2>> top;
    for (const auto& [dir, counts] : issues_by_folder_) {
        std::string key;
        if (dir == kOtherValues) {
            key = dir;
        } else {
            const std::size_t slash = dir.find('/', shared);
            key = slash == std::string::npos ? dir.substr(0, shared) : dir.substr(0, slash + 1);
            if (key.empty()) key = ".";
        }
        top[key][0] += counts[0];
        top[key][1] += counts[1];
    }
    return {top.begin(), top.end()};
}

std::string Summary::html_charts() const {
    using detail::ChartRow;
    using detail::ChartSeries;
    auto label = [&](std::size_t i) {
        return i < run_.rulesets.size() ? run_.rulesets[i] : std::string("?");
    };
    std::string out = "<h2 id=\"charts\">Charts</h2>\n";
    bool any = false;
    if (!mapped_ru_.empty()) {
        // Record-check verdicts per RU (summary.json record_checks.by_ru). R20: reproduced is
        // match, agreed and convention; unsettled is not compared.
        const std::vector<ChartSeries> series = {
            {"reproduced", "#5a9e5a"}, {"mismatch", "#d9534f"}, {"not compared", "#bbb"}};
        std::vector<ChartRow> rows;
        for (const auto& [ru, c] : mapped_ru_) {
            rows.push_back({ru,
                            fmt::format("{} ({})", ru_name(ru), c.mapped),
                            {c.compared - c.mismatches, c.mismatches, c.games - c.compared}});
        }
        out += detail::svg_bar_chart("chart-record-checks",
                                     "Recorded results against the count, per RU", series, rows);
        any = true;
    }
    for (const auto& [pair, bins] : margins_) {
        // The margin differences of one pair (summary.json margins): a histogram, one bar a bin.
        const std::vector<ChartSeries> series = {{"scored games", "#6f8fbf"}};
        std::vector<ChartRow> rows;
        for (std::size_t b = 0; b < kMarginBins; ++b) {
            rows.push_back({std::string(kMarginBinNames[b]),
                            fmt::format("{} points", kMarginBinNames[b]),
                            {bins[b]}});
        }
        out += detail::svg_bar_chart(
            fmt::format("chart-margins-{}-{}", pair[0], pair[1]),
            fmt::format("Difference between the results of {} and {} (points of B's lead), "
                        "games both scored",
                        label(pair[0]), label(pair[1])),
            series, rows);
        any = true;
    }
    if (!causes_.empty() || !unsettled_causes_.empty()) {
        // Divergences per cause and ruleset pair (summary.json divergences.by_cause: count and
        // unsettled), settled and unsettled stacked.
        const std::vector<ChartSeries> series = {{"settled", "#e08a3c"}, {"unsettled", "#cccccc"}};
        std::map<std::array<std::uint16_t, 4>, std::array<std::uint64_t, 2>> both;
        for (const auto& [key, n] : causes_) both[key][0] = n;
        for (const auto& [key, n] : unsettled_causes_) both[key][1] = n;
        std::vector<ChartRow> rows;
        for (const auto& [key, n] : both) {
            const auto [kind, cause, i, j] = key;
            const std::string k(audit::to_string(static_cast<audit::DivergenceKind>(kind)));
            const std::string c(to_string(static_cast<Cause>(cause)));
            std::string pair;
            if (i != kNoRuleset) pair = label(i);
            if (j != kNoRuleset && j != i) pair += " vs " + label(j);
            rows.push_back({fmt::format("{}/{}/{}", k, c, pair),
                            fmt::format("{} {} ({})", k, c, pair.empty() ? "RU" : pair),
                            {n[0], n[1]}});
        }
        out += detail::svg_bar_chart("chart-causes", "Divergences per cause and ruleset pair",
                                     series, rows);
        any = true;
    }
    if (!record_issues_.empty()) {
        // Record issues per code (summary.json record_issues.by_code).
        const std::vector<ChartSeries> series = {{"error", "#d9534f"}, {"note", "#7aa6d6"}};
        std::vector<ChartRow> rows;
        for (const auto& [key, n] : record_issues_) {
            const bool error = key.second == audit::IssueSeverity::error;
            rows.push_back({fmt::format("{}/{}", key.first, audit::to_string(key.second)),
                            fmt::format("{} ({})", key.first, audit::to_string(key.second)),
                            {error ? n : 0, error ? 0 : n}});
        }
        out += detail::svg_bar_chart("chart-record-issues", "Record issues per code", series, rows);
        // And per top-level folder (summary.json record_issues.by_folder).
        rows.clear();
        for (const auto& [folder, counts] : issues_by_top_folder()) {
            rows.push_back({folder, folder, {counts[0], counts[1]}});
        }
        out += detail::svg_bar_chart("chart-record-issues-folder",
                                     "Record issues per top-level folder", series, rows);
        any = true;
    }
    if (!any)
        out +=
            "<p>Nothing to chart: no recorded result compared, no divergence, no record "
            "issue.</p>\n";
    return out;
}

void Summary::write_html_divergences(std::ostream& os) const {
    std::string out = "<h2 id=\"divergences\">Divergences by kind and cause</h2>\n";
    out +=
        "<p>Grouped by kind (legality, outcome, record, end, accounting) and, within a kind, "
        "by cause, the rarer cause first; each game is listed under every group it has a "
        "divergence in. Diagrams go first to the groups listed first.</p>\n";
    if (not_drawn_ > 0) {
        out += fmt::format(
            "<p><b>Diagrams capped:</b> {} divergences with a board have their diagram; {} more "
            "are listed without one (--max-diagrams {}).</p>\n",
            diagrams_, not_drawn_, run_.max_diagrams);
    } else {
        out +=
            fmt::format("<p>Every divergence with a board has its diagram ({}).</p>\n", diagrams_);
    }
    os << out;
}

void Summary::write_html_end(std::ostream& os) {
    os << "</body>\n</html>\n";
}

}  // namespace sgfaudit::report
