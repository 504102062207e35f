// The board a ruleset's game ended on, when the record goes on changing the board afterwards:
// the count and the pictures are those of the position at the end under that ruleset.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

audit::GameAudit run(const std::string& sgf, const audit::AuditOptions& options = {}) {
    const sgf::Document doc = sgf::read_document("test.sgf", sgf);
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord rec = sgf::read_record(doc, 0);
    const std::vector<audit::Ruleset> rules = {*audit::preset("tromp-taylor"),
                                               *audit::preset("aga"), *audit::preset("french")};
    return audit::audit_game(rec, rules, options);
}

}  // namespace

TEST_CASE("end boards: TT ends at two passes, a later play is not on its board", "[audit][end]") {
    const audit::GameAudit a = run("(;GM[1]FF[4]SZ[5];B[aa];W[ee];B[];W[];B[cc])");
    REQUIRE(a.results.size() == 3);
    CHECK(a.results[0].end == audit::EndKind::two_passes);
    CHECK(a.results[0].end_move == 4);
    CHECK(a.results[0].score.black_stones == 1);
    CHECK(a.results[1].end == audit::EndKind::record_end);
    CHECK(a.results[1].score.black_stones == 2);
    CHECK(a.results[2].score.black_stones == 2);
    const audit::Divergence* end = nullptr;
    for (const audit::Divergence& d : a.divergences) {
        if (d.kind == audit::DivergenceKind::end) end = &d;
    }
    REQUIRE(end != nullptr);
    CHECK(end->board_after == audit::position_of(game::Board::from_ascii(
                                  {"X....", ".....", ".....", ".....", "....O"})));
}

TEST_CASE("end boards: TT ends at two passes, setup after it is not on its board", "[audit][end]") {
    const audit::GameAudit a = run("(;GM[1]FF[4]SZ[5];B[aa];W[ee];B[];W[];AB[cc])");
    REQUIRE(a.results.size() == 3);
    CHECK(a.results[0].end == audit::EndKind::two_passes);
    CHECK(a.results[0].score.black_stones == 1);
    // The resumable rulesets count the board at the end of the record, setup included.
    CHECK(a.results[1].end == audit::EndKind::two_passes);
    CHECK(a.results[1].score.black_stones == 2);
}

TEST_CASE("end boards: the record ends right at the double pass, every ruleset on one board",
          "[audit][end]") {
    const audit::GameAudit a = run("(;GM[1]FF[4]SZ[5];B[aa];W[ee];B[];W[])");
    REQUIRE(a.results.size() == 3);
    for (const audit::RulesetResult& r : a.results) {
        CHECK(r.end == audit::EndKind::two_passes);
        CHECK(r.score.black_stones == 1);
        CHECK(r.score.white_stones == 1);
    }
}

TEST_CASE("end boards: stop at a skipped play keeps the board of that moment", "[audit][end]") {
    audit::AuditOptions options;
    options.on_illegal = audit::IllegalPolicy::stop;
    const audit::GameAudit a = run("(;GM[1]FF[4]SZ[5];B[aa];W[aa];B[cc];W[dd];B[];W[])", options);
    REQUIRE(a.results.size() == 3);
    for (const audit::RulesetResult& r : a.results) {
        CHECK(r.end == audit::EndKind::stopped);
        CHECK(r.end_move == 1);  // R7: the move before the illegal W2
        CHECK(r.score.black_stones == 1);
        CHECK(r.score.white_stones == 0);
    }
}

TEST_CASE("end boards: stop at a pass out of turn, then plays and a TT double pass",
          "[audit][end]") {
    audit::AuditOptions options;
    options.on_illegal = audit::IllegalPolicy::stop;
    // W passes out of turn at move 3 (W twice): every lane stops on the board of B[aa], W[ee].
    const audit::GameAudit a = run("(;GM[1]FF[4]SZ[5];B[aa];W[ee];W[];B[cc];W[];B[])", options);
    REQUIRE(a.results.size() == 3);
    for (const audit::RulesetResult& r : a.results) {
        CHECK(r.end == audit::EndKind::stopped);
        CHECK(r.end_move == 2);  // R7: the move before the illegal W3
        CHECK(r.score.black_stones == 1);
        CHECK(r.score.white_stones == 1);
    }
}
