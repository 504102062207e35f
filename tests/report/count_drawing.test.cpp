// The count drawn (issue 27 item 3): the end position of a scored game with each point's role,
// as text rows and SVG, and the count's arithmetic, from a game audited from its SGF text.

#include <catch2/catch.hpp>
#include <span>
#include <string>
#include <vector>

#include "../../src/report/common.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/reader.hpp"

using namespace sgfaudit;

namespace {

// The seki of tests/audit/seki.test.cpp, 9x4, two passes, KM 9.5:
//   .X.O.OX..   a = (0,0) and f = (4,0) are the eyes of the inner strings, which possess the
//   XXXOOOX..   dame (2,0) (J 8); Black's outer wall surrounds 11 points, White's 2.
//   OOOXXXX..
//   ..OX.....
audit::GameAudit seki_game() {
    const std::string text =
        "(;GM[1]FF[4]SZ[9:4]KM[9.5]AB[ba][ab][bb][cb][ga][gb][dc][ec][fc][gc][dd]"
        "AW[da][fa][db][eb][fb][ac][bc][cc][cd];B[];W[])";
    const sgf::Document doc = sgf::read_document("seki.sgf", text);
    const sgf::GameRecord record = sgf::read_record(doc, 0);
    const std::vector<audit::Ruleset> rulesets = {*audit::preset("japanese"),
                                                  *audit::preset("chinese")};
    return audit::audit_game(record, rulesets);
}

}  // namespace

TEST_CASE("The count drawn as text: stones, territory, seki eyes and neutral points",
          "[report][count]") {
    const audit::GameAudit a = seki_game();
    REQUIRE(a.results.size() == 2);
    // japanese (seki-eyes=neutral): the eyes a and f are no one's (s); chinese: territory.
    CHECK(report::detail::count_rows(a, a.results[0]) ==
          std::vector<std::string>{"sX.OsOXbb", "XXXOOOXbb", "OOOXXXXbb", "wwOXbbbbb"});
    CHECK(report::detail::count_rows(a, a.results[1]) ==
          std::vector<std::string>{"bX.OwOXbb", "XXXOOOXbb", "OOOXXXXbb", "wwOXbbbbb"});
    // J 8 (japanese, territory counting): B 11, W 2 + 9.5; chinese (area): B 11 + 12,
    // W 9 + 3 + 9.5.
    CHECK(report::detail::count_arithmetic(a.results[0].score) ==
          "territory: B 11 territory - 0 prisoners (0 captured, 0 dead) = 11; W 2 territory - 0 "
          "prisoners (0 captured, 0 dead) + komi 9.5 = 11.5: W+0.5");
    CHECK(report::detail::count_arithmetic(a.results[1].score) ==
          "area: B 11 stones + 12 territory = 23; W 9 stones + 3 territory + komi 9.5 = 21.5: "
          "B+1.5");
}

TEST_CASE("The count drawn as SVG: one picture per reading of the seki eyes", "[report][count]") {
    const audit::GameAudit a = seki_game();
    const std::string svg = report::detail::svg_count(a, a.results[0]);
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(svg.find("class=\"terr-b\"") != std::string::npos);
    CHECK(svg.find("class=\"terr-w\"") != std::string::npos);
    CHECK(svg.find("class=\"seki-b\"") != std::string::npos);
    CHECK(svg.find("class=\"neutral\"") != std::string::npos);
    CHECK(svg.find("class=\"dead\"") == std::string::npos);  // no dead stones
    // japanese reads the eyes as no one's, chinese as territory: two pictures, each captioned
    // with its arithmetic.
    const std::vector<std::size_t> both = {0, 1};
    const std::string figures = report::detail::count_figures(a, both);
    std::size_t n = 0;
    for (std::size_t at = figures.find("<figure"); at != std::string::npos;
         at = figures.find("<figure", at + 1)) {
        ++n;
    }
    CHECK(n == 2);
    CHECK(figures.find("<b>japanese</b>: territory: B 11") != std::string::npos);
    CHECK(figures.find("<b>chinese</b>: area: B 11 stones") != std::string::npos);
}

TEST_CASE("The count drawn for two counts of one ruleset: each count once, with its terms",
          "[report][count]") {
    // An accounting divergence names two counts of one ruleset (chinese's area and territory
    // counts of the seki above): the caption gives each once, each with its own terms, not the
    // deciding count twice.
    const audit::GameAudit a = seki_game();
    const std::vector<report::detail::CountShown> counts = {{1, audit::CountKind::area},
                                                            {1, audit::CountKind::territory},
                                                            {1, audit::CountKind::territory}};
    const std::string figures =
        report::detail::count_figures(a, std::span<const report::detail::CountShown>(counts));
    INFO(figures);
    const auto occurrences = [&figures](const std::string& part) {
        std::size_t n = 0;
        for (std::size_t at = figures.find(part); at != std::string::npos;
             at = figures.find(part, at + 1)) {
            ++n;
        }
        return n;
    };
    CHECK(occurrences("<figure") == 1);
    CHECK(occurrences("<b>chinese</b>: area: B 11 stones + 12 territory = 23") == 1);
    CHECK(occurrences("<b>chinese</b>: territory: B 12 territory - 0 prisoners") == 1);
}

TEST_CASE("The quick count's arithmetic gives its terms (FFG 6a)", "[report][count]") {
    // Territory less prisoners lost and own passes; White one point less where Black made the
    // last turn under white-moves-last=quick-count-point; komi.
    audit::Score s;
    s.black_territory = 4;
    s.white_territory = 6;
    s.captures_by_white = 1;
    s.dead_black = 1;
    s.captures_by_black = 2;
    s.passes_black = 2;
    s.passes_white = 1;
    s.black_moved_last = true;
    s.komi = 7.5;
    s.quick = audit::Count{0, 10.5, audit::Winner::white, 10.5};
    CHECK(report::detail::count_arithmetic(s, audit::CountKind::quick, true) ==
          "quick: B 4 territory - 2 prisoners - 2 passes = 0; W 6 territory - 2 prisoners - 1 "
          "passes - 1 (Black's last turn) + komi 7.5 = 10.5: W+10.5");
    s.quick = audit::Count{0, 11.5, audit::Winner::white, 11.5};
    CHECK(report::detail::count_arithmetic(s, audit::CountKind::quick, false) ==
          "quick: B 4 territory - 2 prisoners - 2 passes = 0; W 6 territory - 2 prisoners - 1 "
          "passes + komi 7.5 = 11.5: W+11.5");
}
