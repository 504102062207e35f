// Issue 15: a group that is not pass-alive, touches no dame and has at most six points of eye
// space, or a string in atari that is not pass-alive, leaves the count unsettled under `--dead
// pass-alive` (docs/rules-notes.md, "OGS's mismatches", D1): the eye spaces the opponent can kill
// by playing first have at most six points (from seven points every eye space makes two eyes),
// and a string in atari may be taken. Hand-drawn positions, then two passes.

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

audit::GameAudit pass_alive(const std::vector<std::string>& rows, std::string_view root) {
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::pass_alive;
    return run(game_sgf(rows, root, "B- W-"), {*audit::preset("chinese")}, o);
}

}  // namespace

TEST_CASE("small eye: a one-eyed group in the opponent's area leaves the count unsettled",
          "[audit][life][small-eye]") {
    // .XO..   Black's three stones have one eye (aa) and touch no dame: no region reaches both
    // XXO..   colours, so Benson's test alone calls the count settled (area B 4, W 21), though
    // OOO..   the group is dead. RE W+25.5 counts it dead: unsettled, not a mismatch.
    // .....
    // .....
    const std::vector<std::string> one_eye = {".XO..", "XXO..", "OOO..", ".....", "....."};
    const auto a = pass_alive(one_eye, "KM[0.5]RU[Chinese]RE[W+25.5]");
    CHECK_FALSE(a.results[0].score.settled);
    CHECK(a.record.check == audit::RecordCheck::unsettled);
    // A three-point eye (bent or straight) is in doubt too: who plays its vital point first.
    const std::vector<std::string> three = {"...XO", "XXXXO", "OOOOO", ".....", "....."};
    CHECK_FALSE(pass_alive(three, "KM[0.5]").results[0].score.settled);
}

TEST_CASE("small eye: eye spaces of four to six points leave the count unsettled, seven do not",
          "[audit][life][small-eye]") {
    // ....X   One region of four points (a straight four: it lives, but the test looks at the
    // XXXXX   size, and a square or pyramid four of the same size dies): unsettled, and so for
    // OOOOO   five and six points.
    const std::vector<std::string> four = {"....X", "XXXXX", "OOOOO", ".....", "....."};
    const auto a4 = pass_alive(four, "KM[0.5]");
    CHECK_FALSE(a4.results[0].score.settled);
    CHECK(a4.results[0].score.unsettled == audit::Unsettled::small_eye);
    // 7x4 and 8x4: eye spaces of six and seven points along the top edge (the bottom row is
    // White's, so that White's stones have liberties away from Black's).
    const std::vector<std::string> six = {"......X", "XXXXXXX", "OOOOOOO", "......."};
    CHECK(pass_alive(six, "KM[0.5]").results[0].score.unsettled == audit::Unsettled::small_eye);
    const std::vector<std::string> seven = {".......X", "XXXXXXXX", "OOOOOOOO", "........"};
    CHECK(pass_alive(seven, "KM[0.5]").results[0].score.settled);
    // .X.XO   Two one-point eyes: pass-alive (Benson).
    // XXXXO
    const std::vector<std::string> two = {".X.XO", "XXXXO", "OOOOO", ".....", "....."};
    CHECK(pass_alive(two, "KM[0.5]").results[0].score.settled);
    // .X..X   Three points of eye space in two regions (aa; ca-da): two vital regions, so
    // XXXXX   Benson calls the group pass-alive, and a pass-alive group is left out.
    const std::vector<std::string> split = {".X..X", "XXXXX", "OOOOO", ".....", "....."};
    CHECK(pass_alive(split, "KM[0.5]").results[0].score.settled);
    // A group touching a dame is left to Benson's test as before: X and O share the region
    // of row d-e here, and neither is pass-alive, so the count is unsettled anyway.
    const std::vector<std::string> dame = {".XO..", "XXO..", "XOO..", "X....", "....."};
    const auto d = pass_alive(dame, "KM[0.5]");
    CHECK_FALSE(d.results[0].score.settled);
    CHECK(d.results[0].score.unsettled == audit::Unsettled::dame);
}

TEST_CASE("small eye: a string in atari that is not pass-alive leaves the count unsettled",
          "[audit][life][small-eye]") {
    // 9x4, after ogs_1600746's corner:
    //   X.......X   Black's stone (0,0) has one liberty, (1,0): White may take it there (a
    //   OXXXXXXXX   capture, so no suicide). Black's wall has seven points of eye space and no
    //   OOOOOOOOO   region reaches both colours, so only the atari leaves the count in doubt.
    //   .........   Area: B 10 + 7 = 17, W 10 + 9 + 0.5 = 19.5, W+2.5; RE W+4.5 counts the
    //               stone dead: unsettled, not a mismatch.
    const std::vector<std::string> atari = {"X.......X", "OXXXXXXXX", "OOOOOOOOO", "........."};
    const auto a = pass_alive(atari, "KM[0.5]RU[Chinese]RE[W+4.5]");
    CHECK_FALSE(a.results[0].score.settled);
    CHECK(a.results[0].score.unsettled == audit::Unsettled::atari);
    CHECK(a.record.check == audit::RecordCheck::unsettled);
    CHECK(a.record.why == audit::RecordReason::unsettled_atari);
}
