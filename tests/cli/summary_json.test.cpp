// summary.json (docs/report-format.md): every total of summary.md under a stable name, the run's
// settings, and the exit status with the conditions that made it.

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "slurp.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

using sgfaudit_test::slurp;

// Runs `sgfaudit audit --quiet --out OUT PATH...`; returns the exit status.
int audit(const fs::path& out, const std::vector<std::string>& paths) {
    std::string command =
        std::string("\"") + SGFAUDIT_BINARY + "\" audit --quiet --out \"" + out.string() + "\"";
    for (const std::string& p : paths) command += " \"" + p + "\"";
    command += " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The number in the row of summary.md whose first cell is `label`, at column `column` (1-based),
// from the Totals on (the table that leads, "Needs action", repeats some labels): its digits
// without the thousands separators and the link around them; "0" when the row is left out
// (summary.md leaves out the rows of zeros).
std::string md_cell(const std::string& md, const std::string& label, int column = 1) {
    const std::string start = "| " + label + " |";
    const auto totals = md.find("## Totals");
    REQUIRE(totals != std::string::npos);
    const auto at = md.find(start, totals);
    if (at == std::string::npos) return "0";
    std::size_t p = at + start.size();
    for (int c = 1; c < column; ++c) p = md.find('|', p) + 1;
    const std::size_t end = md.find('|', p);
    std::string cell = md.substr(p, end - p);
    cell.erase(0, cell.find_first_not_of(' '));
    cell.erase(cell.find_last_not_of(' ') + 1);
    if (cell.starts_with('[')) cell = cell.substr(1, cell.find(']') - 1);
    std::erase(cell, ',');
    return cell;
}

// The value of `"key": ` in the object that starts at the first `"section": {` of `json`.
std::string json_value(const std::string& json, const std::string& section,
                       const std::string& key) {
    const auto s = json.find("\"" + section + "\": {");
    REQUIRE(s != std::string::npos);
    const auto k = json.find("\"" + key + "\": ", s);
    REQUIRE(k != std::string::npos);
    const std::size_t from = k + key.size() + 4;
    return json.substr(from, json.find_first_of(",\n", from) - from);
}

}  // namespace

TEST_CASE("summary.json carries every total of summary.md", "[cli][audit][summary-json]") {
    TempFolder t("sgfaudit-summary");
    const fs::path out = t.path() / "r";
    const int status = audit(out, {std::string(SGFAUDIT_SOURCE_DIR) + "/corpus"});
    REQUIRE(status == 1);
    const std::string md = slurp(out / "summary.md");
    const std::string json = slurp(out / "summary.json");
    REQUIRE(json.rfind("{\n  \"schema\": \"sgfaudit-summary/2\",\n", 0) == 0);

    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> totals = {
        {"files taken", {"files", "taken"}},
        {"files with games", {"files", "with_games"}},
        {"files without a game", {"files", "without_game"}},
        {"files that could not be read", {"files", "unreadable"}},
        {"files with errors (parse errors)", {"files", "with_errors"}},
        {"folder entries that could not be listed", {"files", "walk_problems"}},
        {"archive members not read, damaged archives (F021-F029)", {"files", "archive_problems"}},
        {"games", {"games", "total"}},
        {"games with findings", {"games", "with_findings"}},
        {"moves (main lines, passes counted)", {"games", "moves"}},
        {"games scored (ended by two passes, or at KataGo's end, under some ruleset)",
         {"games", "scored"}},
        {"games counted without passes (RE a score, R13)", {"games", "counted"}},
        {"games resigned (RE)", {"games", "resigned"}},
        {"games lost on time (RE)", {"games", "time"}},
        {"games forfeited (RE)", {"games", "forfeit"}},
        {"games unfinished (no two passes, no resignation, time or forfeit, no score in RE)",
         {"games", "unfinished"}},
        {"games not auditable", {"games", "not_auditable"}},
    };
    for (const auto& [label, where] : totals) {
        INFO(label);
        CHECK(md_cell(md, label) == json_value(json, where.first, where.second));
    }
    // summary.md's divergence totals count the settled ones (settled first); summary.json has
    // both, and its total is settled + unsettled.
    long long settled = 0, unsettled = 0;
    for (const char* kind : {"legality", "end", "outcome", "accounting", "record"}) {
        INFO(kind);
        CHECK(md_cell(md, kind, 1) == json_value(json, kind, "settled"));
        CHECK(md_cell(md, kind, 2) == json_value(json, kind, "games"));
        settled += std::stoll(json_value(json, kind, "settled"));
        unsettled += std::stoll(json_value(json, kind, "unsettled"));
        CHECK(std::stoll(json_value(json, kind, "divergences")) ==
              std::stoll(json_value(json, kind, "settled")) +
                  std::stoll(json_value(json, kind, "unsettled")));
    }
    CHECK(md_cell(md, "all") == std::to_string(settled));
    CHECK(json_value(json, "divergences", "total") == std::to_string(settled + unsettled));
    for (const char* check :
         {"match", "mismatch", "not_comparable", "unmapped_rules", "no_result"}) {
        std::string escaped;  // summary.md escapes '_'
        for (const char c : std::string(check)) {
            if (c == '_') escaped += '\\';
            escaped += c;
        }
        INFO(check);
        CHECK(md_cell(md, escaped) == json_value(json, "record_checks", check));
    }
    // The pairs: tromp-taylor vs aga, in that order.
    const auto pair = json.find("\"rulesets\": [\"tromp-taylor\", \"aga\"],");
    REQUIRE(pair != std::string::npos);
    for (const auto& [kind, column] :
         std::vector<std::pair<std::string, int>>{{"legality", 1}, {"end", 2}, {"outcome", 3}}) {
        const auto k = json.find("\"" + kind + "\": ", pair);
        CHECK(md_cell(md, "tromp-taylor vs aga", column) ==
              json.substr(k + kind.size() + 4,
                          json.find_first_of(",\n", k + kind.size() + 4) - k - kind.size() - 4));
    }
    // Record issues and diagnostics by severity, as the sentences of summary.md say.
    CHECK(md.find(": " + json_value(json, "record_issues", "error") + " errors (the record") !=
          std::string::npos);
    CHECK(md.find(json_value(json, "record_issues", "note") + " notes (encodings") !=
          std::string::npos);
    CHECK(md.find(json_value(json, "diagnostics", "error") + " errors, " +
                  json_value(json, "diagnostics", "warning") + " warnings, " +
                  json_value(json, "diagnostics", "info") + " notes") != std::string::npos);
    // The run's settings.
    CHECK(json_value(json, "run", "dead") == "\"auto\"");  // the default (issue 26)
    CHECK(json_value(json, "run", "on_illegal") == "\"as-it-stands\"");
    CHECK(json_value(json, "run", "max_diagrams") == "1000");
    // The exit status as the run ended.
    CHECK(json_value(json, "exit", "status") == "1");
    CHECK(json_value(json, "exit", "reason") == "\"findings\"");
}

TEST_CASE("summary.json says exit 0 clean or 1 findings and why, notes never count",
          "[cli][audit][summary-json]") {
    TempFolder t("sgfaudit-summary");
    // A clean game, and one whose only record issue is a note (komi_quirk, R3/R10).
    const std::string clean = t.add("clean.sgf", "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gg])");
    const std::string note = t.add("note.sgf", "(;GM[1]FF[4]SZ[9]KM[650];B[ee];W[cc])");
    REQUIRE(audit(t.path() / "a", {clean, note}) == 0);
    const std::string a = slurp(t.path() / "a" / "summary.json");
    CHECK(json_value(a, "exit", "status") == "0");
    CHECK(json_value(a, "exit", "reason") == "\"clean\"");
    CHECK(a.find("\"because\": []") != std::string::npos);
    CHECK(json_value(a, "record_issues", "note") == "1");

    // B A4 (ab) is a two-stone suicide: legal under tromp-taylor, illegal under aga and
    // french, a legality divergence (rules.md 6).
    const std::string suicide =
        t.add("suicide.sgf",
              "(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[ba];B[dd];W[bb];B[ee];W[ac];B[ab];W[];B[])");
    REQUIRE(audit(t.path() / "b", {clean, suicide}) == 1);
    const std::string b = slurp(t.path() / "b" / "summary.json");
    CHECK(json_value(b, "exit", "status") == "1");
    CHECK(json_value(b, "exit", "reason") == "\"findings\"");
    const auto because = b.find("\"because\": [");
    REQUIRE(because != std::string::npos);
    const std::string list = b.substr(because, b.find(']', because) - because);
    CHECK(list.find("\"divergences\"") != std::string::npos);
    CHECK(list.find("\"illegal_plays\"") != std::string::npos);
    CHECK(list.find("\"files_unreadable\"") == std::string::npos);
}

TEST_CASE("audit --findings-only keeps in games.jsonl only the games with findings",
          "[cli][audit][findings-only]") {
    TempFolder t("sgfaudit-summary");
    const std::string corpus = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus";
    REQUIRE(audit(t.path() / "all", {corpus}) == 1);
    const std::string command = std::string("\"") + SGFAUDIT_BINARY +
                                "\" audit --quiet --findings-only --out \"" +
                                (t.path() / "some").string() + "\" \"" + corpus + "\" >/dev/null";
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    const std::string all = slurp(t.path() / "all" / "games.jsonl");
    const std::string some = slurp(t.path() / "some" / "games.jsonl");
    // Exactly the lines of the full file that have findings, in the same order.
    std::istringstream lines(all);
    std::string expected;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("\"findings\":true") != std::string::npos) expected += line + "\n";
    }
    CHECK(!expected.empty());
    CHECK(some == expected);
    CHECK(some.size() < all.size());
    // The other files are the same, and summary.json says how games.jsonl was made.
    for (const char* name : {"divergences.csv", "record_issues.csv", "diagnostics.csv"}) {
        INFO(name);
        CHECK(slurp(t.path() / "some" / name) == slurp(t.path() / "all" / name));
    }
    CHECK(json_value(slurp(t.path() / "some" / "summary.json"), "run", "findings_only") == "true");
    CHECK(json_value(slurp(t.path() / "all" / "summary.json"), "run", "findings_only") == "false");
}

TEST_CASE(
    "audit --gzip writes games.jsonl.gz, the same lines compressed, the same bytes for any "
    "--jobs",
    "[cli][audit][gzip]") {
    if (std::system("gzip --version >/dev/null 2>&1") != 0) {
        WARN("gzip not installed: test skipped");
        return;
    }
    TempFolder t("sgfaudit-summary");
    const std::string corpus = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus";
    REQUIRE(audit(t.path() / "plain", {corpus}) == 1);
    for (const char* jobs : {"1", "2"}) {
        const fs::path out = t.path() / (std::string("gz") + jobs);
        const std::string command = std::string("\"") + SGFAUDIT_BINARY +
                                    "\" audit --quiet --gzip --jobs " + jobs + " --out \"" +
                                    out.string() + "\" \"" + corpus + "\" >/dev/null";
        const int status = std::system(command.c_str());
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 1);
        CHECK_FALSE(fs::exists(out / "games.jsonl"));
        REQUIRE(fs::exists(out / "games.jsonl.gz"));
        const std::string unzip = "gzip -dc \"" + (out / "games.jsonl.gz").string() + "\" > \"" +
                                  (out.string() + ".jsonl") + "\"";
        REQUIRE(std::system(unzip.c_str()) == 0);
        CHECK(slurp(out.string() + ".jsonl") == slurp(t.path() / "plain" / "games.jsonl"));
        CHECK(fs::file_size(out / "games.jsonl.gz") * 5 < fs::file_size(out.string() + ".jsonl"));
    }
    CHECK(slurp(t.path() / "gz1" / "games.jsonl.gz") == slurp(t.path() / "gz2" / "games.jsonl.gz"));
    // A report folder with games.jsonl.gz may be replaced by the next run.
    CHECK(audit(t.path() / "gz1", {corpus}) == 1);
    CHECK(fs::exists(t.path() / "gz1" / "games.jsonl"));
}

TEST_CASE("audit --only KINDS keeps in games.jsonl the games with such divergences",
          "[cli][audit][only]") {
    TempFolder t("sgfaudit-summary");
    const std::string corpus = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus";
    REQUIRE(audit(t.path() / "all", {corpus}) == 1);
    auto run = [&](const std::string& only, const std::string& name) {
        const std::string command =
            std::string("\"") + SGFAUDIT_BINARY + "\" audit --quiet --only " + only + " --out \"" +
            (t.path() / name).string() + "\" \"" + corpus + "\" >/dev/null 2>&1";
        const int status = std::system(command.c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    REQUIRE(run("legality,record", "some") == 1);
    // The lines of the full file with a legality or record divergence, in order.
    std::istringstream lines(slurp(t.path() / "all" / "games.jsonl"));
    std::string expected;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("{\"kind\":\"legality\"") != std::string::npos ||
            line.find("{\"kind\":\"record\"") != std::string::npos) {
            expected += line + "\n";
        }
    }
    CHECK(!expected.empty());
    CHECK(slurp(t.path() / "some" / "games.jsonl") == expected);
    const std::string json = slurp(t.path() / "some" / "summary.json");
    CHECK(json.find("\"only\": [\"legality\", \"record\"]") != std::string::npos);
    // record_errors: games with a record error; an unknown kind cannot run.
    REQUIRE(run("record_errors", "broken") == 1);
    const std::string broken = slurp(t.path() / "broken" / "games.jsonl");
    CHECK(broken.find("\"severity\":\"error\"") != std::string::npos);
    CHECK(run("legality,bogus", "bad") == 2);
}
