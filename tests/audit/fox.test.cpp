// R18 (rules.md 8) on Fox's records: a convention with two readings is tried when the
// record as written does not reproduce RE, and the check is `convention`, naming the reading.
// Fox writes KM[0] in even games played with its komi of 6.5 (RU Japanese), and under Chinese
// rules writes both KM and RE's margin in stones (KM[375] is 3.75 stones, 7.5 points: R3's
// x50 reading). Fox is named by AP[foxwq] (it writes AP[GNU Go:3.8] and AP[foxwq]), or in its
// 2015 records by AP[GNU Go:3.8] with its byo-yomi properties TC and TT.

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// 5x3, two walls, no dame: Black territory 6 (columns 0-1), White 3 (column 4); 3 stones
// each. Two passes end the game.
const std::vector<std::string> walls = {"..XO.", "..XO.", "..XO."};
constexpr std::string_view kFox = "AP[GNU Go:3.8]AP[foxwq]";

audit::GameAudit fox_game(std::string_view root) {
    const std::vector<audit::Ruleset> one = {*audit::preset("tromp-taylor")};
    return run(game_sgf(walls, root, "B- W-"), one);
}

}  // namespace

TEST_CASE("R18: Fox's KM[0] in an even Japanese game is read as its komi of 6.5",
          "[audit][counting][R18][fox]") {
    // RU Japanese counts territory: B 6, W 3 + komi. KM[0] as written: B+3. Komi 6.5: W 9.5,
    // W+3.5.
    const auto as_written = fox_game(std::string(kFox) + "KM[0]HA[0]RU[Japanese]RE[B+3]");
    CHECK(as_written.record.check == audit::RecordCheck::match);
    const auto six_and_a_half = fox_game(std::string(kFox) + "KM[0]HA[0]RU[Japanese]RE[W+3.5]");
    CHECK(six_and_a_half.record.check == audit::RecordCheck::convention);
    CHECK(six_and_a_half.record.why == audit::RecordReason::convention_fox_komi);
    REQUIRE(six_and_a_half.record.count);
    CHECK(six_and_a_half.record.count->white == Approx(9.5));
    // Not Fox (no AP[foxwq]): the record as written only, a mismatch.
    const auto not_fox = fox_game("AP[GNU Go:3.8]KM[0]HA[0]RU[Japanese]RE[W+3.5]");
    CHECK(not_fox.record.check == audit::RecordCheck::mismatch);
    // Another margin is no reading of either: still a mismatch.
    const auto other = fox_game(std::string(kFox) + "KM[0]HA[0]RU[Japanese]RE[W+4.5]");
    CHECK(other.record.check == audit::RecordCheck::mismatch);
    // Area counting (RU Chinese) is not the convention's: a mismatch.
    const auto chinese = fox_game(std::string(kFox) + "KM[0]HA[0]RU[Chinese]RE[W+0.5]");
    CHECK(chinese.record.check == audit::RecordCheck::mismatch);
}

TEST_CASE("R18: Fox's RE under a komi written in stones is read in stones too",
          "[audit][counting][R18][fox]") {
    // KM[375]: 3.75 stones, 7.5 points (R3). RU Chinese counts area: B 3 + 6 = 9, W 3 + 3 +
    // 7.5 = 13.5: W+4.5 in points, W+2.25 in stones.
    const auto points = fox_game(std::string(kFox) + "KM[375]RU[Chinese]RE[W+4.5]");
    CHECK(points.record.check == audit::RecordCheck::match);
    const auto stones = fox_game(std::string(kFox) + "KM[375]RU[Chinese]RE[W+2.25]");
    CHECK(stones.record.check == audit::RecordCheck::convention);
    CHECK(stones.record.why == audit::RecordReason::convention_fox_stones);
    // KM[650] is Fox's x100 reading (6.5 points, not stones): RE is in points only.
    // RU Chinese: W 3 + 3 + 6.5 = 12.5 against B 9: W+3.5; RE W+1.75 is no reading of it.
    const auto x100 = fox_game(std::string(kFox) + "KM[650]RU[Chinese]RE[W+1.75]");
    CHECK(x100.record.check == audit::RecordCheck::mismatch);
}

TEST_CASE("R18: every AP value of the root is read", "[audit][counting][R18][fox]") {
    const sgf::Document doc = sgf::read_document(
        "fox.sgf", "(;GM[1]FF[4]SZ[9]AP[GNU Go:3.8]KM[0]AP[foxwq]RU[Japanese];B[ee])");
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord rec = sgf::read_record(doc, 0);
    CHECK(rec.applications == std::vector<std::string>{"GNU Go:3.8", "foxwq"});
}

TEST_CASE("R18: Fox's 2015 records are named by its byo-yomi properties beside GNU Go's AP",
          "[audit][counting][R18][fox]") {
    // Fox's 2015 records write AP[GNU Go:3.8] only, which GNU Go's own records write too, and
    // TM[60]TC[3]TT[30] (TC and TT are not SGF properties: Fox's byo-yomi). The walls above with
    // KM[0]: B+3 as written, W+3.5 with Fox's komi of 6.5.
    constexpr std::string_view kRe = "KM[0]HA[0]RU[Japanese]RE[W+3.5]";
    const auto fox2015 =
        fox_game(std::string("AP[GNU Go:3.8]TM[60]TC[3]TT[30]") + std::string(kRe));
    CHECK(fox2015.record.check == audit::RecordCheck::convention);
    CHECK(fox2015.record.why == audit::RecordReason::convention_fox_komi);
    // One of the two is not Fox's pair; without GNU Go's AP it is nobody's convention.
    const auto tc_only = fox_game(std::string("AP[GNU Go:3.8]TM[60]TC[3]") + std::string(kRe));
    CHECK(tc_only.record.check == audit::RecordCheck::mismatch);
    const auto other_ap = fox_game(std::string("AP[CGoban:3]TC[3]TT[30]") + std::string(kRe));
    CHECK(other_ap.record.check == audit::RecordCheck::mismatch);
    // TC and TT in a later node are not the root's.
    const sgf::Document doc =
        sgf::read_document("late.sgf", "(;GM[1]FF[4]SZ[9]AP[GNU Go:3.8]TC[3];B[ee]TT[30])");
    REQUIRE(doc.games().size() == 1);
    CHECK_FALSE(sgf::read_record(doc, 0).tc_and_tt);
}
