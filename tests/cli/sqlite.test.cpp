// report.sqlite and results.csv (issue 28 item 1, docs/report-format.md "report.sqlite and
// results.csv"): written with --sqlite beside the other files, the same bytes for any --jobs,
// listed in the marker; its tables hold what summary.json counts (queried with the sqlite3
// command-line tool); the research queries of docs/report-format.md run and agree with
// summary.json.

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "skip.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

using sgfaudit_test::slurp;

const std::string kCorpus = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus";

// Runs `sgfaudit audit --quiet --out OUT ARGS...` (in the folder CWD when one is given);
// returns the exit status.
int audit(const fs::path& out, const std::vector<std::string>& args, const fs::path& cwd = {}) {
    std::string command;
    if (!cwd.empty()) command = "cd \"" + cwd.string() + "\" && ";
    command +=
        std::string("\"") + SGFAUDIT_BINARY + "\" audit --quiet --out \"" + out.string() + "\"";
    for (const std::string& a : args) command += " \"" + a + "\"";
    command += " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool have_sqlite3() {
    return std::system("sqlite3 -version >/dev/null 2>&1") == 0;
}

// The output of `sqlite3 -batch DB < SQL` (rows '|'-separated, one a line), without its last
// line break.
std::string query(const fs::path& db, const std::string& sql, const fs::path& scratch) {
    const fs::path file = scratch / "query.sql";
    {
        std::ofstream q(file);
        q << sql << "\n";
    }
    const std::string command =
        "sqlite3 -batch -noheader -separator '|' '" + db.string() + "' < '" + file.string() + "'";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
        out.append(buffer, n);
    }
    const int status = ::pclose(pipe);
    INFO(sql);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

// The number after `"key": ` in the object that starts at the first `"section": {`.
std::string json_value(const std::string& json, const std::string& section,
                       const std::string& key) {
    const auto s = json.find("\"" + section + "\": {");
    REQUIRE(s != std::string::npos);
    const auto k = json.find("\"" + key + "\": ", s);
    REQUIRE(k != std::string::npos);
    const std::size_t from = k + key.size() + 4;
    return json.substr(from, json.find_first_of(",\n}", from) - from);
}

std::size_t lines(const std::string& s) {
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace

TEST_CASE("audit --sqlite writes report.sqlite - the same bytes for --jobs 1 and 2",
          "[cli][sqlite]") {
    TempFolder t("sgfaudit-sqlite");
    const fs::path one = t.path() / "one", two = t.path() / "two", none = t.path() / "none";
    REQUIRE(audit(one, {"--sqlite", "--jobs", "1", "--rules", "japanese,chinese", kCorpus}) == 1);
    REQUIRE(audit(two, {"--sqlite", "--jobs", "2", "--rules", "japanese,chinese", kCorpus}) == 1);
    const std::string db = slurp(one / "report.sqlite");
    REQUIRE(db.rfind(std::string("SQLite format 3\0", 16), 0) == 0);
    CHECK(db == slurp(two / "report.sqlite"));
    // Listed in the marker; nothing else beside the report files (no journal left).
    CHECK(slurp(one / ".sgfaudit-report").find("\nreport.sqlite\n") != std::string::npos);
    CHECK(std::distance(fs::directory_iterator(one), fs::directory_iterator()) == 12);
    // Without --sqlite: no database, and the marker does not name one; results.csv always.
    REQUIRE(audit(none, {"--rules", "japanese,chinese", kCorpus}) == 1);
    CHECK_FALSE(fs::exists(none / "report.sqlite"));
    CHECK(slurp(none / ".sgfaudit-report").find("report.sqlite") == std::string::npos);
    CHECK(slurp(none / "results.csv") == slurp(one / "results.csv"));
    // One row per game and ruleset, and the header.
    const std::string json = slurp(one / "summary.json");
    const std::size_t games = std::stoul(json_value(json, "games", "total"));
    CHECK(lines(slurp(one / "results.csv")) == 2 * games + 1);
}

TEST_CASE("report.sqlite holds what summary.json counts", "[cli][sqlite]") {
    if (!have_sqlite3()) SGFAUDIT_SKIP("the sqlite3 command-line tool is not installed");
    TempFolder t("sgfaudit-sqlite");
    const fs::path out = t.path() / "r";
    REQUIRE(audit(out, {"--sqlite", "--rules", "japanese,chinese", kCorpus}) == 1);
    const fs::path db = out / "report.sqlite";
    const std::string json = slurp(out / "summary.json");
    const auto q = [&](const std::string& sql) { return query(db, sql, t.path()); };

    CHECK(q("SELECT schema, rulesets, dead FROM run;") ==
          "sgfaudit-sqlite/1|japanese,chinese|auto");
    CHECK(q("SELECT group_concat(label, ',') FROM rulesets ORDER BY ruleset_index;") ==
          "japanese,chinese");
    CHECK(q("SELECT count(*) FROM games;") == json_value(json, "games", "total"));
    CHECK(q("SELECT sum(moves) FROM games;") == json_value(json, "games", "moves"));
    CHECK(q("SELECT count(*) FROM games WHERE findings;") ==
          json_value(json, "games", "with_findings"));
    for (const char* ending : {"scored", "resigned", "unfinished", "not_auditable"}) {
        INFO(ending);
        CHECK(q(std::string("SELECT count(*) FROM games WHERE ending = '") + ending + "';") ==
              json_value(json, "games", ending));
    }
    CHECK(q("SELECT count(*) FROM results;") ==
          std::to_string(2 * std::stoul(json_value(json, "games", "total"))));
    for (const char* kind : {"legality", "end", "outcome", "accounting", "record"}) {
        INFO(kind);
        CHECK(q(std::string("SELECT count(DISTINCT game_id || '/' || divergence) FROM "
                            "divergences WHERE kind = '") +
                kind + "';") == json_value(json, kind, "divergences"));
        CHECK(q(std::string("SELECT count(DISTINCT game_id) FROM divergences WHERE kind = '") +
                kind + "';") == json_value(json, kind, "games"));
    }
    for (const char* check : {"match", "mismatch", "not_comparable", "unmapped_rules"}) {
        INFO(check);
        CHECK(q(std::string("SELECT count(*) FROM record_checks WHERE verdict = '") + check +
                "';") == json_value(json, "record_checks", check));
    }
    for (const char* severity : {"error", "note"}) {
        CHECK(q(std::string("SELECT count(*) FROM record_issues WHERE severity = '") + severity +
                "';") == json_value(json, "record_issues", severity));
    }
    for (const char* severity : {"error", "warning", "info"}) {
        CHECK(q(std::string("SELECT count(*) FROM diagnostics WHERE severity = '") + severity +
                "';") == json_value(json, "diagnostics", severity));
    }
    // Every child row names a game of the games table.
    CHECK(q("SELECT count(*) FROM results WHERE game_id NOT IN (SELECT game_id FROM games);") ==
          "0");
    CHECK(q("PRAGMA integrity_check;") == "ok");
    CHECK(q("PRAGMA foreign_key_check;").empty());
}

namespace {

// The query of docs/report-format.md marked `<!-- query NAME -->`.
std::string documented_query(const std::string& name) {
    const std::string doc = slurp(fs::path(SGFAUDIT_SOURCE_DIR) / "docs" / "report-format.md");
    const std::string start = "<!-- query " + name + " -->\n```sql\n";
    const auto at = doc.find(start);
    REQUIRE(at != std::string::npos);
    const auto from = at + start.size();
    return doc.substr(from, doc.find("```", from) - from);
}

std::vector<std::vector<std::string>> rows_of(const std::string& out) {
    std::vector<std::vector<std::string>> rows;
    std::size_t at = 0;
    while (at < out.size()) {
        std::size_t end = out.find('\n', at);
        if (end == std::string::npos) end = out.size();
        std::vector<std::string> cells;
        const std::string line = out.substr(at, end - at);
        for (std::size_t c = 0;;) {
            const std::size_t bar = line.find('|', c);
            cells.push_back(line.substr(c, bar == std::string::npos ? std::string::npos : bar - c));
            if (bar == std::string::npos) break;
            c = bar + 1;
        }
        rows.push_back(cells);
        at = end + 1;
    }
    return rows;
}

// The members of an object of an array of summary.json (8 spaces in), in order.
std::string members(const std::vector<std::pair<std::string, std::string>>& fields) {
    std::string s;
    for (const auto& [key, value] : fields) {
        if (!s.empty()) s += ",\n        ";
        s += "\"" + key + "\": " + value;
    }
    return s;
}

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

// The objects of the array `"name": [` of summary.json.
std::size_t array_objects(const std::string& json, const std::string& name,
                          const std::string& key) {
    const auto from = json.find("\"" + name + "\": [");
    REQUIRE(from != std::string::npos);
    const auto to = json.find("\n    ]", from);
    std::size_t n = 0;
    for (auto at = json.find("{\n        \"" + key + "\": ", from); at < to;
         at = json.find("{\n        \"" + key + "\": ", at + 1)) {
        ++n;
    }
    return n;
}

// 5x5, KM 3.5: Black walls column C and fills three points of its own side, White walls column
// D and passes three times; two passes end it. Area (chinese): B 15, W 10 + 3.5: B+1.5.
// Territory (japanese): B 7, W 5 + 3.5: W+1.5. An outcome divergence of japanese and chinese.
const char* const kFlip =
    "(;GM[1]FF[4]SZ[5]KM[3.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de]"
    ";B[aa];W[];B[ab];W[];B[ac];W[];B[])";

}  // namespace

TEST_CASE("The research queries of report-format.md agree with summary.json", "[cli][sqlite]") {
    if (!have_sqlite3()) SGFAUDIT_SKIP("the sqlite3 command-line tool is not installed");
    TempFolder t("sgfaudit-sqlite");
    t.add("flip/flip.sgf", kFlip);
    const fs::path out = t.path() / "r";
    REQUIRE(audit(out, {"--sqlite", "--rules", "japanese,chinese", kCorpus,
                        (t.path() / "flip").string()}) == 1);
    const fs::path db = out / "report.sqlite";
    const std::string json = slurp(out / "summary.json");
    const auto run = [&](const std::string& name) {
        INFO(name);
        return rows_of(query(db, documented_query(name), t.path()));
    };

    // 1. Japanese vs Chinese: different winners, by cause.
    const auto q1 = run("q1");
    REQUIRE_FALSE(q1.empty());
    long different = 0;
    for (const auto& r : q1) {
        REQUIRE(r.size() == 3);
        INFO(r[0]);
        CHECK(json.find(members({{"kind", quoted("outcome")},
                                 {"cause", quoted(r[0])},
                                 {"rulesets", "[\"japanese\", \"chinese\"]"},
                                 {"count", r[1]}})) != std::string::npos);
        different += std::stol(r[1]);
        CHECK(std::stol(r[2]) >= std::stol(r[1]));
        // A game counted without passes (R13) has a score too: summary.json counts it apart.
        CHECK(std::stol(r[2]) <= std::stol(json_value(json, "games", "scored")) +
                                     std::stol(json_value(json, "games", "counted")));
    }
    const auto pair = json.find("\"rulesets\": [\"japanese\", \"chinese\"],\n        \"legality\"");
    REQUIRE(pair != std::string::npos);
    CHECK(json.substr(json.find("\"outcome\": ", pair) + 11,
                      std::to_string(different).size() + 1) == std::to_string(different) + ",");
    // None of them on unsettled counts (counted apart after the settled ones).
    CHECK(json.find("\"outcome_unsettled\": 0", pair) ==
          json.find("\"outcome_unsettled\": ", pair));
    // The flipped game is one of them, by counting method.
    CHECK(q1.front()[0] == "counting_method");

    // 2. Every divergence by cause and pair.
    const auto q2 = run("q2");
    CHECK(q2.size() == array_objects(json, "by_cause", "kind"));
    for (const auto& r : q2) {
        REQUIRE(r.size() == 5);
        INFO(r[0] << " " << r[1]);
        std::string rulesets = "[]";
        if (!r[2].empty())
            rulesets = "[" + quoted(r[2]) + (r[3].empty() ? "" : ", " + quoted(r[3])) + "]";
        CHECK(json.find(members({{"kind", quoted(r[0])},
                                 {"cause", quoted(r[1])},
                                 {"rulesets", rulesets},
                                 {"count", r[4]}})) != std::string::npos);
    }

    // The divergences with a pair on unsettled counts, by kind: summary.json's `unsettled`.
    for (const char* kind : {"legality", "end", "outcome", "accounting", "record"}) {
        INFO(kind);
        const std::string unsettled =
            query(db,
                  std::string("SELECT count(*) FROM (SELECT 1 FROM divergences WHERE kind = '") +
                      kind + "' GROUP BY game_id, divergence HAVING min(settled) = 0);",
                  t.path());
        CHECK(unsettled == json_value(json, kind, "unsettled"));
        // `unsure` names the undecided strings exactly where the pair is not settled.
        CHECK(query(db,
                    std::string("SELECT count(*) FROM divergences WHERE kind = '") + kind +
                        "' AND settled != (unsure IS NULL);",
                    t.path()) == "0");
    }

    // 3. RE against the count under RU, by RU.
    const auto q3 = run("q3");
    REQUIRE_FALSE(q3.empty());
    CHECK(q3.size() == array_objects(json, "by_ru", "ru"));
    for (const auto& r : q3) {
        REQUIRE(r.size() == 5);
        CHECK(json.find(members({{"ru", quoted(r[0])},
                                 {"ruleset", quoted(r[1])},
                                 {"games", r[2]},
                                 {"compared", r[3]},
                                 {"mismatches", r[4]}})) != std::string::npos);
    }

    // 4. Record issues by code.
    const auto q4 = run("q4");
    REQUIRE_FALSE(q4.empty());
    // record_issues.by_code is the first by_code of summary.json (diagnostics come after).
    CHECK(q4.size() == array_objects(json, "by_code", "code"));
    for (const auto& r : q4) {
        REQUIRE(r.size() == 3);
        CHECK(json.find(
                  members({{"code", quoted(r[0])}, {"severity", quoted(r[1])}, {"count", r[2]}})) !=
              std::string::npos);
    }

    // 5. How the games ended.
    const auto q5 = run("q5");
    long games = 0, moves = 0;
    for (const auto& r : q5) {
        REQUIRE(r.size() == 3);
        INFO(r[0]);
        CHECK(r[1] == json_value(json, "games", r[0]));
        games += std::stol(r[1]);
        moves += std::stol(r[2]);
    }
    CHECK(std::to_string(games) == json_value(json, "games", "total"));
    CHECK(std::to_string(moves) == json_value(json, "games", "moves"));

    // 6. Illegal plays by ruleset; the games with any.
    const auto q6 = run("q6");
    REQUIRE_FALSE(q6.empty());
    const std::string any = query(db, "SELECT count(*) FROM games WHERE illegal;", t.path());
    CHECK(any == json_value(json, "games", "with_illegal_plays"));
    for (const auto& r : q6) {
        REQUIRE(r.size() == 3);
        CHECK(std::stol(r[1]) <= std::stol(any));
        CHECK(std::stol(r[2]) >= std::stol(r[1]));
    }
}

TEST_CASE("games.jsonl compact is at most 1000 bytes a game on the fox-9d and ogs-9x9 archives",
          "[cli][json][shared][slow]") {
    // Measured on the server archives of ../shared/bench, read in place. Each line names its
    // file as the run was given it; the archives are named relative to the folder the run starts
    // in, so the measure is the records' and not the length of the path to ../shared (CI's
    // absolute path, 6 characters longer than the development machine's, put fox-9d's 1,003.5
    // bytes a game over the bound).
    const fs::path bench =
        fs::weakly_canonical(fs::path(SGFAUDIT_SOURCE_DIR) / ".." / "shared" / "bench");
    for (const char* name : {"fox-9d.tar.gz", "ogs-9x9.tar.gz"}) {
        if (!fs::is_regular_file(bench / name)) SGFAUDIT_SKIP("../shared/bench is absent");
        TempFolder t("sgfaudit-size");
        const fs::path out = t.path() / "r";
        const int status = audit(out, {name}, bench);
        CHECK((status == 0 || status == 1));
        const std::string json = slurp(out / "summary.json");
        const std::size_t games = std::stoul(json_value(json, "games", "total"));
        const std::uintmax_t bytes = fs::file_size(out / "games.jsonl");
        INFO(name << ": " << bytes << " bytes, " << games << " games");
        REQUIRE(games > 10000);
        CHECK(bytes <= 1000 * games);
    }
}
