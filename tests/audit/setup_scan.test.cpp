// The start position's check for strings without liberties (made only by setup): reported when
// setup leaves one, never for an empty start position or setup that leaves liberties.

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

bool has_issue(const std::string& sgf, std::string_view code) {
    const sgf::Document doc = sgf::read_document("test.sgf", sgf);
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord rec = sgf::read_record(doc, 0);
    const std::vector<audit::Ruleset> rules = {*audit::preset("tromp-taylor")};
    const audit::GameAudit a = audit::audit_game(rec, rules);
    return std::any_of(
        a.record_issues.begin(), a.record_issues.end(),
        [&](const audit::RecordIssue& i) { return audit::to_string(i.code()) == code; });
}

}  // namespace

TEST_CASE("setup scan: a setup string without liberties is reported", "[audit][setup]") {
    CHECK(has_issue("(;GM[1]FF[4]SZ[5]AB[aa]AW[ba][ab];B[ee])", "no_liberties_after_setup"));
    // Setup in a node after the root, before the first move, is part of the start position.
    CHECK(has_issue("(;GM[1]FF[4]SZ[5]AB[aa];AW[ba][ab];B[ee])", "no_liberties_after_setup"));
}

TEST_CASE("setup scan: no report without setup or when setup leaves liberties", "[audit][setup]") {
    CHECK_FALSE(
        has_issue("(;GM[1]FF[4]SZ[5];B[aa];W[ba];B[cc];W[ab])", "no_liberties_after_setup"));
    CHECK_FALSE(has_issue("(;GM[1]FF[4]SZ[5]AB[aa]AW[ba];B[ee])", "no_liberties_after_setup"));
    CHECK_FALSE(has_issue("(;GM[1]FF[4]SZ[5])", "no_liberties_after_setup"));
}
