// The mistakes a newcomer makes on the command line (issue 28, item 5): each gets one line that
// says what is wrong, a suggestion where one is near, and where help is; never the whole help.
// An input with nothing to audit stops with exit 2 naming what was passed over.

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/cli/cli.hpp"
#include "temp_folder.hpp"

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

std::string basic() {
    return std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/syntax/basic.sgf";
}

std::size_t lines(const std::string& s) {
    std::size_t n = 0;
    for (const char c : s) n += c == '\n' ? 1 : 0;
    return n;
}

// A usage error: exit 2, nothing on stdout, its line and the "try" line on stderr.
void check_usage_error(const Run& r, const std::string& line, const std::string& command) {
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == line + "\ntry '" + command + " --help'\n");
}

}  // namespace

TEST_CASE("A usage error prints its one line and where help is and not the help",
          "[cli][newcomer]") {
    check_usage_error(run({"check"}), "sgfaudit check: no PATH given", "sgfaudit check");
    check_usage_error(run({"audit", "--jobs", "0", basic()}),
                      "sgfaudit audit: --jobs: '0' is not a number of threads (1 to 1024)",
                      "sgfaudit audit");
    check_usage_error(run({"parse"}), "sgfaudit parse: no PATH given", "sgfaudit parse");
    check_usage_error(run({"merge"}), "sgfaudit merge: no SHARD_REPORT given", "sgfaudit merge");
    check_usage_error(run({"rules", "aga", "french"}), "sgfaudit rules: one SPEC at most",
                      "sgfaudit rules");
    const Run none = run({});
    CHECK(none.status == 2);
    CHECK(lines(none.err) == 2);
    CHECK(none.err.find("try 'sgfaudit --help'") != std::string::npos);
}

TEST_CASE("An unknown option suggests the nearest one", "[cli][newcomer]") {
    check_usage_error(run({"audit", "--rule", "aga", basic()}),
                      "sgfaudit audit: unknown option '--rule'; did you mean '--rules'?",
                      "sgfaudit audit");
    check_usage_error(run({"check", "--rlues=aga", basic()}),
                      "sgfaudit check: unknown option '--rlues=aga'; did you mean '--rules'?",
                      "sgfaudit check");
    check_usage_error(run({"check", "--max-node", "5", basic()}),
                      "sgfaudit check: unknown option '--max-node'; did you mean '--max-nodes'?",
                      "sgfaudit check");
    check_usage_error(run({"parse", "--sumary", basic()}),
                      "sgfaudit parse: unknown option '--sumary'; did you mean '--summary'?",
                      "sgfaudit parse");
    check_usage_error(run({"rules", "--explian", "AGA 6"}),
                      "sgfaudit rules: unknown option '--explian'; did you mean '--explain'?",
                      "sgfaudit rules");
    check_usage_error(run({"audti", basic()}),
                      "sgfaudit: unknown command 'audti'; did you mean 'audit'?", "sgfaudit");
    check_usage_error(run({"--verison"}),
                      "sgfaudit: unknown option '--verison'; did you mean '--version'?",
                      "sgfaudit");
    const Run clause = run({"rules", "--explain", "AGA 66"});
    CHECK(clause.status == 2);
    CHECK(clause.err.find("no clause 'AGA 66' (did you mean 'AGA 6'?); the clauses are: ") ==
          std::string("sgfaudit rules --explain: ").size());
    // Nothing near: no suggestion.
    check_usage_error(run({"check", "--frobnicate", basic()}),
                      "sgfaudit check: unknown option '--frobnicate'", "sgfaudit check");
}

TEST_CASE("An unknown value suggests the nearest one", "[cli][newcomer]") {
    check_usage_error(
        run({"check", "--format", "jsno", basic()}),
        "sgfaudit check: --format: 'jsno' is not one of text, json, html; did you mean "
        "'json'?",
        "sgfaudit check");
    check_usage_error(run({"check", "--on-illegal", "stpo", basic()}),
                      "sgfaudit check: --on-illegal: 'stpo' is not one of as-it-stands, stop; "
                      "did you mean 'stop'?",
                      "sgfaudit check");
    check_usage_error(run({"audit", "--only", "legality,outcomes", basic()}),
                      "sgfaudit audit: --only: 'outcomes' is not one of legality, end, outcome, "
                      "accounting, record, record_errors; did you mean 'outcome'?",
                      "sgfaudit audit");
    const Run rules = run({"check", "--rules", "aga,japanse", basic()});
    CHECK(rules.status == 2);
    CHECK(rules.err.find("unknown ruleset 'japanse'") != std::string::npos);
    CHECK(rules.err.find("did you mean 'japanese'?\ntry 'sgfaudit check --help'\n") !=
          std::string::npos);
    CHECK(lines(rules.err) == 2);
}

TEST_CASE("The --dead option tells a mistyped policy from a point list", "[cli][newcomer]") {
    check_usage_error(run({"check", "--dead", "gnugoo", basic()}),
                      "sgfaudit check: --dead: 'gnugoo' is neither a policy (none, markup, "
                      "pass-alive, auto, gnugo) nor a point list (dd,ee or D4,E5); did you mean "
                      "'gnugo'?",
                      "sgfaudit check");
    check_usage_error(run({"audit", "--dead", "passalive", basic()}),
                      "sgfaudit audit: --dead: 'passalive' is neither a policy (none, markup, "
                      "pass-alive, auto, gnugo) nor a point list (dd,ee or D4,E5); did you mean "
                      "'pass-alive'?",
                      "sgfaudit audit");
    // In a list, a bad item is a point that is wrong.
    check_usage_error(run({"check", "--dead", "dd,zz9", basic()}),
                      "sgfaudit check: --dead: 'zz9' is not a point (write SGF letters like dd "
                      "or board coordinates like D16)",
                      "sgfaudit check");
    // One point is a list.
    CHECK(run({"check", "--dead", "D4", basic()}).status != 2);
}

TEST_CASE("An input with nothing to audit stops with exit 2 naming what was passed over",
          "[cli][newcomer]") {
    const TempFolder t("sgfaudit-newcomer");
    t.add("notes.txt", "not a game");
    t.add("more/games.zip", "an archive inside a folder is not read");
    const std::string dir = t.path().string();
    for (const std::string command : {"check", "audit", "parse"}) {
        std::vector<std::string> args{command, dir};
        if (command == "audit") args = {command, "--out", dir + "/report", dir};
        const Run r = run(args);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(lines(r.err) == 1);
        CHECK(r.err.find("sgfaudit " + command + ": nothing to ") == 0);
        CHECK(r.err.find("passed over 2 files in 2 folders: " + dir + "/more/games.zip, " + dir +
                         "/notes.txt") != std::string::npos);
        CHECK(r.err.find("read only when named on the command line") != std::string::npos);
    }
    CHECK_FALSE(std::filesystem::exists(t.path() / "report"));
    const TempFolder empty("sgfaudit-newcomer-empty");
    const Run r = run({"check", empty.path().string()});
    CHECK(r.status == 2);
    CHECK(r.err.find("(1 folder, no file in it)") != std::string::npos);
}

TEST_CASE("An empty shard of a non-empty input is audited and clean", "[cli][newcomer]") {
    const TempFolder t("sgfaudit-newcomer-shard");
    // One file: shard 2 of 2 holds nothing of it.
    const Run r = run(
        {"audit", "--quiet", "--shard", "2/2", "--out", (t.path() / "shard2").string(), basic()});
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("audited 0 games") == 0);
    CHECK(std::filesystem::exists(t.path() / "shard2" / "summary.json"));
}

TEST_CASE("Each ruleset of a run has one unique label in JSON CSV and the summary",
          "[cli][names]") {
    // Two modified presets, one preset with a komi and a KataGo rules string as --rules takes
    // it: no ruleset is named custom, and no two share a label.
    const TempFolder t("sgfaudit-names");
    const std::string kg = "koPOSITIONALscoreAREAtaxNONEsui1";
    const std::string rules = "aga:ko=ssk,french:ko=psk,aga:komi=6.5," + kg;
    const std::vector<std::string> labels{"aga:ko=ssk", "french:ko=psk", "aga:komi=6.5",
                                          "tromp-taylor:end=resumable:dead=pass-alive"};
    const Run json = run({"check", "--format", "json", "--full-json", "--rules", rules, basic()});
    INFO(json.err);
    REQUIRE(json.status != 2);
    CHECK(json.out.find("custom") == std::string::npos);
    // "name" and "spec" are the label: no preset's name for a modified one (its komi too).
    for (const std::string& l : labels) {
        CHECK(json.out.find("{\"name\":\"" + l + "\",\"spec\":\"" + l + "\"") != std::string::npos);
    }
    const std::string out = (t.path() / "report").string();
    const Run audit = run({"audit", "--quiet", "--rules", rules, "--out", out, basic()});
    REQUIRE(audit.status != 2);
    std::ifstream csv(out + "/divergences.csv");
    std::string header;
    std::getline(csv, header);
    CHECK(header ==
          "file,game,move,color,point,sgf,kind,cause,clause,rulesets,aga:ko=ssk,"
          "french:ko=psk,aga:komi=6.5,tromp-taylor:end=resumable:dead=pass-alive,summary,"
          "settled,knobs,unsure");
    std::ifstream summary(out + "/summary.json");
    const std::string text((std::istreambuf_iterator<char>(summary)), {});
    CHECK(text.find("\"rulesets\": [\"aga:ko=ssk\", \"french:ko=psk\", \"aga:komi=6.5\", "
                    "\"tromp-taylor:end=resumable:dead=pass-alive\"]") != std::string::npos);
    for (const char* file :
         {"/summary.json", "/summary.md", "/index.html", "/divergences.csv", "/games.jsonl"}) {
        std::ifstream in(out + file);
        const std::string all((std::istreambuf_iterator<char>(in)), {});
        INFO(file);
        CHECK(all.find("custom") == std::string::npos);
    }
}
