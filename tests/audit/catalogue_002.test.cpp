// Rules catalogue, seed 002 (AGA rules with Swedish commentary): the superko figures 4a-4e. The
// seed text has lost its diagrams, so the position below is constructed here to realise what the
// commentary describes; it is not a copy of the original figure. Notation and count formulas: see
// the top of catalogue.test.cpp.

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// A "sending two, returning one" cycle on the upper edge (PL[W], White to move first). The upper
// right black group (eyes at ec and gc) is Black's; White's wall on the left reaches into its
// eye space along the edge.
//   y0  O O a X c O X      a = ca, the key point A; r = da is a Black stone, x = fa a White stone
//   y1  O O O w X X X      w = db, White 1 (it takes r's last outside liberty)
//   y2  . O O X . X .      c = ea, where White captures
//   y3  . O X X X X X
//   y4  . O X . . . .
//   y5  . O X . . . .
//   y6  . O X . . . .
// The cycle, starting from the board after W1 (P1: a and c empty, r Black, x White):
//   B a      the string {a, r} has one liberty, c (the key point A: Black fills it himself)
//   W c      captures a and r (two stones); {c, x} now has one liberty, da
//   B @da    recaptures c and x (two stones): the board is P1 without x (4c)
//   W @fa    throws in at x (X): the board is P1 again, the board right after W1.
// Each turn adds or removes something only once, so no earlier board recurs before the throw-in.
const std::vector<std::string> superko_board = {
    "OOaXcOX",  //
    "OOOwXXX",  //
    ".OOX.X.",  //
    ".OXXXXX",  //
    ".OX....",  //
    ".OX....",  //
    ".OX....",  //
};

}  // namespace

TEST_CASE(
    "002 figures 4a-4c (Superko): after the capture and recapture the throw-in at X "
    "repeats the board after White 1",
    "[audit][catalogue][catalogue002]") {
    // W1 w, B2 a (key point A), W3 c captures two, B4 da recaptures two, W5 fa throws in at X.
    // After W5 the board is the board after W1, made by a board play of White (the throw-in's
    // own colour): psk (TT 6) repeats move 1; nssk (AGA 6, White's board plays) repeats move 1;
    // ssk (FFG 4, White's plays or passes) repeats move 1. The start position (Black's, PL[W])
    // differs from it by w, so it is not the repeated board.
    const auto a = run(game_sgf(superko_board, "KM[0.5]PL[W]", "Ww Ba Wc B@da W@fa B- W-"));
    for (std::uint32_t m = 1; m <= 4; ++m)
        for (const auto& r : a.results) legal(r, m);
    illegal(a.results[TT], 5, Reason::positional_superko, "TT 6", 1);
    illegal(a.results[AGA], 5, Reason::natural_situational_superko, "AGA 6", 1);
    illegal(a.results[FFG], 5, Reason::situational_superko, "FFG 4", 1);
    for (const auto& r : a.results) {
        illegal_count(r, 1);
        ends(r, EndKind::two_passes, 7);
    }
    // As it stands W5 is applied: the final board is P1 (the board drawn above with w White).
    // Black: da, ga, eb fb gb, dc fc, cd-gd, ce cf cg (Xb 15). White: aa ba fa, ab-db, bc cc,
    // bd be bf bg (Xw 13). Empty: ca (touches both) and ea (both) neutral; ac-ag touch only
    // White: tw 5; ec, gc and the 12 points d-g x e-g touch only Black: tb 14.
    // capB = 2 (W3), capW = 2 (B4); pB 1 (B6), pW 1 (W7), last turn White's (e 0), k = 0.5.
    //   area B = 15 + 14 = 29; W = 13 + 5 + 0.5 = 18.5
    //   TT terr B = 14 - 2 = 12; W = 5 - 2 + 0.5 = 3.5
    //   AGA terr / FFG quick B = 14 - 2 - 1 = 11; W = 5 - 2 - 1 + 0.5 = 2.5
    counts(a, {29, 18.5, 12, 3.5, 29, 18.5, 11, 2.5, 29, 18.5, 11, 2.5});
}

TEST_CASE(
    "002 figures 4d-4e (Superko): after a ko threat White throws in (7), and Black's "
    "recapture repeats the board just before 7",
    "[audit][catalogue][catalogue002]") {
    // Moves 1-4 as in 4a-4c. W5 gg stands in for White's ko threat, B6 fg for Black's answer.
    // W7 fa (the throw-in, now legal: the board after it is P1 plus gg and fg, new), B8 a, W9 c
    // captures two, B10 da wants to recapture: the board would be the board after B6 (just
    // before 7), made by a board play of Black. psk, nssk and ssk all repeat move 6; Black has
    // to find another ko threat instead.
    const auto a = run(
        game_sgf(superko_board, "KM[0.5]PL[W]", "Ww Ba Wc B@da W@gg B@fg W@fa Ba Wc B@da W- B-"));
    for (std::uint32_t m = 1; m <= 9; ++m)
        for (const auto& r : a.results) legal(r, m);
    illegal(a.results[TT], 10, Reason::positional_superko, "TT 6", 6);
    illegal(a.results[AGA], 10, Reason::natural_situational_superko, "AGA 6", 6);
    illegal(a.results[FFG], 10, Reason::situational_superko, "FFG 4", 6);
    for (const auto& r : a.results) {
        illegal_count(r, 1);
        ends(r, EndKind::two_passes, 12);
    }
    // As it stands B10 is applied. Final board: P1 without fa, with Black fg and White gg.
    // Xb = 15 + 1 = 16; Xw = 13 - 1 + 1 = 13. Empty: ca neutral; ea-fa touch only Black (tb 2);
    // ec, gc (tb 2); ac-ag tw 5; the 10 points left of d-g x e-g touch gg: neutral. tb = 4.
    // capB = 4 (W3, W9), capW = 4 (B4, B10); pW 1 (W11), pB 1 (B12), last turn Black's (e 1).
    //   area B = 16 + 4 = 20; W = 13 + 5 + 0.5 = 18.5
    //   TT terr B = 4 - 4 = 0; W = 5 - 4 + 0.5 = 1.5
    //   AGA terr / FFG quick B = 4 - 4 - 1 = -1; W = 5 - 4 - 1 - 1 + 0.5 = -0.5
    counts(a, {20, 18.5, 0, 1.5, 20, 18.5, -1, -0.5, 20, 18.5, -1, -0.5});
}
