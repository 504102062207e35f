// Issue 15: a group whose only eye space is one region of at most three points, touching no
// dame, leaves the count unsettled under `--dead pass-alive` (docs/rules-notes.md, "OGS's
// mismatches", D1). Hand-drawn 5x5 positions, then two passes.

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

TEST_CASE("small eye: a four-point eye and two eyes stay settled", "[audit][life][small-eye]") {
    // ....X   One region of four points: two eyes can be made there whoever plays first.
    // XXXXX
    // OOOOO
    const std::vector<std::string> four = {"....X", "XXXXX", "OOOOO", ".....", "....."};
    CHECK(pass_alive(four, "KM[0.5]").results[0].score.settled);
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
    CHECK_FALSE(pass_alive(dame, "KM[0.5]").results[0].score.settled);
}
