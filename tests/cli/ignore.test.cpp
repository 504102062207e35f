// --ignore CODE,... (issue 28, item 4): diagnostics and record issues of the codes given are not
// listed but counted per code (check's text and JSON, every game object, the summary), never
// dropped silently, and the exit status is the one of the run without --ignore.

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/cli/cli.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;
using sgfaudit_test::slurp;

namespace {

struct Run {
    int status;
    std::string out, err;
};

Run run(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int status = sgfaudit::cli::run(args, out, err);
    return Run{status, out.str(), err.str()};
}

std::string corpus(const std::string& name) {
    return std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/" + name;
}

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

std::size_t count(const std::string& s, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("check --ignore sets diagnostics aside and counts them per code", "[cli][ignore]") {
    // mixed-case.sgf: six S102 warnings (lower-case property identifiers).
    const std::string file = corpus("syntax/mixed-case.sgf");
    const Run plain = run({"check", file});
    REQUIRE(count(plain.err, "warning S102") == 6);
    const Run ignored = run({"check", "--ignore", "s102", file});  // any case
    INFO(ignored.err);
    CHECK(ignored.status == plain.status);
    CHECK_FALSE(has(ignored.err, "S102"));
    CHECK(has(ignored.out, "set aside by --ignore: S102 6\n"));
    CHECK(has(ignored.out, "with findings; set aside by --ignore: S102 6\n"));

    const Run json = run({"check", "--format", "json", "--ignore", "S102", file});
    CHECK(json.status == plain.status);
    CHECK_FALSE(has(json.out, "\"code\":\"S102\""));
    CHECK(has(json.out, "\"diagnostics\":[],\"ignored\":{\"S102\":6}}"));
    CHECK(has(json.out, "\"games_with_findings\":1,\"ignored\":{\"S102\":6},\"exit\""));
    // A code that occurs nowhere: named in the totals as none.
    const Run none = run({"check", "--ignore", "S003", file});
    CHECK(has(none.out, "; set aside by --ignore: none\n"));
    CHECK(count(none.err, "warning S102") == 6);
}

TEST_CASE("check --ignore sets record issues aside and the exit status stays", "[cli][ignore]") {
    // handicap-missing.sgf: a record error (handicap_missing) and a note (handicap_inferred).
    const std::string file = corpus("records/handicap-missing.sgf");
    const Run plain = run({"check", file});
    REQUIRE(plain.status == 1);
    REQUIRE(has(plain.out, "handicap_missing (error)"));
    const Run ignored = run({"check", "--ignore", "handicap_missing,handicap_inferred", file});
    CHECK(ignored.status == 1);  // the record error still counts for the exit status
    CHECK_FALSE(has(ignored.out, "handicap_missing (error)"));
    CHECK_FALSE(has(ignored.out, "handicap_inferred (note)"));
    CHECK(has(ignored.out, "set aside by --ignore: handicap_inferred 1, handicap_missing 1\n"));
}

TEST_CASE("An --ignore with an unknown code is a usage error with the nearest code",
          "[cli][ignore]") {
    const std::string file = corpus("syntax/basic.sgf");
    const Run r = run({"check", "--ignore", "S103,handicap_inferd", file});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "sgfaudit check: --ignore: 'handicap_inferd' is neither a diagnostic code "
          "(docs/diagnostics.md, e.g. S103) nor a record-issue code (e.g. handicap_inferred); did "
          "you mean 'handicap_inferred'?\ntry 'sgfaudit check --help'\n");
    CHECK(run({"audit", "--ignore", "S103,,S003", file}).status == 2);
}

TEST_CASE("audit --ignore counts what it sets aside in the summary and lists it nowhere",
          "[cli][ignore]") {
    const TempFolder t("sgfaudit-ignore");
    const std::vector<std::string> in{corpus("syntax/mixed-case.sgf"),
                                      corpus("records/handicap-missing.sgf"),
                                      corpus("hostile/binary-noise.sgf")};
    const auto audit = [&](const std::string& name, const std::vector<std::string>& extra) {
        std::vector<std::string> a{"audit", "--quiet", "--out", (t.path() / name).string()};
        a.insert(a.end(), extra.begin(), extra.end());
        a.insert(a.end(), in.begin(), in.end());
        return run(a).status;
    };
    const int plain = audit("plain", {});
    REQUIRE(plain == 1);
    // S113 is an error (binary-noise.sgf is not text): set aside, it still makes the exit 1.
    const int ignored = audit("ignored", {"--ignore", "S113,S102,handicap_inferred"});
    CHECK(ignored == plain);
    const fs::path p = t.path() / "plain", q = t.path() / "ignored";
    CHECK(has(slurp(p / "diagnostics.csv"), ",S102,"));
    CHECK_FALSE(has(slurp(q / "diagnostics.csv"), ",S102,"));
    CHECK_FALSE(has(slurp(q / "diagnostics.csv"), ",S113,"));
    CHECK_FALSE(has(slurp(q / "record_issues.csv"), "handicap_inferred"));
    CHECK(has(slurp(q / "record_issues.csv"), "handicap_missing"));
    CHECK_FALSE(has(slurp(q / "games.jsonl"), "\"code\":\"S102\""));
    CHECK(has(slurp(q / "games.jsonl"), "\"ignored\":{\"S113\":1}"));
    const std::string json = slurp(q / "summary.json");
    CHECK(has(json, "\"ignore\": [\"S102\", \"S113\", \"handicap_inferred\"]"));
    CHECK(has(json,
              "\"ignored\": {\n    \"S102\": 6,\n    \"S113\": 1,\n"
              "    \"handicap_inferred\": 1\n  }"));
    // The exit and its reasons are those of the run without --ignore.
    const std::string exit_of_plain = slurp(p / "summary.json").substr(0, 300);
    CHECK(json.substr(0, json.find("\"run\"")) ==
          exit_of_plain.substr(0, exit_of_plain.find("\"run\"")));
    CHECK(has(json, "files_with_errors"));
    const std::string md = slurp(q / "summary.md");
    CHECK(has(md, "| set aside (--ignore) | S102, S113, handicap\\_inferred |"));
    CHECK(has(md, "## Set aside (--ignore)"));
    CHECK(has(md, "| S102 | 6 |"));
    CHECK(has(slurp(q / "index.html"), "<h2 id=\"ignored\">Set aside (--ignore)</h2>"));
    // Without --ignore no trace of it.
    CHECK_FALSE(has(slurp(p / "summary.md"), "--ignore"));
    CHECK_FALSE(has(slurp(p / "summary.json"), "ignore"));
}

TEST_CASE("Shards of an --ignore run merge into its report byte for byte and must agree on it",
          "[cli][ignore][shards]") {
    const TempFolder t("sgfaudit-ignore-shards");
    const std::string in = corpus("syntax");
    const auto audit = [&](const std::string& name, const std::string& shard,
                           const std::string& ignore) {
        std::vector<std::string> a{"audit", "--quiet", "--ignore",
                                   ignore,  "--out",   (t.path() / name).string()};
        if (!shard.empty()) a.insert(a.end(), {"--shard", shard});
        a.push_back(in);
        return run(a).status;
    };
    const int whole = audit("whole", "", "S102,S100");
    CHECK(audit("s1", "1/2", "S102,S100") != 2);
    CHECK(audit("s2", "2/2", "S100,S102") != 2);  // the same codes in another order
    CHECK(audit("other", "2/2", "S102") != 2);
    CHECK(run({"merge", "--out", (t.path() / "merged").string(), (t.path() / "s1").string(),
               (t.path() / "s2").string()})
              .status == whole);
    for (const char* f : {"summary.md", "summary.json", "diagnostics.csv", "games.jsonl"}) {
        INFO(f);
        CHECK(slurp(t.path() / "merged" / f) == slurp(t.path() / "whole" / f));
    }
    const Run mixed = run({"merge", "--out", (t.path() / "mixed").string(),
                           (t.path() / "s1").string(), (t.path() / "other").string()});
    CHECK(mixed.status == 2);
    CHECK(has(mixed.err, "other inputs or options"));
}
