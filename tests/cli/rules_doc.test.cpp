// The rules a report cites travel with it: rules.md and diagnostics.md in the report folder
// (docs/rules.md, docs/diagnostics.md), every clause the report cites explained there, and
// `sgfaudit rules --explain CLAUSE`.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/report/docs.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

// Where `text` cites an issue number of a tracker or names the rules-model file, neither of
// which a reader of the repository or of a report can resolve: the offset of each citation.
// An issue number is "issue" or "issues" in any case, as a whole word, then white space (a line
// break included) or '#', then a digit ("issue 12", "Issues 3", "issue #12", "issues 3 and 4");
// "(#12)" is one too. "an issue note", "record issues", "the issue's", a link ".../issues/218"
// and a game number "a.sgf #1" are not.
std::vector<std::size_t> foreign_citations(std::string_view text) {
    std::vector<std::size_t> found;
    for (std::size_t at = text.find("rules-model"); at != std::string_view::npos;
         at = text.find("rules-model", at + 1)) {
        found.push_back(at);
    }
    const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    const auto is_word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    };
    const auto lower = [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    };
    constexpr std::string_view word = "issue";
    for (std::size_t at = 0; at + word.size() <= text.size(); ++at) {
        if (at > 0 && is_word(text[at - 1])) continue;
        std::size_t i = 0;
        while (i < word.size() && lower(text[at + i]) == word[i]) ++i;
        if (i < word.size()) continue;
        std::size_t next = at + word.size();
        if (next < text.size() && lower(text[next]) == 's') ++next;
        const std::size_t after_word = next;
        while (next < text.size() && is_space(text[next])) ++next;
        const bool spaced = next > after_word;
        const bool hash = next < text.size() && text[next] == '#';
        if (hash) ++next;
        if ((spaced || hash) && next < text.size() && is_digit(text[next])) found.push_back(at);
    }
    for (std::size_t at = text.find("(#"); at != std::string_view::npos;
         at = text.find("(#", at + 1)) {
        if (at + 2 < text.size() && is_digit(text[at + 2])) found.push_back(at);
    }
    std::sort(found.begin(), found.end());
    return found;
}

bool cites_foreign(std::string_view text) {
    return !foreign_citations(text).empty();
}

using sgfaudit_test::slurp;

}  // namespace

TEST_CASE("A citation of an issue number or of the rules model is told from ordinary text",
          "[cli][rules][docs]") {
    for (const char* cited :
         {"as issue 12 says", "Issues 3 and 4", "issues 3, 15 and 20", "ISSUE 7", "issue #12",
          "issue#12", "the fix (#12)", "(issue 28 item 2)", "OGS issue\n    651, the link",
          "see rules-model.md", "(issues 15, 20)"}) {
        INFO(cited);
        CHECK(cites_foreign(cited));
    }
    for (const char* ordinary :
         {"an issue note", "record issues", "197 MB of record issues) built", "the issue's figures",
          "record issues (3 codes)", "github.com/sanderland/katrain/issues/218", "a.sgf #1",
          "<a href=\"#f3-g1\">", "tissue 5", "issue_codes 2", "issues: 3", "(#causes)", "issue",
          "an issue\n\n| 3 |", ""}) {
        INFO(ordinary);
        CHECK_FALSE(cites_foreign(ordinary));
    }
    // The offsets are those of the citations, in order, one per citation.
    CHECK(foreign_citations("issue 1 and (#2), rules-model") ==
          std::vector<std::size_t>{0, 12, 18});
}

// The repository's documents are read by people who cannot see the tracker: docs/*.md, README.md
// and ARCHITECTURE.md name no issue number and not the rules-model file (what a change was is
// said in words, or by its date).
TEST_CASE("The repository's documents cite no issue number and not the rules-model file",
          "[cli][rules][docs]") {
    const fs::path root(SGFAUDIT_SOURCE_DIR);
    std::vector<fs::path> documents;
    for (const auto& entry : fs::recursive_directory_iterator(root / "docs")) {
        if (entry.is_regular_file() && entry.path().extension() == ".md") {
            documents.push_back(entry.path());
        }
    }
    for (const char* top : {"README.md", "ARCHITECTURE.md"}) {
        if (fs::is_regular_file(root / top)) documents.push_back(root / top);
    }
    std::sort(documents.begin(), documents.end());
    REQUIRE(documents.size() >= 5);  // docs/ holds a dozen; the walk found them
    std::size_t citations = 0;
    for (const fs::path& document : documents) {
        const std::string text = slurp(document);
        REQUIRE_FALSE(text.empty());
        for (const std::size_t at : foreign_citations(text)) {
            ++citations;
            const std::size_t from = text.rfind('\n', at) + 1;  // npos + 1 is 0: the first line
            const std::size_t to = std::min(text.find('\n', at), text.size());
            const auto line = 1 + std::count(text.data(), text.data() + at, '\n');
            FAIL_CHECK(fs::relative(document, root).string()
                       << ":" << line << ": "
                       << text.substr(from, std::min<std::size_t>(to - from, 200)));
        }
    }
    CHECK(citations == 0);
}

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
