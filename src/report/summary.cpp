// The run's totals: summary.md and the top of index.html, both rendered from one list of tables
// so that the two always say the same.

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "common.hpp"
#include "sgfaudit/report/archive.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::report {

using detail::html_escape;

namespace {

// Distinct RU values kept by name; later new values are counted under one row.
constexpr std::size_t kMaxNamedValues = 500;
constexpr std::string_view kOtherValues = "(other values)";

template <class Map>
typename Map::mapped_type& bounded_slot(Map& map, const std::string& key) {
    auto it = map.find(key);
    if (it != map.end()) return it->second;
    if (map.size() >= kMaxNamedValues) return map[std::string(kOtherValues)];
    return map[key];
}

std::string ru_name(const std::string& ru) {
    return ru.empty() ? "(no RU)" : ru;
}

std::string number(std::uint64_t n) {
    return fmt::format("{}", n);
}

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

// What games.jsonl holds, for the Run table.
std::string games_jsonl(const RunDescription& run) {
    std::string s;
    if (run.findings_only) s = "games with findings";
    if (!run.only.empty()) {
        s += s.empty() ? "games with" : " and";
        for (std::size_t i = 0; i < run.only.size(); ++i) s += (i == 0 ? " " : ", ") + run.only[i];
    }
    const std::string_view form =
        run.full_json ? ", full form (--full-json)" : ", compact form (schema sgfaudit-game/2)";
    if (s.empty()) return "every game" + std::string(form);
    s += run.only.empty() ? " (--findings-only)"
                          : (run.findings_only ? " (--findings-only, --only)" : " (--only)");
    return s + std::string(form);
}

}  // namespace

struct Cell {
    std::string text;
    std::string link;  // a URL relative to the report folder, or ""
};

struct Summary::Table {
    int level = 2;
    std::string id;  // of the heading in index.html ("" for none)
    std::string heading;
    std::string note;  // a paragraph before the table
    std::vector<std::string> header;
    std::vector<bool> numeric;  // right-aligned columns
    std::vector<std::vector<Cell>> rows;
    std::string when_empty;  // said instead of an empty table
};

Summary::Summary(RunDescription run) : run_(std::move(run)) {}

void Summary::add_walk_problem(const sgf::Diagnostic& problem) {
    ++walk_problems_;
    ++diagnostics_by_severity_[static_cast<std::size_t>(problem.severity)];
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
    bool errors = false;
    for (const sgf::Diagnostic& d : diagnostics) {
        ++diagnostics_by_severity_[static_cast<std::size_t>(d.severity)];
        auto& slot = diagnostics_by_code_[std::string(d.code)];
        slot.first = d.severity;
        ++slot.second;
        if (d.severity == sgf::Severity::error) errors = true;
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
        if (f.divergences[k] > 0) ++games_with_kind_[k];
    }
    for (const auto& p : f.pairs) ++pairs_[p];
    for (const auto& c : f.causes) ++causes_[c];
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
    for (const auto& issue : f.record_issues) {
        ++record_issues_[issue];
        ++record_issues_by_severity_[static_cast<std::size_t>(issue.second)];
    }
    for (const audit::OmittedIssues& o : f.record_issues_omitted) {
        record_issues_[{o.code, o.severity}] += o.count;
        record_issues_by_severity_[static_cast<std::size_t>(o.severity)] += o.count;
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
    return files_unreadable_ > 0 || walk_problems_ > 0 || files_with_errors_ > 0 ||
           games_with_findings_ > 0;
}

std::vector<Summary::Table> Summary::tables() const {
    std::vector<Table> out;
    auto label = [&](std::size_t i) {
        return i < run_.rulesets.size() ? run_.rulesets[i] : std::string("?");
    };
    auto kind_name = [](std::size_t k) {
        return std::string(audit::to_string(static_cast<audit::DivergenceKind>(k)));
    };

    {
        Table t;
        t.heading = "Run";
        t.id = "run";
        t.header = {"", "value"};
        t.numeric = {false, false};
        std::string paths;
        for (const std::string& p : run_.paths) paths += (paths.empty() ? "" : " ") + p;
        std::string rulesets;
        for (const std::string& r : run_.rulesets) rulesets += (rulesets.empty() ? "" : ", ") + r;
        t.rows = {{{"inputs", ""}, {paths, ""}},
                  {{"rulesets", ""}, {rulesets, ""}},
                  {{"dead stones", ""}, {run_.dead, ""}},
                  {{"on illegal play", ""}, {run_.on_illegal, ""}},
                  {{"games.jsonl", ""}, {games_jsonl(run_), ""}}};
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "Totals";
        t.id = "totals";
        const std::uint64_t with_games = files_ - files_unreadable_ - files_without_games_;
        std::uint64_t ended = 0;
        for (const std::uint64_t e : endings_) ended += e;
        t.note = fmt::format(
            "Every file and game accounted for: {} files taken = {} with games + {} without a "
            "game + {} that could not be read; {} games = {} scored + {} counted without passes + "
            "{} resigned + {} on time + {} forfeit + {} unfinished + {} not auditable{}.",
            files_, with_games, files_without_games_, files_unreadable_, games_,
            endings_[static_cast<std::size_t>(Ending::scored)],
            endings_[static_cast<std::size_t>(Ending::counted)],
            endings_[static_cast<std::size_t>(Ending::resigned)],
            endings_[static_cast<std::size_t>(Ending::time)],
            endings_[static_cast<std::size_t>(Ending::forfeit)],
            endings_[static_cast<std::size_t>(Ending::unfinished)],
            endings_[static_cast<std::size_t>(Ending::not_auditable)],
            ended == games_ ? "" : " (MISMATCH)");
        t.header = {"", "count"};
        t.numeric = {false, true};
        auto row = [&](std::string name, std::uint64_t n) {
            t.rows.push_back({{std::move(name), ""}, {number(n), ""}});
        };
        row("files taken", files_);
        row("files with games", with_games);
        row("files without a game", files_without_games_);
        row("files that could not be read", files_unreadable_);
        row("files with errors (parse errors)", files_with_errors_);
        row("folder entries that could not be listed", walk_problems_);
        row("games", games_);
        row("games with findings", games_with_findings_);
        row("moves (main lines, passes counted)", moves_);
        row("games scored (ended by two passes under some ruleset)",
            endings_[static_cast<std::size_t>(Ending::scored)]);
        row("games counted without passes (RE a score, R13)",
            endings_[static_cast<std::size_t>(Ending::counted)]);
        row("games resigned (RE)", endings_[static_cast<std::size_t>(Ending::resigned)]);
        row("games lost on time (RE)", endings_[static_cast<std::size_t>(Ending::time)]);
        row("games forfeited (RE)", endings_[static_cast<std::size_t>(Ending::forfeit)]);
        row("games unfinished (no two passes, no resignation, time or forfeit, no score in RE)",
            endings_[static_cast<std::size_t>(Ending::unfinished)]);
        row("games not auditable", endings_[static_cast<std::size_t>(Ending::not_auditable)]);
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "Divergences";
        t.id = "summary-divergences";
        t.note = "Where the rulesets disagree (rules.md, model 6); one game may have several.";
        t.header = {"kind", "divergences", "games"};
        t.numeric = {false, true, true};
        for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
            t.rows.push_back({{kind_name(k), ""},
                              {number(divergences_[k]), ""},
                              {number(games_with_kind_[k]), ""}});
        }
        t.rows.push_back({{"all", ""}, {number(divergences()), ""}, {"", ""}});
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "By ruleset pair";
        t.note =
            "Legality: one ruleset allows the play, the other forbids it. End: the game ends at "
            "different moves. Outcome: different winners of the deciding counts.";
        t.header = {"rulesets", "legality", "end", "outcome"};
        t.numeric = {false, true, true, true};
        for (std::uint16_t i = 0; i < run_.rulesets.size(); ++i) {
            for (std::uint16_t j = static_cast<std::uint16_t>(i + 1); j < run_.rulesets.size();
                 ++j) {
                std::vector<Cell> r{{fmt::format("{} vs {}", label(i), label(j)), ""}};
                for (const auto kind : {audit::DivergenceKind::legality, audit::DivergenceKind::end,
                                        audit::DivergenceKind::outcome}) {
                    const auto it = pairs_.find({static_cast<std::uint16_t>(kind), i, j});
                    r.push_back({number(it == pairs_.end() ? 0 : it->second), ""});
                }
                t.rows.push_back(std::move(r));
            }
        }
        t.when_empty = "One ruleset only: no pairs.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "By cause";
        t.note =
            "Why the rulesets disagree, per divergence and pair of rulesets (accounting and "
            "record: the one ruleset involved); causes from a closed list, derived from the "
            "reasons, knobs and counts; index.html explains each beside its group.";
        t.header = {"kind", "cause", "rulesets", "count"};
        t.numeric = {false, false, false, true};
        for (const auto& [key, n] : causes_) {
            const auto [kind, cause, i, j] = key;
            std::string rulesets;
            if (kind == static_cast<std::uint16_t>(audit::DivergenceKind::record)) {
                rulesets = i == kNoRuleset ? "RE vs RU" : "RE vs " + label(i);
            } else if (i == kNoRuleset) {
                rulesets = "?";
            } else {
                rulesets = i == j ? label(i) : fmt::format("{} vs {}", label(i), label(j));
            }
            t.rows.push_back({{kind_name(kind), ""},
                              {std::string(to_string(static_cast<Cause>(cause))), ""},
                              {rulesets, ""},
                              {number(n), ""}});
        }
        t.when_empty = "No divergence.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "Accounting";
        t.note =
            "Two counts of one ruleset that should agree do not: AGA area vs territory (AGA 12), "
            "FFG 6 vs 6a (FFG Appendix B).";
        t.header = {"ruleset", "divergences"};
        t.numeric = {false, true};
        for (const auto& [r, n] : accounting_) t.rows.push_back({{label(r), ""}, {number(n), ""}});
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "Recorded results";
        t.id = "recorded-results";
        t.note = fmt::format(
            "RE against the result computed under the record's own RU (rules.md, model 6), "
            "dead stones: {}.",
            run_.dead);
        t.header = {"check", "games"};
        t.numeric = {false, true};
        for (std::size_t c = 0; c < record_checks_.size(); ++c) {
            t.rows.push_back(
                {{std::string(audit::to_string(static_cast<audit::RecordCheck>(c))), ""},
                 {number(record_checks_[c]), ""}});
        }
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "By RU";
        t.note = "Games whose RU maps to a ruleset, with a result to compare.";
        t.header = {"RU", "ruleset", "games", "compared", "mismatches"};
        t.numeric = {false, false, true, true, true};
        for (const auto& [ru, c] : mapped_ru_) {
            t.rows.push_back({{ru_name(ru), ""},
                              {c.mapped, ""},
                              {number(c.games), ""},
                              {number(c.compared), ""},
                              {number(c.mismatches), ""}});
        }
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "Unmapped RU";
        t.note = "RU values that name no preset: counted and named, never guessed.";
        t.header = {"RU", "games"};
        t.numeric = {false, true};
        for (const auto& [ru, n] : unmapped_ru_)
            t.rows.push_back({{ru_name(ru), ""}, {number(n), ""}});
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "Record issues";
        t.id = "record-issues";
        t.note = fmt::format(
            "Problems no ruleset allows or that make a record unusual (rules.md, model 3, 6, 7): "
            "{} errors (the record cannot be what was played: findings), {} notes (encodings "
            "read and normalised: never findings); record_issues.csv lists each.",
            record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)],
            record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::note)]);
        t.header = {"code", "severity", "count"};
        t.numeric = {false, false, true};
        for (const auto& [key, n] : record_issues_) {
            t.rows.push_back({{key.first, ""},
                              {std::string(audit::to_string(key.second)), ""},
                              {number(n), ""}});
        }
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "Diagnostics";
        t.id = "diagnostics";
        t.note = fmt::format("{} errors, {} warnings, {} notes; codes in diagnostics.md.",
                             diagnostics_by_severity_[2], diagnostics_by_severity_[1],
                             diagnostics_by_severity_[0]);
        t.header = {"code", "severity", "count"};
        t.numeric = {false, false, true};
        for (const auto& [code, c] : diagnostics_by_code_) {
            t.rows.push_back(
                {{code, ""}, {std::string(sgf::to_string(c.first)), ""}, {number(c.second), ""}});
        }
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "The ten most interesting games";
        t.id = "interesting";
        t.note =
            "Points per divergence: legality 10, outcome 8, record 4, end 2, accounting 1; the "
            "earlier game first among equals. Links go to the game in index.html.";
        t.header = {"", "game", "players", "divergences"};
        t.numeric = {true, false, false, false};
        std::size_t rank = 0;
        for (const Top& top : top_) {
            t.rows.push_back(
                {{number(++rank), ""},
                 {fmt::format("{} #{}", top.file, top.game + 1), "index.html#" + top.anchor},
                 {top.players, ""},
                 {top.text, ""}});
        }
        t.when_empty = "No game has a divergence.";
        out.push_back(std::move(t));
    }
    return out;
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
)";

}  // namespace

void Summary::write_html_start(std::ostream& os, std::string_view contents) const {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'\">\n<title>sgfaudit report</title>\n<style>\n";
    out += kStyle;
    out += "</style>\n</head>\n<body>\n<h1>sgfaudit report</h1>\n";
    out += contents;
    for (const Table& t : tables()) {
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
                    // Links into summary.md point at index.html: on this page, at the anchor.
                    const std::size_t hash = c.link.find('#');
                    out += fmt::format(
                        "<a href=\"{}\">{}</a>",
                        html_escape(hash == std::string::npos ? c.link : c.link.substr(hash)),
                        html_escape(c.text));
                }
                out += "</td>";
            }
            out += "</tr>\n";
        }
        out += "</table>\n";
    }
    os << out;
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
