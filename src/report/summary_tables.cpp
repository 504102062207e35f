// The summary's tables, in the order summary.md and index.html give them: what needs action, the
// run, the totals, the divergences (the settled and unsettled ones in summary_settled.cpp), the
// recorded results, the record issues, the files not read, the diagnostics and the most
// interesting games.

#include <fmt/format.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"
#include "summary_table.hpp"

namespace sgfaudit::report {

using detail::relative_path;
using detail::ru_name;

namespace {

// Names listed per code and folder in the tables (the rest counted; diagnostics.csv has all).
constexpr std::size_t kNamesPerRow = 50;

std::string number(std::uint64_t n) {
    return thousands(n);
}

std::string kind_name(std::size_t k) {
    return std::string(audit::to_string(static_cast<audit::DivergenceKind>(k)));
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

std::vector<Summary::Table> Summary::tables() const {
    std::vector<Table> out;
    action_table(out);
    by_design_table(out);
    run_table(out);
    totals_table(out);
    divergence_tables(out);
    settled_tables(out);  // by cause, by knob, unsettled (summary_settled.cpp)
    accounting_table(out);
    recorded_results_tables(out);
    record_issues_table(out);
    unread_table(out);
    diagnostics_table(out);
    ignored_table(out);
    interesting_table(out);
    leave_out_zero_rows(out);
    return out;
}

void Summary::action_table(std::vector<Table>& out) const {
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
    row("files that could not be read", files_unreadable_, index_link("unread"));
    row("files without a game", files_without_games_, index_link("unread"));
    row("folder entries or archive members not read", walk_errors_, index_link("diagnostics"));
    row("files with parse errors", files_with_errors_, index_link("diagnostics"));
    row("record errors (the record cannot be what was played)",
        record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)],
        index_link("broken"));
    row("recorded results that differ from the count (RE vs RU)",
        record_checks_[static_cast<std::size_t>(audit::RecordCheck::mismatch)],
        divergences_[static_cast<std::size_t>(audit::DivergenceKind::record)] > 0
            ? index_link("kind-record")
            : index_link("recorded-results"));
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
            index_link(fmt::format("kind-{}", audit::to_string(kind))));
        unsettled += unsettled_[k];
    }
    row("divergences on unsettled counts (the dead stones not decided: listed apart)", unsettled,
        index_link("unsettled"));
    t.when_empty =
        "Nothing needs action: every file was read, no record has an error, the rulesets "
        "agree and no recorded result differs from the count.";
    out.push_back(std::move(t));
}

void Summary::by_design_table(std::vector<Table>& out) const {
    if (dead_stones_only_ == 0) return;
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
                      {number(dead_stones_only_), index_link("g-outcome-dead_stones")},
                      {number(games_dead_stones_only_), ""}});
    out.push_back(std::move(t));
}

void Summary::run_table(std::vector<Table>& out) const {
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
              {{std::string(file_name(FolderFile::games_jsonl)), ""}, {games_jsonl(run_), ""}}};
    if (!run_.ignore.empty()) {
        std::string codes;
        for (const std::string& c : run_.ignore) codes += (codes.empty() ? "" : ", ") + c;
        t.rows.push_back({{"set aside (--ignore)", ""}, {codes, ""}});
    }
    out.push_back(std::move(t));
}

void Summary::totals_table(std::vector<Table>& out) const {
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
        "damaged parts of archives ({}).",
        number(files_), number(with_games), number(files_without_games_), number(files_unreadable_),
        number(games_), number(endings_[static_cast<std::size_t>(Ending::scored)]),
        number(endings_[static_cast<std::size_t>(Ending::counted)]),
        number(endings_[static_cast<std::size_t>(Ending::resigned)]),
        number(endings_[static_cast<std::size_t>(Ending::time)]),
        number(endings_[static_cast<std::size_t>(Ending::forfeit)]),
        number(endings_[static_cast<std::size_t>(Ending::unfinished)]),
        number(endings_[static_cast<std::size_t>(Ending::not_auditable)]),
        ended == games_ ? "" : " (MISMATCH)", number(walk_problems_ - archive_problems_),
        number(archive_problems_), file_name(FolderFile::diagnostics_csv));
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
    row("games scored (ended by two passes, or at KataGo's end, under some ruleset)",
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

void Summary::divergence_tables(std::vector<Table>& out) const {
    auto label = [&](std::size_t i) {
        return i < run_.rulesets.size() ? run_.rulesets[i] : std::string("?");
    };
    {
        Table t;
        t.heading = "Divergences";
        t.id = "summary-divergences";
        t.note = fmt::format(
            "Where the rulesets disagree ({}, model 6); one game may have several. Settled: "
            "every count involved is settled (its dead stones decided); divergences on unsettled "
            "counts are counted apart and listed under Unsettled divergences.",
            file_name(FolderFile::rules_md));
        t.header = {"kind", "divergences (settled)", "games", "unsettled", "games (unsettled)"};
        t.numeric = {false, true, true, true, true};
        t.omit_zeros = true;
        std::uint64_t unsettled = 0;
        for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
            unsettled += unsettled_[k];
            t.rows.push_back(
                {{kind_name(k), ""},
                 {number(divergences_[k] - unsettled_[k]), index_link("kind-" + kind_name(k))},
                 {number(games_with_kind_[k]), ""},
                 {number(unsettled_[k]), unsettled_[k] > 0 ? index_link("unsettled") : ""},
                 {number(games_with_unsettled_[k]), ""}});
        }
        if (divergences() > 0) {
            t.rows.push_back({{"all", ""},
                              {number(divergences() - unsettled), index_link("divergences")},
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
}

void Summary::accounting_table(std::vector<Table>& out) const {
    auto label = [&](std::size_t i) {
        return i < run_.rulesets.size() ? run_.rulesets[i] : std::string("?");
    };
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

void Summary::recorded_results_tables(std::vector<Table>& out) const {
    {
        Table t;
        t.heading = "Recorded results";
        t.id = "recorded-results";
        t.note = fmt::format(
            "RE against the result computed under the record's own RU ({}, model 6), "
            "dead stones: {}.",
            file_name(FolderFile::rules_md), run_.dead);
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
                      ? index_link("kind-record")
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
}

void Summary::record_issues_table(std::vector<Table>& out) const {
    Table t;
    t.heading = "Record issues";
    t.id = "record-issues";
    t.note = fmt::format(
        "Problems no ruleset allows or that make a record unusual ({}, model 3, 6, 7): "
        "{} errors (the record cannot be what was played: findings), {} notes (encodings "
        "read and normalised: never findings); {} lists each.",
        file_name(FolderFile::rules_md),
        number(record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)]),
        number(record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::note)]),
        file_name(FolderFile::record_issues_csv));
    t.header = {"code", "severity", "count"};
    t.numeric = {false, false, true};
    for (const auto& [key, n] : record_issues_) {
        t.rows.push_back(
            {{key.first, ""},
             {std::string(audit::to_string(key.second)), ""},
             {number(n), key.second == audit::IssueSeverity::error ? index_link("broken") : ""}});
    }
    t.when_empty = "None.";
    out.push_back(std::move(t));
}

void Summary::unread_table(std::vector<Table>& out) const {
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
            names += fmt::format(" and {} more ({})", number(g.files - g.named),
                                 file_name(FolderFile::diagnostics_csv));
        }
        t.rows.push_back({{key.first, ""}, {key.second, ""}, {number(g.files), ""}, {names, ""}});
    }
    t.note = fmt::format(
        "{} files that could not be read and {} without a game, by the code of their first "
        "error ({}) and folder, each named{}.",
        number(files_unreadable_), number(files_without_games_),
        file_name(FolderFile::diagnostics_md),
        unread_total_ > unread_.size()
            ? fmt::format(" (the first {}: {} has the rest)", number(unread_.size()),
                          file_name(FolderFile::diagnostics_csv))
            : std::string());
    t.when_empty = "Every file was read and holds a game.";
    out.push_back(std::move(t));
}

void Summary::diagnostics_table(std::vector<Table>& out) const {
    Table t;
    t.heading = "Diagnostics";
    t.id = "diagnostics";
    t.note =
        fmt::format("{} errors, {} warnings, {} notes; codes in {}.",
                    number(diagnostics_by_severity_[2]), number(diagnostics_by_severity_[1]),
                    number(diagnostics_by_severity_[0]), file_name(FolderFile::diagnostics_md));
    t.header = {"code", "severity", "count"};
    t.numeric = {false, false, true};
    for (const auto& [code, c] : diagnostics_by_code_) {
        t.rows.push_back(
            {{code, ""}, {std::string(sgf::to_string(c.first)), ""}, {number(c.second), ""}});
    }
    t.when_empty = "None.";
    out.push_back(std::move(t));
}

void Summary::ignored_table(std::vector<Table>& out) const {
    if (run_.ignore.empty()) return;
    Table t;
    t.heading = "Set aside (--ignore)";
    t.id = "ignored";
    t.note = fmt::format(
        "Diagnostics and record issues of the codes given to --ignore: counted here instead "
        "of in the tables above and not listed in {}, {}, {} or {}. The totals by severity "
        "above and the exit status still count them.",
        file_name(FolderFile::diagnostics_csv), file_name(FolderFile::record_issues_csv),
        file_name(FolderFile::games_jsonl), file_name(FolderFile::index_html));
    t.header = {"code", "count"};
    t.numeric = {false, true};
    for (const auto& [code, n] : ignored_) t.rows.push_back({{code, ""}, {number(n), ""}});
    t.when_empty = "None found.";
    out.push_back(std::move(t));
}

void Summary::interesting_table(std::vector<Table>& out) const {
    Table t;
    t.heading = "The ten most interesting games";
    t.id = "interesting";
    t.note = fmt::format(
        "Points per divergence: legality 10, outcome 8, record 4, end 2, accounting 1; a "
        "divergence on unsettled counts or from dead stones alone 1; the earlier game first "
        "among equals. Links go to the game in {}.",
        file_name(FolderFile::index_html));
    t.header = {"", "game", "players", "divergences"};
    t.numeric = {true, false, false, false};
    std::size_t rank = 0;
    for (const Top& top : top_) {
        t.rows.push_back(
            {{number(++rank), ""},
             {fmt::format("{} #{}", top.file, top.game + 1),
              (top_pages_.contains(top.anchor) ? top_pages_.at(top.anchor)
                                               : std::string(file_name(FolderFile::index_html))) +
                  "#" + top.anchor},
             {top.players, ""},
             {top.text, ""}});
    }
    t.when_empty = "No game has a divergence.";
    out.push_back(std::move(t));
}

void Summary::leave_out_zero_rows(std::vector<Table>& tables) {
    for (Table& t : tables) {
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
}

}  // namespace sgfaudit::report
