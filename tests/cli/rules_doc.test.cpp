// The rules a report cites travel with it: rules.md and diagnostics.md in the report folder
// (docs/rules.md, docs/diagnostics.md), every clause the report cites explained there, and
// `sgfaudit rules --explain CLAUSE`.

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/report/docs.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

// Whether `text` names the rules-model file or an issue number ("issue 12", "Issues 3").
bool cites_foreign(const std::string& text) {
    if (text.find("rules-model") != std::string::npos) return true;
    for (const char* word : {"issue ", "Issue ", "issues ", "Issues "}) {
        for (std::size_t at = text.find(word); at != std::string::npos;
             at = text.find(word, at + 1)) {
            const std::size_t digit = at + std::char_traits<char>::length(word);
            if (digit < text.size() && text[digit] >= '0' && text[digit] <= '9') return true;
        }
    }
    return false;
}

using sgfaudit_test::slurp;

}  // namespace

TEST_CASE("rules --explain prints one clause, whatever its spelling", "[cli][rules]") {
    std::ostringstream out, err;
    CHECK(sgfaudit::cli::run({"rules", "--explain", "AGA 6"}, out, err) == 0);
    CHECK(out.str().rfind("### AGA 6\n", 0) == 0);
    CHECK(out.str().find("ko=nssk") != std::string::npos);
    CHECK(out.str().find("### AGA 7") == std::string::npos);  // that clause only
    std::ostringstream out2, err2;
    CHECK(sgfaudit::cli::run({"rules", "--explain=ffg-6a"}, out2, err2) == 0);
    CHECK(out2.str().rfind("### FFG 6a\n", 0) == 0);
    std::ostringstream out3, err3;
    CHECK(sgfaudit::cli::run({"rules", "--explain", "FFG", "Appendix", "B"}, out3, err3) == 0);
    CHECK(out3.str().rfind("### FFG Appendix B\n", 0) == 0);
    // An unknown clause cannot run, and the message lists the clauses.
    std::ostringstream out4, err4;
    CHECK(sgfaudit::cli::run({"rules", "--explain", "XY 9"}, out4, err4) == 2);
    CHECK(err4.str().find("no clause 'XY 9'; the clauses are: TT 1, ") != std::string::npos);
}

TEST_CASE("The report folder carries rules.md and diagnostics.md, and every cited clause is in it",
          "[cli][rules][audit]") {
    TempFolder t("sgfaudit-rules");
    const fs::path out = t.path() / "r";
    std::ostringstream o, e;
    REQUIRE(sgfaudit::cli::run({"audit", "--quiet", "--out", out.string(),
                                std::string(SGFAUDIT_SOURCE_DIR) + "/corpus"},
                               o, e) == 1);
    CHECK(slurp(out / "rules.md") == slurp(fs::path(SGFAUDIT_SOURCE_DIR) / "docs/rules.md"));
    CHECK(slurp(out / "diagnostics.md") ==
          slurp(fs::path(SGFAUDIT_SOURCE_DIR) / "docs/diagnostics.md"));
    const std::string html = slurp(out / "index.html");
    CHECK(html.find("<a href=\"rules.md\">") != std::string::npos);
    // No file of the report cites a file the repository does not have (the rules model is
    // cited as rules.md, which the folder carries) nor an issue number of the tracker.
    for (const auto& entry : fs::directory_iterator(out)) {
        INFO(entry.path().filename().string());
        CHECK_FALSE(cites_foreign(slurp(entry.path())));
    }

    // Every clause of games.jsonl ("clause" fields, "; "- or ", "-separated) has its section.
    const std::string jsonl = slurp(out / "games.jsonl");
    const std::string field = "\"clause\":\"";
    std::set<std::string> clauses;
    for (std::size_t p = jsonl.find(field); p != std::string::npos; p = jsonl.find(field, p + 1)) {
        const std::size_t from = p + field.size();
        const std::string list = jsonl.substr(from, jsonl.find('"', from) - from);
        for (std::size_t at = 0; at <= list.size();) {
            std::size_t end = list.find_first_of(";,", at);
            if (end == std::string::npos) end = list.size();
            std::string c = list.substr(at, end - at);
            c.erase(0, c.find_first_not_of(' '));
            c.erase(c.find_last_not_of(' ') + 1);
            if (!c.empty()) clauses.insert(c);
            at = end + 1;
        }
    }
    REQUIRE(clauses.size() >= 5);
    for (const std::string& c : clauses) {
        INFO(c);
        CHECK(sgfaudit::report::explain_clause(c).has_value());
    }
}

TEST_CASE("A citation splits into its clause ids", "[cli][rules]") {
    using sgfaudit::report::clause_ids;
    using V = std::vector<std::string>;
    CHECK(clause_ids("J 8, 10") == V{"J 8", "J 10"});
    CHECK(clause_ids("TT 6 / AGA 6 / FFG 4") == V{"TT 6", "AGA 6", "FFG 4"});
    CHECK(clause_ids("suicide=forbidden (AGA 5, FFG 3)") == V{"AGA 5", "FFG 3"});
    CHECK(clause_ids("AGA 12, 002 figure 3") == V{"AGA 12", "002 figure 3"});
    CHECK(clause_ids("FFG 6, FFG 6a") == V{"FFG 6", "FFG 6a"});
    CHECK(clause_ids("C 2002 section 6") == V{"C 2002 section 6"});
    CHECK(clause_ids("ko=simple") == V{});
}

TEST_CASE("rules --explain takes a citation of several clauses and a clause's figure",
          "[cli][rules]") {
    const auto both = sgfaudit::report::explain_clause("J 8, 10");
    REQUIRE(both.has_value());
    CHECK(both->find("### J 8\n") == 0);
    CHECK(both->find("\n### J 10\n") != std::string::npos);
    const auto figure = sgfaudit::report::explain_clause("AGA 6 figure 3");
    REQUIRE(figure.has_value());
    CHECK(figure->find("### AGA 6\n") == 0);
    CHECK_FALSE(sgfaudit::report::explain_clause("J 8, 99").has_value());
    CHECK_FALSE(sgfaudit::report::explain_clause("TT 6 figure").has_value());
}

// Not only what corpus/ happens to cite: every citation the ruleset table can put in a finding,
// for every preset and every knob value, has its section in rules.md.
TEST_CASE("Every clause a finding can cite is explained in rules.md", "[cli][rules]") {
    const auto citations = sgfaudit::audit::cited_clauses();
    REQUIRE(citations.size() >= 20);
    std::set<std::string> ids;
    for (const std::string_view c : citations) {
        INFO(c);
        const auto split = sgfaudit::report::clause_ids(c);
        CHECK_FALSE(split.empty());
        ids.insert(split.begin(), split.end());
    }
    for (const std::string& id : ids) {
        INFO(id);
        CHECK(sgfaudit::report::explain_clause(id).has_value());
    }
}

TEST_CASE("rules --help names every preset", "[cli][rules]") {
    std::ostringstream out, err;
    REQUIRE(sgfaudit::cli::run({"rules", "--help"}, out, err) == 0);
    for (const std::string_view name : sgfaudit::audit::preset_names()) {
        INFO(name);
        CHECK(out.str().find(std::string(name)) != std::string::npos);
    }
}
