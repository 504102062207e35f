// A node of many setup points is applied to the board at once (the replay makes the board again
// from the cells: one by one, each cleared stone of a large string made the board rebuild the
// rest of it, quadratic in the points). The result must be the board the points give one by one.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

audit::GameAudit run(const std::string& sgf) {
    const sgf::Document doc = sgf::read_document("test.sgf", sgf);
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord rec = sgf::read_record(doc, 0);
    const std::vector<audit::Ruleset> rules = {*audit::preset("tromp-taylor"),
                                               *audit::preset("aga"), *audit::preset("french")};
    return audit::audit_game(rec, rules);
}

void same_outcome(const audit::GameAudit& a, const audit::GameAudit& b) {
    REQUIRE(a.results.size() == b.results.size());
    for (std::size_t i = 0; i < a.results.size(); ++i) {
        const audit::RulesetResult& x = a.results[i];
        const audit::RulesetResult& y = b.results[i];
        INFO(x.ruleset.name);
        CHECK(x.illegal.size() == y.illegal.size());
        CHECK(x.score.black_stones == y.score.black_stones);
        CHECK(x.score.white_stones == y.score.white_stones);
        CHECK(x.score.black_territory == y.score.black_territory);
        CHECK(x.score.white_territory == y.score.white_territory);
        CHECK(x.score.captures_by_black == y.score.captures_by_black);
        CHECK(x.score.captures_by_white == y.score.captures_by_white);
    }
}

// The ring of a 5x5 block at the corner of a 7x7 board, as single points (16: applied one by
// one) and as a rectangle with its inside cleared (25 + 9 points: applied at once).
const std::string kRingPoints =
    "AB[aa][ba][ca][da][ea][ab][eb][ac][ec][ad][ed][ae][be][ce][de][ee]";
const std::string kRingRectangles = "AB[aa:ee]AE[bb:dd]";

// After the setup: White plays around the ring (column f and row f), Black once inside; then
// both pass.
const std::string kMoves =
    ";W[fa];B[cc];W[fb];B[];W[fc];B[];W[fd];B[];W[fe];B[];W[af];B[];W[bf];B[];W[cf];B[];W[df];B[]"
    ";W[ef];B[];W[ff];B[];W[]";

}  // namespace

TEST_CASE("Many setup points in one node give the board the points give one by one",
          "[audit][setup]") {
    SECTION("in the start position") {
        const auto one_by_one = run("(;GM[1]FF[4]SZ[7]" + kRingPoints + kMoves + ")");
        const auto at_once = run("(;GM[1]FF[4]SZ[7]" + kRingRectangles + kMoves + ")");
        same_outcome(one_by_one, at_once);
        // The ring's 16 stones and the one inside; its 8 empty points inside are Black's.
        CHECK(at_once.results[0].score.black_stones == 17);
        CHECK(at_once.results[0].score.black_territory == 8);
    }
    SECTION("after the first move") {
        const auto one_by_one = run("(;GM[1]FF[4]SZ[7];B[gg];W[];" + kRingPoints + kMoves + ")");
        const auto at_once = run("(;GM[1]FF[4]SZ[7];B[gg];W[];" + kRingRectangles + kMoves + ")");
        same_outcome(one_by_one, at_once);
        CHECK(at_once.results[0].score.black_stones == 18);  // and B[gg]
        CHECK(at_once.results[0].score.black_territory == 8);
    }
}
