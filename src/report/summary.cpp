// The run's totals: summary.md and the top of index.html, both rendered from one list of tables
// so that the two always say the same.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <utility>

#include "common.hpp"
#include "sgfaudit/report/archive.hpp"
#include "sgfaudit/report/ignore.hpp"
#include "sgfaudit/sgf/encoding.hpp"
#include "summary_table.hpp"

namespace sgfaudit::report {

using detail::html_escape;

namespace {

// Distinct RU values kept by name; later new values are counted under one row.
constexpr std::size_t kMaxNamedValues = 500;
constexpr std::string_view kOtherValues = "(other values)";
// Files that could not be read or hold no game: the first this many are named.
constexpr std::size_t kMaxUnreadNamed = 100000;
// Names listed per code and folder in the tables (the rest counted; diagnostics.csv has all).
constexpr std::size_t kNamesPerRow = 50;

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

namespace {

std::string number(std::uint64_t n) {
    return thousands(n);
}

// Where a file lies below what was named on the command line: an archive member's path, or
// the path below the named folder.
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
        run.full_json ? ", full form (--full-json)" : ", compact form (schema sgfaudit-game/3)";
    if (s.empty()) return "every game" + std::string(form);
    s += run.only.empty() ? " (--findings-only)"
                          : (run.findings_only ? " (--findings-only, --only)" : " (--only)");
    return s + std::string(form);
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

std::vector<Summary::Table> Summary::tables() const {
    std::vector<Table> out;
    auto label = [&](std::size_t i) {
        return i < run_.rulesets.size() ? run_.rulesets[i] : std::string("?");
    };
    auto kind_name = [](std::size_t k) {
        return std::string(audit::to_string(static_cast<audit::DivergenceKind>(k)));
    };

    {
        // What needs action first: only the figures that are not zero, each linked to where
        // its cases are listed.
        Table t;
        t.heading = "Needs action";
        t.id = "action";
        t.note =
            "Unreadable files, record errors, divergences between the rulesets and recorded "
            "results that differ from the count: each figure links to its cases.";
        t.header = {"what", "count"};
        t.numeric = {false, true};
        auto row = [&](std::string name, std::uint64_t n, std::string link) {
            if (n > 0) t.rows.push_back({{std::move(name), ""}, {number(n), std::move(link)}});
        };
        row("files that could not be read", files_unreadable_, "index.html#unread");
        row("files without a game", files_without_games_, "index.html#unread");
        row("folder entries or archive members not read", walk_errors_, "index.html#diagnostics");
        row("files with parse errors", files_with_errors_, "index.html#diagnostics");
        row("record errors (the record cannot be what was played)",
            record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)],
            "index.html#broken");
        row("recorded results that differ from the count (RE vs RU)",
            record_checks_[static_cast<std::size_t>(audit::RecordCheck::mismatch)],
            divergences_[static_cast<std::size_t>(audit::DivergenceKind::record)] > 0
                ? "index.html#kind-record"
                : "index.html#recorded-results");
        // The settled divergences; those on unsettled counts apart, and the outcome
        // divergences from dead stones alone in the table after this one.
        std::uint64_t unsettled = 0;
        for (const auto kind : {audit::DivergenceKind::legality, audit::DivergenceKind::outcome,
                                audit::DivergenceKind::end, audit::DivergenceKind::accounting}) {
            const auto k = static_cast<std::size_t>(kind);
            const bool outcome = kind == audit::DivergenceKind::outcome;
            row(fmt::format("{} divergences (settled counts{})", audit::to_string(kind),
                            outcome && dead_stones_only_ > 0 ? ", not from dead stones alone" : ""),
                divergences_[k] - unsettled_[k] - (outcome ? dead_stones_only_ : 0),
                fmt::format("index.html#kind-{}", audit::to_string(kind)));
            unsettled += unsettled_[k];
        }
        row("divergences on unsettled counts (the dead stones not decided: listed apart)",
            unsettled, "index.html#unsettled");
        t.when_empty =
            "Nothing needs action: every file was read, no record has an error, the rulesets "
            "agree and no recorded result differs from the count.";
        out.push_back(std::move(t));
    }
    if (dead_stones_only_ > 0) {
        // True divergences, but of the rulesets chosen rather than of the games: strict TT 8
        // counts every stone on the board as alive (TT 9), the others remove the stones the
        // dead-stone source calls dead, so every game whose players stopped with dead stones on
        // the board can give another winner.
        Table t;
        t.heading = "By design of the rulesets chosen";
        t.id = "by-design";
        t.note =
            "Outcome divergences whose only cause is dead_stones: a ruleset that counts the board "
            "as it stands (strict Tromp-Taylor, TT 8-9: every stone on the board is alive) "
            "against one that removes the stones the dead-stone source calls dead. They are true "
            "under the rules chosen, and they say nothing about the game beyond the stones its "
            "players left on the board; tromp-taylor:dead=agreement (TT comment 8) counts like "
            "the others.";
        t.header = {"what", "divergences", "games"};
        t.numeric = {false, true, true};
        t.rows.push_back({{"outcome divergences from dead stones alone (settled counts)", ""},
                          {number(dead_stones_only_), "index.html#g-outcome-dead_stones"},
                          {number(games_dead_stones_only_), ""}});
        out.push_back(std::move(t));
    }
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
        if (!run_.ignore.empty()) {
            std::string codes;
            for (const std::string& c : run_.ignore) codes += (codes.empty() ? "" : ", ") + c;
            t.rows.push_back({{"set aside (--ignore)", ""}, {codes, ""}});
        }
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
            "{} resigned + {} on time + {} forfeit + {} unfinished + {} not auditable{}; not "
            "taken: {} folder entries that could not be listed, {} archive members not read or "
            "damaged parts of archives (diagnostics.csv).",
            number(files_), number(with_games), number(files_without_games_),
            number(files_unreadable_), number(games_),
            number(endings_[static_cast<std::size_t>(Ending::scored)]),
            number(endings_[static_cast<std::size_t>(Ending::counted)]),
            number(endings_[static_cast<std::size_t>(Ending::resigned)]),
            number(endings_[static_cast<std::size_t>(Ending::time)]),
            number(endings_[static_cast<std::size_t>(Ending::forfeit)]),
            number(endings_[static_cast<std::size_t>(Ending::unfinished)]),
            number(endings_[static_cast<std::size_t>(Ending::not_auditable)]),
            ended == games_ ? "" : " (MISMATCH)", number(walk_problems_ - archive_problems_),
            number(archive_problems_));
        t.omit_zeros = true;
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
        row("folder entries that could not be listed", walk_problems_ - archive_problems_);
        row("archive members not read, damaged archives (F021-F029)", archive_problems_);
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
        t.note =
            "Where the rulesets disagree (rules.md, model 6); one game may have several. Settled: "
            "every count involved is settled (its dead stones decided); divergences on unsettled "
            "counts are counted apart and listed under Unsettled divergences.";
        t.header = {"kind", "divergences (settled)", "games", "unsettled", "games (unsettled)"};
        t.numeric = {false, true, true, true, true};
        t.omit_zeros = true;
        std::uint64_t unsettled = 0;
        for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
            unsettled += unsettled_[k];
            t.rows.push_back(
                {{kind_name(k), ""},
                 {number(divergences_[k] - unsettled_[k]), "index.html#kind-" + kind_name(k)},
                 {number(games_with_kind_[k]), ""},
                 {number(unsettled_[k]), unsettled_[k] > 0 ? "index.html#unsettled" : ""},
                 {number(games_with_unsettled_[k]), ""}});
        }
        if (divergences() > 0) {
            t.rows.push_back({{"all", ""},
                              {number(divergences() - unsettled), "index.html#divergences"},
                              {"", ""},
                              {number(unsettled), ""},
                              {"", ""}});
        }
        t.when_empty = "No divergence: the rulesets agree on every game.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "By ruleset pair";
        t.note =
            "Legality: one ruleset allows the play, the other forbids it. End: the game ends at "
            "different moves. Outcome: different winners of the deciding counts (settled counts; "
            "on unsettled counts apart).";
        t.header = {"rulesets", "legality", "end", "outcome", "outcome (unsettled)"};
        t.numeric = {false, true, true, true, true};
        t.omit_zeros = true;
        for (std::uint16_t i = 0; i < run_.rulesets.size(); ++i) {
            for (std::uint16_t j = static_cast<std::uint16_t>(i + 1); j < run_.rulesets.size();
                 ++j) {
                std::vector<Cell> r{{fmt::format("{} vs {}", label(i), label(j)), ""}};
                for (const auto kind : {audit::DivergenceKind::legality, audit::DivergenceKind::end,
                                        audit::DivergenceKind::outcome}) {
                    const auto it = pairs_.find({static_cast<std::uint16_t>(kind), i, j});
                    r.push_back({number(it == pairs_.end() ? 0 : it->second), ""});
                }
                const auto u = unsettled_pairs_.find(
                    {static_cast<std::uint16_t>(audit::DivergenceKind::outcome), i, j});
                r.push_back({number(u == unsettled_pairs_.end() ? 0 : u->second), ""});
                t.rows.push_back(std::move(r));
            }
        }
        t.when_empty = run_.rulesets.size() < 2 ? "One ruleset only: no pairs."
                                                : "No pair of rulesets disagrees.";
        out.push_back(std::move(t));
    }
    settled_tables(out);  // by cause, by knob, unsettled (summary_settled.cpp)
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
        t.omit_zeros = true;
        for (std::size_t c = 0; c < record_checks_.size(); ++c) {
            const auto check = static_cast<audit::RecordCheck>(c);
            t.rows.push_back(
                {{std::string(audit::to_string(check)), ""},
                 {number(record_checks_[c]),
                  check == audit::RecordCheck::mismatch &&
                          divergences_[static_cast<std::size_t>(audit::DivergenceKind::record)] > 0
                      ? "index.html#kind-record"
                      : ""}});
        }
        t.when_empty = "No game.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "By RU";
        t.note =
            "Games whose RU maps to a ruleset, with a result to compare; compared: match, "
            "agreed, convention or mismatch (unsettled and not_comparable never count as "
            "compared, R20).";
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
            number(
                record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)]),
            number(
                record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::note)]));
        t.header = {"code", "severity", "count"};
        t.numeric = {false, false, true};
        for (const auto& [key, n] : record_issues_) {
            t.rows.push_back(
                {{key.first, ""},
                 {std::string(audit::to_string(key.second)), ""},
                 {number(n),
                  key.second == audit::IssueSeverity::error ? "index.html#broken" : ""}});
        }
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    {
        // The files that could not be read or hold no game, by code and top-level folder (the
        // folders below what every such file shares), each named.
        Table t;
        t.heading = "Files not read or without a game";
        t.id = "unread";
        t.header = {"code", "folder", "files", "names"};
        t.numeric = {false, false, true, false};
        std::vector<std::string> rel;
        rel.reserve(unread_.size());
        for (const auto& u : unread_) rel.push_back(relative_path(u.second, run_.paths));
        // The folder every such file shares is left out of the grouping.
        std::size_t shared = 0;
        if (!rel.empty()) {
            const std::string& first = rel.front();
            shared = first.size();
            for (const std::string& r : rel) {
                std::size_t n = 0;
                while (n < shared && n < r.size() && r[n] == first[n]) ++n;
                shared = n;
            }
            const std::size_t slash = first.rfind('/', shared == 0 ? 0 : shared - 1);
            shared = shared == 0 || slash == std::string::npos ? 0 : slash + 1;
        }
        struct Group {
            std::uint64_t files = 0;
            std::string names;
            std::size_t named = 0;
        };
        std::map<std::pair<std::string, std::string>, Group> groups;
        for (std::size_t i = 0; i < unread_.size(); ++i) {
            const std::string below = rel[i].substr(shared);
            const std::size_t slash = below.find('/');
            const std::string folder =
                (shared == 0 ? std::string() : rel[i].substr(0, shared)) +
                (slash == std::string::npos ? std::string() : below.substr(0, slash + 1));
            Group& g = groups[{unread_[i].first, folder.empty() ? "." : folder}];
            ++g.files;
            if (g.named < kNamesPerRow) {
                g.names += (g.named == 0 ? "" : ", ") +
                           (slash == std::string::npos ? below : below.substr(slash + 1));
                ++g.named;
            }
        }
        for (const auto& [key, g] : groups) {
            std::string names = g.names;
            if (g.named < g.files) {
                names += fmt::format(" and {} more (diagnostics.csv)", number(g.files - g.named));
            }
            t.rows.push_back(
                {{key.first, ""}, {key.second, ""}, {number(g.files), ""}, {names, ""}});
        }
        t.note = fmt::format(
            "{} files that could not be read and {} without a game, by the code of their first "
            "error (diagnostics.md) and folder, each named{}.",
            number(files_unreadable_), number(files_without_games_),
            unread_total_ > unread_.size()
                ? fmt::format(" (the first {}: diagnostics.csv has the rest)",
                              number(unread_.size()))
                : std::string());
        t.when_empty = "Every file was read and holds a game.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "Diagnostics";
        t.id = "diagnostics";
        t.note =
            fmt::format("{} errors, {} warnings, {} notes; codes in diagnostics.md.",
                        number(diagnostics_by_severity_[2]), number(diagnostics_by_severity_[1]),
                        number(diagnostics_by_severity_[0]));
        t.header = {"code", "severity", "count"};
        t.numeric = {false, false, true};
        for (const auto& [code, c] : diagnostics_by_code_) {
            t.rows.push_back(
                {{code, ""}, {std::string(sgf::to_string(c.first)), ""}, {number(c.second), ""}});
        }
        t.when_empty = "None.";
        out.push_back(std::move(t));
    }
    if (!run_.ignore.empty()) {
        Table t;
        t.heading = "Set aside (--ignore)";
        t.id = "ignored";
        t.note =
            "Diagnostics and record issues of the codes given to --ignore: counted here instead "
            "of in the tables above and not listed in diagnostics.csv, record_issues.csv, "
            "games.jsonl or index.html. The totals by severity above and the exit status still "
            "count them.";
        t.header = {"code", "count"};
        t.numeric = {false, true};
        for (const auto& [code, n] : ignored_) t.rows.push_back({{code, ""}, {number(n), ""}});
        t.when_empty = "None found.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.heading = "The ten most interesting games";
        t.id = "interesting";
        t.note =
            "Points per divergence: legality 10, outcome 8, record 4, end 2, accounting 1; a "
            "divergence on unsettled counts or from dead stones alone 1; the earlier game first "
            "among equals. Links go to the game in index.html.";
        t.header = {"", "game", "players", "divergences"};
        t.numeric = {true, false, false, false};
        std::size_t rank = 0;
        for (const Top& top : top_) {
            t.rows.push_back({{number(++rank), ""},
                              {fmt::format("{} #{}", top.file, top.game + 1),
                               (top_pages_.contains(top.anchor) ? top_pages_.at(top.anchor)
                                                                : std::string("index.html")) +
                                   "#" + top.anchor},
                              {top.players, ""},
                              {top.text, ""}});
        }
        t.when_empty = "No game has a divergence.";
        out.push_back(std::move(t));
    }
    for (Table& t : out) {
        if (!t.omit_zeros) continue;
        std::size_t left_out = 0;
        std::erase_if(t.rows, [&](const std::vector<Cell>& row) {
            bool zero = false;
            for (std::size_t i = 0; i < row.size(); ++i) {
                if (i >= t.numeric.size() || !t.numeric[i] || row[i].text.empty()) continue;
                if (row[i].text != "0") return false;
                zero = true;
            }
            left_out += zero ? 1 : 0;
            return zero;
        });
        if (left_out > 0) {
            t.note += fmt::format("{}{} row{} of zeros left out.", t.note.empty() ? "" : " ",
                                  left_out, left_out == 1 ? "" : "s");
        }
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
           fmt::format("<p><a href=\"{}\">&larr; the report (index.html)</a></p>\n<h1>{}</h1>\n",
                       html_escape(back), html_escape(title));
}

std::string html_page_end() {
    return "</body>\n</html>\n";
}

void Summary::set_anchor_pages(const std::map<std::string, std::string, std::less<>>& pages) {
    top_pages_.clear();
    for (const Top& t : top_) {
        if (const auto it = pages.find(t.anchor); it != pages.end()) {
            top_pages_[t.anchor] = it->second;
        }
    }
    for (const UnsettledRow& r : unsettled_rows_) {
        if (const auto it = pages.find(r.anchor); it != pages.end()) {
            top_pages_[r.anchor] = it->second;
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
                    out += fmt::format(
                        "<a href=\"{}\">{}</a>",
                        html_escape(link.starts_with("index.html#") ? link.substr(10) : link),
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
