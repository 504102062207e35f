// The table of a report folder's files (report/files.hpp): it lists what docs/report-format.md
// documents and nothing else, the CSV header lines are the documented ones, and the options of
// a run select the entries and games.jsonl's lines as documented.

#include "sgfaudit/report/files.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "slurp.hpp"

using namespace sgfaudit;
using report::FolderFile;
using sgfaudit_test::slurp;

namespace {

// The rows of the table of files at the top of docs/report-format.md: entry name ("pages" for
// `pages/`) -> the row's text.
std::map<std::string, std::string> documented_files(const std::string& doc) {
    std::map<std::string, std::string> rows;
    std::size_t at = doc.find("| file | for | what |\n|---|---|---|\n");
    REQUIRE(at != std::string::npos);
    at = doc.find('\n', doc.find('\n', at) + 1) + 1;
    while (at < doc.size() && doc.compare(at, 3, "| `") == 0) {
        const std::size_t end = doc.find('\n', at);
        const std::size_t name_end = doc.find('`', at + 3);
        std::string name = doc.substr(at + 3, name_end - at - 3);
        if (name.ends_with('/')) name.pop_back();
        rows[name] = doc.substr(at, end - at);
        at = end + 1;
    }
    return rows;
}

std::vector<std::string> names(const report::FolderSelection& selection) {
    std::vector<std::string> out;
    for (const std::string_view n : report::folder_entries(selection)) out.emplace_back(n);
    return out;
}

}  // namespace

TEST_CASE("Folder files: the table and docs/report-format.md list the same entries", "[files]") {
    const std::string doc =
        slurp(std::filesystem::path(SGFAUDIT_SOURCE_DIR) / "docs/report-format.md");
    const std::map<std::string, std::string> documented = documented_files(doc);
    CHECK(documented.size() == report::kFolderFiles.size());
    for (const report::FolderFileRow& row : report::kFolderFiles) {
        INFO(row.name);
        const auto it = documented.find(std::string(row.name));
        REQUIRE(it != documented.end());
        // The name with --gzip is documented in the file's row.
        if (!row.gzip_name.empty()) {
            CHECK(it->second.find("`" + std::string(row.gzip_name) + "`") != std::string::npos);
        }
    }
    for (const auto& [name, text] : documented) {
        INFO(name);
        CHECK(std::any_of(report::kFolderFiles.begin(), report::kFolderFiles.end(),
                          [&](const report::FolderFileRow& r) { return r.name == name; }));
    }
}

TEST_CASE("Folder files: each header line is the documented one", "[files]") {
    const std::string doc =
        slurp(std::filesystem::path(SGFAUDIT_SOURCE_DIR) / "docs/report-format.md");
    std::size_t headers = 0;
    for (const report::FolderFileRow& row : report::kFolderFiles) {
        if (row.header.empty()) continue;
        INFO(row.name);
        ++headers;
        REQUIRE(row.header.ends_with('\n'));
        const std::string_view line = row.header.substr(0, row.header.size() - 1);
        const std::size_t columns = line.find("{rulesets}");
        // `NAME`: `HEADER` (with the run's rulesets: `BEFORE`one column per ruleset...`AFTER`).
        const std::string before(
            line.substr(0, columns == std::string_view::npos ? line.size() : columns));
        CHECK(doc.find("`" + std::string(row.name) + "`: `" + before + "`") != std::string::npos);
        if (columns != std::string_view::npos) {
            const std::string after(line.substr(columns + 10));
            CHECK(doc.find("`" + after + "`") != std::string::npos);
        }
    }
    CHECK(headers == 4);  // the four CSV files
}

TEST_CASE("Folder files: divergences.csv has a column per ruleset between rulesets and summary",
          "[files]") {
    const std::vector<std::string> rulesets = {"aga", "aga:komi=6.5,x"};
    CHECK(report::header_line(FolderFile::divergences_csv, rulesets) ==
          "file,game,move,color,point,sgf,kind,cause,clause,rulesets,aga,\"aga:komi=6.5,x\","
          "summary,settled,knobs,unsure\n");
    CHECK(report::header_line(FolderFile::diagnostics_csv) ==
          "file,game,line,column,severity,code,message\n");
    CHECK(report::header_line(FolderFile::summary_md).empty());
}

TEST_CASE("Folder files: the options of a run select the entries it writes", "[files]") {
    const std::vector<std::string> always = {
        "games.jsonl", "divergences.csv", "diagnostics.csv", "record_issues.csv",
        "results.csv", "summary.md",      "summary.json",    "index.html",
        "rules.md",    "diagnostics.md",  ".sgfaudit-report"};
    // A plain run, --findings-only, --only and --full-json: the same entries (they change
    // games.jsonl's lines or form only).
    CHECK(names({}) == always);

    std::vector<std::string> gzip = always;
    gzip[0] = "games.jsonl.gz";
    CHECK(names({.gzip = true}) == gzip);

    std::vector<std::string> sqlite = always;
    sqlite.push_back("report.sqlite");
    CHECK(names({.sqlite = true}) == sqlite);

    std::vector<std::string> shard = always;
    shard.push_back("shard.chunks");
    CHECK(names({.shard = true}) == shard);

    std::vector<std::string> all = gzip;
    all.insert(all.end(), {"report.sqlite", "shard.chunks", "pages"});
    CHECK(names({.gzip = true, .sqlite = true, .shard = true, .paged = true}) == all);

    CHECK(report::file_name(FolderFile::games_jsonl, true) == "games.jsonl.gz");
    CHECK(report::file_name(FolderFile::index_html, true) == "index.html");
    // Every name any run writes is a report entry; nothing else is.
    for (const std::string& n : all) CHECK(report::report_entry(n));
    CHECK(report::report_entry("games.jsonl"));
    CHECK_FALSE(report::report_entry("notes.txt"));
    CHECK_FALSE(report::report_entry("index.html.gz"));
    CHECK_FALSE(report::report_entry("pages/g-outcome-komi.html"));
}

TEST_CASE("Folder files: links and pages are named from the table", "[files]") {
    CHECK(report::index_link("broken") == "index.html#broken");
    CHECK(report::index_link_from_pages("g-legality-ko") == "../index.html#g-legality-ko");
    CHECK(report::page_path("g-outcome-komi", 1) == "pages/g-outcome-komi.html");
    CHECK(report::page_path("g-outcome-komi", 3) == "pages/g-outcome-komi-3.html");
    CHECK(report::announced_files(false) ==
          "summary.md, summary.json, index.html, games.jsonl, divergences.csv, "
          "record_issues.csv, diagnostics.csv, results.csv, rules.md, diagnostics.md");
    CHECK(report::announced_files(true) ==
          "summary.md, summary.json, index.html, games.jsonl, divergences.csv, "
          "record_issues.csv, diagnostics.csv, results.csv, report.sqlite, rules.md, "
          "diagnostics.md");
}

TEST_CASE("Folder files: --findings-only and --only select games.jsonl's lines", "[files]") {
    audit::GameAudit quiet;  // no finding
    audit::GameAudit outcome;
    outcome.divergences.emplace_back();
    outcome.divergences.back().kind = audit::DivergenceKind::outcome;
    audit::GameAudit legality;
    legality.divergences.emplace_back();
    legality.divergences.back().kind = audit::DivergenceKind::legality;
    audit::GameAudit record_error;
    record_error.record_issues.emplace_back();
    record_error.record_issues.back().severity = audit::IssueSeverity::error;
    audit::GameAudit record_note;
    record_note.record_issues.emplace_back();
    record_note.record_issues.back().severity = audit::IssueSeverity::note;

    const report::JsonlSelection every;
    for (const audit::GameAudit* a : {&quiet, &outcome, &legality, &record_error, &record_note}) {
        CHECK(every.game(*a));
    }
    const report::JsonlSelection findings{.findings_only = true};
    CHECK_FALSE(findings.game(quiet));
    CHECK_FALSE(findings.game(record_note));  // R10: a note is never a finding
    CHECK(findings.game(outcome));
    CHECK(findings.game(record_error));

    const report::JsonlSelection only_outcome{
        .only = 1u << static_cast<unsigned>(audit::DivergenceKind::outcome)};
    CHECK(only_outcome.game(outcome));
    CHECK_FALSE(only_outcome.game(legality));
    CHECK_FALSE(only_outcome.game(record_error));
    const report::JsonlSelection only_errors{.only = report::kOnlyRecordErrors};
    CHECK(only_errors.game(record_error));
    CHECK_FALSE(only_errors.game(record_note));
    CHECK_FALSE(only_errors.game(outcome));

    // Files without a game and folder entries: a line unless --only; under --findings-only,
    // only with an error.
    sgf::Diagnostic warning;
    warning.severity = sgf::Severity::warning;
    sgf::Diagnostic error;
    error.severity = sgf::Severity::error;
    const std::vector<sgf::Diagnostic> warned = {warning}, failed = {warning, error};
    CHECK(every.file(warned));
    CHECK(every.file({}));
    CHECK_FALSE(findings.file(warned));
    CHECK(findings.file(failed));
    CHECK_FALSE(only_outcome.file(failed));
    CHECK_FALSE(only_errors.file(failed));
}
