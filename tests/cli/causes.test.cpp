// Causes of divergences on the corpus's rule cases, as `check --format json` and the report
// folder give them (docs/report-format.md "Causes").

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/cli/cli.hpp"
#include "temp_folder.hpp"

namespace {

const std::string kCorpus = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/";

std::string check_json(std::vector<std::string> args) {
    args.insert(args.begin(), {"check", "--format", "json"});
    std::ostringstream out, err;
    sgfaudit::cli::run(args, out, err);
    return out.str();
}

bool contains(const std::string& s, const std::string& what) {
    return s.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("The corpus's rule cases get the causes the rules give them", "[cli][cause]") {
    // A two-stone suicide: TT 7 removes it, AGA 5 and FFG 3 forbid it.
    CHECK(contains(check_json({kCorpus + "rules/suicide-multi.sgf"}),
                   R"("kind":"legality","move":7,"color":"B","point":"B5","sgf":"ba",)"
                   R"("clause":"AGA 5; FFG 3","cause":"suicide","causes":[)"
                   R"({"rulesets":["tromp-taylor","aga"],"cause":"suicide"},)"
                   R"({"rulesets":["tromp-taylor","french"],"cause":"suicide"}])"));
    // W4 repeats the position after W2's pass: psk and ssk forbid, nssk allows.
    const std::string nssk = check_json({kCorpus + "rules/nssk.sgf"});
    CHECK(contains(nssk, R"("cause":"superko_after_pass","causes":[)"
                         R"({"rulesets":["tromp-taylor","aga"],"cause":"superko_after_pass"},)"
                         R"({"rulesets":["aga","french"],"cause":"superko_after_pass"}])"));
    // TT 8 ends at the first double pass, AGA 10 and FFG 5 play on.
    const std::string resumed = check_json({kCorpus + "rules/resumed.sgf"});
    CHECK(contains(resumed, R"("kind":"end",)"));
    CHECK(contains(resumed, R"("cause":"end_rule")"));
    CHECK_FALSE(contains(resumed, R"("cause":"other")"));
    // --on-illegal stop ends AGA's and French's replays at the suicide.
    const std::string stopped =
        check_json({"--on-illegal", "stop", kCorpus + "rules/suicide-multi.sgf"});
    CHECK(contains(stopped, R"({"rulesets":["tromp-taylor","aga"],"cause":"stopped_replay"})"));
    // A different komi decides the winner.
    const std::string komi = check_json(
        {"--rules", "tromp-taylor,tromp-taylor:komi=-20", kCorpus + "rules/resumed.sgf"});
    CHECK(contains(komi, R"("kind":"outcome",)"));
    CHECK(contains(komi, R"("cause":"komi")"));
    // RE[W+2.5] under RU[AGA] where the count of the board as it stands gives W+7.5 (with the
    // default `--dead auto` the count is unsettled: no record divergence).
    CHECK(contains(check_json({"--dead", "none", kCorpus + "syntax/basic.sgf"}),
                   R"("kind":"record",)"
                   R"("clause":"AGA 12","cause":"re_margin","causes":[)"
                   R"({"rulesets":["aga"],"cause":"re_margin"}])"));
}

TEST_CASE("divergences.csv has a cause and one typed verdict column per ruleset",
          "[cli][cause][csv]") {
    TempFolder t("sgfaudit-causes");
    const std::string out = (t.path() / "r").string();
    std::ostringstream o, e;
    REQUIRE(sgfaudit::cli::run({"audit", "--quiet", "--rules", "tromp-taylor,aga:ko=ssk,french",
                                "--out", out, kCorpus + "rules/suicide-multi.sgf"},
                               o, e) == 1);
    std::ifstream in(out + "/divergences.csv");
    std::string header, row;
    std::getline(in, header);
    CHECK(header ==
          "file,game,move,color,point,sgf,kind,cause,clause,rulesets,tromp-taylor,aga:ko=ssk,"
          "french,summary,settled,knobs,unsure");
    std::getline(in, row);
    CHECK(contains(row,
                   ",7,B,B5,ba,legality,suicide,AGA 5; FFG 3,tromp-taylor;aga:ko=ssk;"
                   "french,legal,suicide,suicide,"));
    std::ifstream md(out + "/summary.md");
    std::stringstream s;
    s << md.rdbuf();
    CHECK(contains(s.str(),
                   "| legality | suicide | tromp-taylor vs aga:ko=ssk | "
                   "[1](index.html#g-legality-suicide) |"));
}
