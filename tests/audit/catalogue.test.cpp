// The rules catalogue (issue item 7): every clause of rules.md and the seeds' own figures as
// a test case. Each case names its clause, draws its board (the rows below are both the picture
// and the setup: X = Black, O = White, . = empty, a lower-case letter = an empty point named in
// the moves), lists the moves, and states the verdict under every preset (tromp-taylor, aga,
// french): which plays are illegal and why, where the game ends, and the counts.
//
// Expected values come from the rule texts (seeds 000-003 and rules.md), computed by hand;
// the arithmetic is in the comments. Notation: Xb/Xw stones, tb/tw territory, capB/capW stones
// lost by Black/White (captured, suicided), pB/pW passes, e = 1 when Black made the last turn
// (AGA 11 White's extra pass, FFG 6a White's extra point), n = handicap, k = komi.
//   TT area     B = Xb + tb            W = Xw + tw + k                 (TT 9, no bonus)
//   TT terr     B = tb - capB          W = tw - capW + k               (no pass stones)
//   AGA area    B = Xb + tb            W = Xw + tw + k + (n-1)         (AGA 12, AGA 4)
//   AGA terr    B = tb - capB - pB     W = tw - capW - pW - e + k      (AGA 12, AGA 7, AGA 11)
//   FFG area    B = Xb + tb            W = Xw + tw + k + (n-1)         (FFG 6, preliminary rule)
//   FFG quick   B = tb - capB - pB     W = tw - capW - pW - e + k      (FFG 6a)
// Moves: "Bk" Black at the point labelled k, "W-" a White pass, "B@cd" Black at SGF point cd.

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// ---------------------------------------------------------------------------------------------
// Boards used by several cases.

// A ko (the shape of AGA figure 3): Black takes at k, capturing the White stone at cb; White
// retakes at cb. Point a is an ordinary empty point far from it.
const std::vector<std::string> ko_board = {
    ".OX..",  //
    "OkOX.",  //
    ".OX..",  //
    ".....",  //
    "....a",  //
};

// The wall game on 5x5: Black builds column b, White column c. Final position:
//   .XO..
//   .XO..      Xb = 5, Xw = 5, tb = 5 (column a), tw = 10 (columns d, e), no neutral point
//   .XO..
//   .XO..
//   .XO..
const std::vector<std::string> empty5 = {".....", ".....", ".....", ".....", "....."};
constexpr std::string_view wall =
    "B@ba W@ca B@bb W@cb B@bc W@cc B@bd W@cd B@be W@ce";  // moves 1-10

}  // namespace

// =============================================================================================
// Section 2: positions and the three superko rules

TEST_CASE("rules.md 2 (nssk example): B1 fills, W2 passes, B3 takes a ko, W4 retakes",
          "[audit][catalogue]") {
    // .OX..
    // OkOX.   B1 a, W2 pass, B3 k (captures cb), W4 cb (captures k).
    // .OX..   After W4 the board is the board after B1 (= after W2, White's pass).
    // .....   TT 6 psk: repeats move 1.  FFG 4 ssk: White's turns with that board: W2 -> 2.
    // ....a   AGA 6 nssk: no White board play made it (the start is White's, but lacks a) -> legal.
    const auto a = run(game_sgf(ko_board, "KM[0.5]", "Ba W- Bk W@cb B- W-"));
    illegal(a.results[TT], 4, Reason::positional_superko, "TT 6", 1);
    illegal(a.results[FFG], 4, Reason::situational_superko, "FFG 4", 2);
    legal(a.results[AGA], 4);
    for (const auto& r : a.results) illegal_count(r, r.ruleset.name == "aga" ? 0 : 1);
    CHECK(has_divergence(a, audit::DivergenceKind::legality, 4));
    // Ends at the double pass 5-6 everywhere.
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 6);
    // Final board: Black ca, db, cc, ee (Xb 4); White ba, ab, bc, cb (Xw 4); tw = 2 (aa, ac);
    // every other empty point touches both: neutral. capB = 1 (k), capW = 1 (cb).
    // pB = 1, pW = 2, last turn White's (e = 0), k = 0.5. Setup stones made no turns, so AGA
    // area and territory differ here (a position record, rules.md 5).
    //   area B = 4 + 0 = 4; W = 4 + 2 + 0.5 = 6.5
    //   TT terr B = 0 - 1 = -1; W = 2 - 1 + 0.5 = 1.5
    //   AGA terr / FFG quick B = 0 - 1 - 1 = -2; W = 2 - 1 - 2 + 0.5 = -0.5
    counts(a, {4, 6.5, -1, 1.5, 4, 6.5, -2, -0.5, 4, 6.5, -2, -0.5});
}

TEST_CASE("rules.md 2 / ko=simple: the nssk example's W4 is an immediate single-stone retake",
          "[audit][catalogue]") {
    std::vector<audit::Ruleset> rs = presets();
    rs.push_back(*audit::parse_ruleset_spec("aga:ko=simple").ruleset);
    const auto a = run(game_sgf(ko_board, "KM[0.5]", "Ba W- Bk W@cb B- W-"), rs);
    // B3 captured one stone with one stone; W4 at once takes it back with one stone. The board
    // it recreates first existed after B1 (rules.md 6.1: the repeated earlier position,
    // earliest occurrence), so repeats_move is 1 here too.
    illegal(a.results[3], 4, Reason::simple_ko, "", 1);
}

TEST_CASE("AGA 6 (000 figure 3): the immediate retake of a ko repeats the start position",
          "[audit][catalogue]") {
    // ........
    // ...XO...   PL[W]: W1 k captures ec; B2 ec captures k: the start position again.
    // ..XkXO..   The start counts as a board play of Black (who does not move first), so
    // ...XO...   psk, ssk and nssk all forbid B2, repeating move 0.
    // ........
    const std::vector<std::string> fig3 = {"........", "...XO...", "..XkXO..", "...XO...",
                                           "........"};
    const auto a = run(game_sgf(fig3, "KM[0.5]PL[W]", "Wk B@ec W- B-"));
    illegal(a.results[TT], 2, Reason::positional_superko, "TT 6", 0);
    illegal(a.results[AGA], 2, Reason::natural_situational_superko, "AGA 6", 0);
    illegal(a.results[FFG], 2, Reason::situational_superko, "FFG 4", 0);
    for (const auto& r : a.results) illegal_count(r, 1);
    // As it stands B2 is applied. Final board = start: Black db cc ec dd (Xb 4), White eb fc
    // ed (Xw 3); k (dc) touches only Black: tb 1, tw 0, every other point neutral.
    // capB = 1 (ec at W1), capW = 1 (k at B2). pW 1 (W3), pB 1 (B4), last turn Black (e = 1).
    //   area B = 4 + 1 = 5; W = 3 + 0 + 0.5 = 3.5
    //   TT terr B = 1 - 1 = 0; W = 0 - 1 + 0.5 = -0.5
    //   AGA terr / quick B = 1 - 1 - 1 = -1; W = 0 - 1 - 1 - 1 + 0.5 = -2.5
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 4);
    counts(a, {5, 3.5, 0, -0.5, 5, 3.5, -1, -2.5, 5, 3.5, -1, -2.5});
    CHECK(a.results[AGA].score.white_extra_pass);
}

TEST_CASE(
    "AGA 6 (000 figure 3 commentary): after a ko threat the retake is legal, then the "
    "original player may not retake at once",
    "[audit][catalogue]") {
    // W1 k takes; B2 ee (threat), W3 ae (answer), B4 ec retakes (legal: new board, B2 and W3
    // stand); W5 k at once recreates the board after W3 (White's board play): repeats move 3
    // under psk, ssk and nssk alike.
    const std::vector<std::string> fig3 = {"........", "...XO...", "..XkXO..", "...XO...",
                                           "........"};
    const auto a = run(game_sgf(fig3, "KM[0.5]PL[W]", "Wk B@ee W@ae B@ec Wk B- W-"));
    for (const auto& r : a.results) legal(r, 4);
    illegal(a.results[TT], 5, Reason::positional_superko, "TT 6", 3);
    illegal(a.results[AGA], 5, Reason::natural_situational_superko, "AGA 6", 3);
    illegal(a.results[FFG], 5, Reason::situational_superko, "FFG 4", 3);
    for (const auto& r : a.results) {
        illegal_count(r, 1);
        ends(r, EndKind::two_passes, 7);
    }
    // Final: Black db cc dd ee (Xb 4), White eb fc ed dc(k) ae (Xw 5); tw = 1 (ec touches only
    // White), tb 0. capB = 2 (ec twice), capW = 1. pB 1, pW 1, last White (e 0).
    //   area B 4, W 5 + 1 + 0.5 = 6.5; TT terr B 0 - 2 = -2, W 1 - 1 + 0.5 = 0.5
    //   AGA/quick B 0 - 2 - 1 = -3, W 1 - 1 - 1 + 0.5 = -0.5
    counts(a, {4, 6.5, -2, 0.5, 4, 6.5, -3, -0.5, 4, 6.5, -3, -0.5});
}

TEST_CASE(
    "rules.md 2: the start position counts as a board play of the player who does "
    "not move first (PL[W])",
    "[audit][catalogue]") {
    // ko_board, PL[W]: W1 passes, B2 k takes, W3 cb retakes: the start position again.
    // psk: the start -> 0. ssk: White's turns with it: W1's pass -> 1 (the start is Black's).
    // nssk: only White's board plays count; the start is Black's, W1 was a pass -> legal.
    const auto a = run(game_sgf(ko_board, "KM[0.5]PL[W]", "W- Bk W@cb B- W-"));
    illegal(a.results[TT], 3, Reason::positional_superko, "TT 6", 0);
    illegal(a.results[FFG], 3, Reason::situational_superko, "FFG 4", 1);
    legal(a.results[AGA], 3);
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 5);
    // Final = start: Xb 3, Xw 4, tw 2 (aa, ac), tb 0; capB 1, capW 1; pB 1, pW 2; e 0.
    //   area B 3, W 4 + 2 + 0.5 = 6.5; TT terr B -1, W 2 - 1 + 0.5 = 1.5
    //   AGA/quick B 0 - 1 - 1 = -2, W 2 - 1 - 2 + 0.5 = -0.5
    counts(a, {3, 6.5, -1, 1.5, 3, 6.5, -2, -0.5, 3, 6.5, -2, -0.5});
}

TEST_CASE(
    "rules.md 2: with Black first the start position is White's, so an immediate "
    "retake is illegal everywhere",
    "[audit][catalogue]") {
    // ko_board, Black first: B1 k takes, W2 cb retakes: the start position, made by White.
    const auto a = run(game_sgf(ko_board, "KM[0.5]", "Bk W@cb B- W-"));
    illegal(a.results[TT], 2, Reason::positional_superko, "TT 6", 0);
    illegal(a.results[AGA], 2, Reason::natural_situational_superko, "AGA 6", 0);
    illegal(a.results[FFG], 2, Reason::situational_superko, "FFG 4", 0);
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 4);
    // Final = start: area B 3, W 6.5; TT terr B -1, W 1.5; pB 1, pW 1:
    //   AGA/quick B 0 - 1 - 1 = -2, W 2 - 1 - 1 + 0.5 = 0.5
    counts(a, {3, 6.5, -1, 1.5, 3, 6.5, -2, 0.5, 3, 6.5, -2, 0.5});
}

TEST_CASE(
    "TT 6 / AGA 6 / FFG 4: triple ko repeats the position after six captures under every "
    "superko - simple ko allows it",
    "[audit][catalogue]") {
    // .OX..   ko 1: Black takes at a (White stone cb in ko)
    // OaOX.
    // .OX..
    // p....
    // .OX..   ko 2: White takes at b (Black stone bf in ko)
    // OXbX.
    // .OX..
    // ....q
    // .OX..   ko 3: Black takes at c (White stone cj in ko)
    // OcOX.
    // .OX..
    // B1 p, W2 q, then B3 a, W4 b, B5 c, W6 cb, B7 bf, W8 cj: every ko changed twice, so the
    // board after W8 is the board after W2 (White's board play): illegal under psk, ssk and nssk,
    // repeating move 2. Under ko=simple W8 is not an immediate retake (B7 was in ko 2): legal.
    const std::vector<std::string> triple = {".OX..", "OaOX.", ".OX..", "p....", ".OX..", "OXbX.",
                                             ".OX..", "....q", ".OX..", "OcOX.", ".OX.."};
    std::vector<audit::Ruleset> rs = presets();
    rs.push_back(*audit::parse_ruleset_spec("aga:ko=simple").ruleset);
    const auto a = run(game_sgf(triple, "KM[0.5]", "Bp Wq Ba Wb Bc W@cb B@bf W@cj B- W-"), rs);
    for (std::uint32_t m = 3; m <= 7; ++m)
        for (const auto& r : a.results) legal(r, m);
    illegal(a.results[TT], 8, Reason::positional_superko, "TT 6", 2);
    illegal(a.results[AGA], 8, Reason::natural_situational_superko, "AGA 6", 2);
    illegal(a.results[FFG], 8, Reason::situational_superko, "FFG 4", 2);
    legal(a.results[3], 8);
    for (std::size_t i = 0; i < 3; ++i) ends(a.results[i], EndKind::two_passes, 10);
    // Final = the board after W2 (W8 stands): Xb 10 + p = 11, Xw 11 + q = 12; tb 1 (cf, the
    // empty point of ko 2), tw 4 (aa, ak, bb, bj); ac, ae... touch p or both colours: neutral.
    // captures: Black took 3 (B3, B5, B7), White 3. pB 1, pW 1, e 0.
    //   area B 11 + 1 = 12, W 12 + 4 + 0.5 = 16.5; TT terr B 1 - 3 = -2, W 4 - 3 + 0.5 = 1.5
    //   AGA/quick B 1 - 3 - 1 = -3, W 4 - 3 - 1 + 0.5 = 0.5
    counts(a, {12, 16.5, -2, 1.5, 12, 16.5, -3, 0.5, 12, 16.5, -3, 0.5});
}

TEST_CASE("TT 6 vs FFG 4 / AGA 6: sending two returning one is illegal only under psk",
          "[audit][catalogue]") {
    // sXxX.   B1 ee, W2 ae elsewhere; B3 s (aa): Black aa+ba in atari (liberty x only);
    // OOX..   W4 x (ca) captures two; W's ca then has one liberty, ba: B5 ba captures it.
    // .....   After B5 the board is the board after W2 (a White turn) with White to move:
    // .....   psk (TT 6) forbids it, repeating move 2; no Black turn ever left that board,
    // .....   so ssk (FFG 4) and nssk (AGA 6) allow it.
    const std::vector<std::string> s2r1 = {"sXxX.", "OOX..", ".....", ".....", "....."};
    const auto a = run(game_sgf(s2r1, "KM[0.5]", "B@ee W@ae Bs Wx B@ba W- B-"));
    illegal(a.results[TT], 5, Reason::positional_superko, "TT 6", 2);
    legal(a.results[AGA], 5);
    legal(a.results[FFG], 5);
    illegal_count(a.results[AGA], 0);
    illegal_count(a.results[FFG], 0);
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 7);
    // Final: Black ba da cb ee (Xb 4), White ab bb ae (Xw 3); tb 1 (aa), tw 0; capB 2, capW 1;
    // pW 1 (W6), pB 1 (B7), last turn Black: e = 1.
    //   area B 4 + 1 = 5, W 3 + 0.5 = 3.5; TT terr B 1 - 2 = -1, W 0 - 1 + 0.5 = -0.5
    //   AGA/quick B 1 - 2 - 1 = -2, W 0 - 1 - 1 - 1 + 0.5 = -2.5
    counts(a, {5, 3.5, -1, -0.5, 5, 3.5, -2, -2.5, 5, 3.5, -2, -2.5});
    CHECK(a.results[AGA].score.white_extra_pass);
    CHECK(a.results[FFG].score.black_moved_last);
}

TEST_CASE(
    "TT 6 / FFG 4 / AGA 6: sending two returning one after a pass repeats a Black board "
    "play and is illegal everywhere",
    "[audit][catalogue]") {
    // Same shape; W2 passes instead: after B5 the board is the board after B1 (Black's board
    // play) = after W2 (pass). Earliest: move 1 under psk; Black's own turn 1 under ssk and nssk.
    const std::vector<std::string> s2r1 = {"sXxX.", "OOX..", ".....", ".....", "....."};
    const auto a = run(game_sgf(s2r1, "KM[0.5]", "B@ee W- Bs Wx B@ba W- B-"));
    illegal(a.results[TT], 5, Reason::positional_superko, "TT 6", 1);
    illegal(a.results[AGA], 5, Reason::natural_situational_superko, "AGA 6", 1);
    illegal(a.results[FFG], 5, Reason::situational_superko, "FFG 4", 1);
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 7);
    // Final: Xb 4, Xw 2, tb 1, tw 0; capB 2, capW 1; pB 1, pW 2, e 1.
    //   area B 5, W 2 + 0.5 = 2.5; TT terr B -1, W -0.5
    //   AGA/quick B 1 - 2 - 1 = -2, W 0 - 1 - 2 - 1 + 0.5 = -3.5
    counts(a, {5, 2.5, -1, -0.5, 5, 2.5, -2, -3.5, 5, 2.5, -2, -3.5});
}

// =============================================================================================
// Section 3: a board play

TEST_CASE("TT 6 + TT 7 / AGA 5 / FFG 3: a one-stone suicide", "[audit][catalogue]") {
    // aO...   B1 ee, W2 ba, B3 dd, W4 ab, B5 aa: no liberty, captures nothing.
    // O....   TT: the stone is cleared (TT 7), the board is the board after W4: illegal by TT 6,
    // .....   reported as suicide, repeating move 4. AGA 5 / FFG 3: suicide (no repeat given).
    // ...X.
    // ....X
    const auto a = run(game_sgf(empty5, "KM[0.5]", "B@ee W@ba B@dd W@ab B@aa W@ed B- W-"));
    illegal(a.results[TT], 5, Reason::suicide, "TT 6", 4);
    illegal(a.results[AGA], 5, Reason::suicide, "AGA 5", std::nullopt);
    illegal(a.results[FFG], 5, Reason::suicide, "FFG 3", std::nullopt);
    for (const auto& r : a.results) {
        illegal_count(r, 1);
        ends(r, EndKind::two_passes, 8);
        // As it stands the stone is removed (TT physics): White holds it as a prisoner.
        CHECK(r.score.captures_by_white == 1);
    }
    // Final: Black dd ee (2), White ba ab ed (3); tw 1 (aa), tb 0. capB 1, pB 1, pW 1, e 0.
    //   area B 2, W 3 + 1 + 0.5 = 4.5; TT terr B -1, W 1.5; AGA/quick B 0 - 1 - 1 = -2,
    //   W 1 - 0 - 1 + 0.5 = 0.5
    counts(a, {2, 4.5, -1, 1.5, 2, 4.5, -2, 0.5, 2, 4.5, -2, 0.5});
}

TEST_CASE("TT 7 / AGA 5 / FFG 3: a multi-stone suicide is legal under TT only",
          "[audit][catalogue]") {
    // X*O..   B1 aa, W2 ab, B3 ee, W4 bb, B5 ed, W6 ca, B7 ba (*): aa+ba have no liberty and
    // OO...   capture nothing. TT 7 clears them: legal (new board). AGA 5, FFG 3: suicide;
    // ...O.   as it stands the same two stones are removed.  W8 dc, B9 pass, W10 pass.
    // ....X
    // ....X
    const auto a =
        run(game_sgf(empty5, "KM[0.5]", "B@aa W@ab B@ee W@bb B@ed W@ca B@ba W@dc B- W-"));
    legal(a.results[TT], 7);
    illegal_count(a.results[TT], 0);
    illegal(a.results[AGA], 7, Reason::suicide, "AGA 5", std::nullopt);
    illegal(a.results[FFG], 7, Reason::suicide, "FFG 3", std::nullopt);
    CHECK(has_divergence(a, audit::DivergenceKind::legality, 7));
    for (const auto& r : a.results) {
        ends(r, EndKind::two_passes, 10);
        CHECK(r.score.captures_by_white == 2);
    }
    // Final: Black ee ed (2), White ab bb ca dc (4); tw 2 (aa, ba), tb 0. capB 2, pB 1, pW 1.
    //   area B 2, W 4 + 2 + 0.5 = 6.5; TT terr B -2, W 2 + 0.5 = 2.5
    //   AGA/quick B 0 - 2 - 1 = -3, W 2 - 1 + 0.5 = 1.5
    counts(a, {2, 6.5, -2, 2.5, 2, 6.5, -3, 1.5, 2, 6.5, -3, 1.5});
}

TEST_CASE("AGA 5 (000 figure 2): White fills the last eye and captures eight stones",
          "[audit][catalogue]") {
    // .........
    // ..OOOOO..   PL[W]: W1 * (ed) has no liberty when placed but captures the eight Black
    // ..OXXXO..   stones: legal everywhere (AGA 5 comment: "it is possible to fill an empty
    // ..OX*XO..   space within an opponent's group and capture").
    // ..OXXXO..
    // ..OOOOO..
    // .........
    const std::vector<std::string> fig2 = {".........", "..OOOOO..", "..OXXXO..", "..OX*XO..",
                                           "..OXXXO..", "..OOOOO..", "........."};
    // '*' is not a label: mark the point by coordinates.
    std::vector<std::string> rows = fig2;
    rows[3][4] = '.';
    const auto a = run(game_sgf(rows, "KM[0.5]PL[W]", "W@ed B- W-"));
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 3);
        CHECK(r.score.captures_by_white == 8);
    }
    // Final: White 16 + 1 = 17, Black 0; tw = 63 - 17 = 46 (every empty point touches only
    // White), tb 0. capB 8; pB 1, pW 1; last White.
    //   area B 0, W 17 + 46 + 0.5 = 63.5; TT terr B -8, W 46 + 0.5 = 46.5
    //   AGA/quick B 0 - 8 - 1 = -9, W 46 - 1 + 0.5 = 45.5
    counts(a, {0, 63.5, -8, 46.5, 0, 63.5, -9, 45.5, 0, 63.5, -9, 45.5});
}

TEST_CASE(
    "AGA 8 / TT 7 / FFG 1: a play on an occupied point is skipped but takes the turn, so "
    "AGA area and territory differ by one",
    "[audit][catalogue]") {
    // The wall game with W2 played on Black's ba: skipped, no stone, no pass stone; Black plays
    // on. Moves: B ba, W ba(x), B bb, W ca, B bc, W cb, B bd, W cc, B be, W cd, B -, W ce, B -, W
    // -.
    const auto a = run(game_sgf(empty5, "KM[7.5]",
                                "B@ba W@ba B@bb W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B- W-"));
    for (const auto& r : a.results) {
        illegal(r, 2, Reason::occupied, "", std::nullopt);
        illegal_count(r, 1);
        CHECK_FALSE(find_illegal(r, 2)->applied);
        ends(r, EndKind::two_passes, 14);
    }
    // Final = the wall position: Xb 5, Xw 5, tb 5, tw 10. pB 2, pW 1, e 0, k 7.5.
    //   area B 10, W 15 + 7.5 = 22.5 (W+12.5); TT terr B 5, W 17.5
    //   AGA/quick B 5 - 2 = 3, W 10 - 1 + 7.5 = 16.5 (W+13.5): White lost a turn with no stone
    //   and no pass stone, so the two AGA counts disagree by one (rules.md 5, 6.4).
    counts(a, {10, 22.5, 5, 17.5, 10, 22.5, 3, 16.5, 10, 22.5, 3, 16.5});
    CHECK(has_divergence(a, audit::DivergenceKind::accounting));
}

TEST_CASE("AGA 2 / TT 5: in a handicap game placed with AB, Black's first play is out of turn",
          "[audit][catalogue]") {
    const std::vector<std::string> h2 = {".X...", ".X...", ".....", ".....", "....."};
    const auto a = run(game_sgf(h2, "HA[2]KM[0.5]", "B@bc W@ca B- W-"));
    CHECK(a.handicap == 2);
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) illegal(r, 1, Reason::out_of_turn, "", std::nullopt);
}

// =============================================================================================
// Sections 1, 4, 5: handicap, end of the game, scoring

TEST_CASE("AGA 12 / FFG 6 = 6a: a well-formed even game gives the same margin in every count",
          "[audit][catalogue]") {
    // Wall game, then B11 pass, W12 pass.  Xb 5, Xw 5, tb 5, tw 10, pB 1, pW 1, e 0, k 7.5.
    //   area B 5 + 5 = 10, W 5 + 10 + 7.5 = 22.5           -> W+12.5 (TT 9, AGA 12, FFG 6)
    //   TT terr B 5, W 10 + 7.5 = 17.5                     -> W+12.5
    //   AGA terr / FFG quick B 5 - 1 = 4, W 10 - 1 + 7.5 = 16.5 -> W+12.5
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B- W-"));
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 12);
        CHECK(r.score.komi == 7.5);
        CHECK(r.score.komi_source == audit::KomiSource::record);
        CHECK_FALSE(r.score.white_extra_pass);
    }
    counts(a, {10, 22.5, 5, 17.5, 10, 22.5, 4, 16.5, 10, 22.5, 4, 16.5});
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::accounting));
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::outcome));
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::end));
}

TEST_CASE("rules.md 1: without KM the komi is 7.5 in an even game under every preset",
          "[audit][catalogue]") {
    const auto a = run(game_sgf(empty5, "", std::string(wall) + " B- W-"));
    for (const auto& r : a.results) {
        CHECK(r.score.komi == 7.5);
        CHECK(r.score.komi_source == audit::KomiSource::ruleset_default);
    }
    counts(a, {10, 22.5, 5, 17.5, 10, 22.5, 4, 16.5, 10, 22.5, 4, 16.5});
}

TEST_CASE("rules.md 1: komi=X overrides the record's KM", "[audit][catalogue]") {
    std::vector<audit::Ruleset> rs = {*audit::parse_ruleset_spec("aga:komi=0.5").ruleset};
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B- W-"), rs);
    CHECK(a.results[0].score.komi == 0.5);
    CHECK(a.results[0].score.komi_source == audit::KomiSource::komi_override);
    // AGA terr B 4, W 10 - 1 + 0.5 = 9.5
    count(a.results[0].score.territory, 4, 9.5, "aga territory");
}

TEST_CASE(
    "AGA 11 / FFG 6a (Appendix B, last dame): when Black makes the last turn White hands "
    "over one more pass stone, and the counts still agree",
    "[audit][catalogue]") {
    // Wall game, B11 aa (inside Black's own area), W12 pass, B13 pass: Black's turn is last.
    // Xb 6, Xw 5, tb 4, tw 10; pB 1, pW 1, e 1, k 7.5.
    //   area B 6 + 4 = 10, W 5 + 10 + 7.5 = 22.5                  -> W+12.5
    //   TT terr B 4, W 17.5                                        -> W+13.5 (no pass stones:
    //     TT's plain territory count is not equivalent, and is never TT's decisive count)
    //   AGA terr / quick B 4 - 1 = 3, W 10 - 1 - 1 + 7.5 = 15.5   -> W+12.5
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B@aa W- B-"));
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 13);
    CHECK(a.results[AGA].score.white_extra_pass);
    CHECK(a.results[AGA].score.pass_stones_to_black == 2);  // W12 + the extra pass
    CHECK(a.results[AGA].score.pass_stones_to_white == 1);
    CHECK(a.results[FFG].score.black_moved_last);
    CHECK_FALSE(a.results[TT].score.white_extra_pass);
    counts(a, {10, 22.5, 4, 17.5, 10, 22.5, 3, 15.5, 10, 22.5, 3, 15.5});
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::accounting));
}

TEST_CASE(
    "TT 8 vs AGA 10 / FFG 5a: three passes end TT at the first double pass and the others "
    "at the last",
    "[audit][catalogue]") {
    // Wall game, B11 pass, W12 pass, B13 pass. TT: ends at 12, one move after the end.
    // AGA/FFG: double passes 11-12 and 12-13; the last ends the game at 13, Black last (e 1).
    //   TT: area B 10, W 22.5; terr B 5, W 17.5
    //   AGA terr / quick: pB 2, pW 1, e 1: B 5 - 2 = 3, W 10 - 1 - 1 + 7.5 = 15.5 (W+12.5)
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B- W- B-"));
    ends(a.results[TT], EndKind::two_passes, 12);
    CHECK(a.results[TT].moves_after_end == 1);
    ends(a.results[AGA], EndKind::two_passes, 13);
    ends(a.results[FFG], EndKind::two_passes, 13);
    CHECK(a.results[AGA].score.white_extra_pass);
    counts(a, {10, 22.5, 5, 17.5, 10, 22.5, 3, 15.5, 10, 22.5, 3, 15.5});
    CHECK(has_divergence(a, audit::DivergenceKind::end));
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::outcome));
}

TEST_CASE(
    "TT 8 vs AGA 10 / FFG 5: a resumed game ends at the first double pass under TT and at "
    "the last under AGA and French, with a different winner",
    "[audit][catalogue]") {
    // Wall game, B11 pass, W12 pass; Black resumes: B13 ec, W14 eb, B15 pass, W16 pass. KM 0.5.
    // .XO..
    // .XO.O   TT (end=final): scored at move 12 (the wall position), 4 moves after the end:
    // .XO.X     area B 10, W 15 + 0.5 = 15.5 (W+5.5); terr B 5, W 10.5
    // .XO..   AGA/FFG: at move 16. Xb 6, Xw 6, tb 5; the right-hand region touches ec: neutral,
    // .XO..     tw 0. pB 2, pW 2, e 0.
    //   area B 6 + 5 = 11, W 6 + 0 + 0.5 = 6.5 (B+4.5)
    //   AGA terr / quick B 5 - 2 = 3, W 0 - 2 + 0.5 = -1.5 (B+4.5)
    const auto a = run(game_sgf(empty5, "KM[0.5]", std::string(wall) + " B- W- B@ec W@eb B- W-"));
    ends(a.results[TT], EndKind::two_passes, 12);
    CHECK(a.results[TT].moves_after_end == 4);
    for (std::size_t i : {AGA, FFG}) {
        ends(a.results[i], EndKind::two_passes, 16);
        CHECK(a.results[i].resumed);
    }
    counts(a, {10, 15.5, 5, 10.5, 11, 6.5, 3, -1.5, 11, 6.5, 3, -1.5});
    CHECK(has_divergence(a, audit::DivergenceKind::end));
    CHECK(has_divergence(a, audit::DivergenceKind::outcome));
}

TEST_CASE(
    "AGA 10: play resumed after two passes that never reaches two passes again is not "
    "ended by passes",
    "[audit][catalogue]") {
    const auto a = run(game_sgf(empty5, "KM[0.5]", std::string(wall) + " B- W- B@ec W@eb"));
    ends(a.results[TT], EndKind::two_passes, 12);
    ends(a.results[AGA], EndKind::record_end, 14);
    ends(a.results[FFG], EndKind::record_end, 14);
}

TEST_CASE("rules.md 4: a record without two passes has no rules score, only an as-is count",
          "[audit][catalogue]") {
    // The wall game resigned after W10: as-is Xb 5, Xw 5, tb 5, tw 10, no passes, e 0.
    //   area B 10, W 22.5; TT terr B 5, W 17.5; AGA terr / quick B 5, W 17.5
    const auto a = run(game_sgf(empty5, "KM[7.5]RE[W+R]", wall));
    for (const auto& r : a.results) ends(r, EndKind::record_end, 10);
    counts(a, {10, 22.5, 5, 17.5, 10, 22.5, 5, 17.5, 10, 22.5, 5, 17.5});
}

TEST_CASE("AGA 4 / FFG preliminary rule / TT: a handicap game placed with AB (White first)",
          "[audit][catalogue]") {
    // .X...   HA[2] AB[ba][bb], KM[0.5]. W1 ca, B2 bc, W3 cb, B4 bd, W5 cc, B6 be, W7 cd,
    // .X...   B8 pass, W9 ce, B10 pass, W11 pass. Final = the wall position.
    // .....   Xb 5 (2 placed + 3 played), Xw 5, tb 5, tw 10; pB 2, pW 1, last White (e 0).
    // .....   n = 2: AGA/FFG bonus n - 1 = 1; TT none.
    // .....
    //   TT area B 10, W 15 + 0.5 = 15.5 (W+5.5); TT terr B 5, W 10.5
    //   AGA/FFG area B 10, W 15 + 0.5 + 1 = 16.5 (W+6.5)
    //   AGA terr / quick B 5 - 2 = 3, W 10 - 1 + 0.5 = 9.5 (W+6.5): equal to area with bonus
    const std::vector<std::string> h2 = {".X...", ".X...", ".....", ".....", "....."};
    const auto a =
        run(game_sgf(h2, "HA[2]KM[0.5]", "W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B- W-"));
    CHECK(a.handicap == 2);
    CHECK_FALSE(a.handicap_by_plays);
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 11);
        CHECK(r.score.handicap == 2);
    }
    CHECK(a.results[TT].score.handicap_bonus == 0);
    CHECK(a.results[AGA].score.handicap_bonus == 1);
    CHECK(a.results[FFG].score.handicap_bonus == 1);
    counts(a, {10, 15.5, 5, 10.5, 10, 16.5, 3, 9.5, 10, 16.5, 3, 9.5});
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::accounting));
}

TEST_CASE(
    "TT comment 5 / FFG preliminary rule: HA without AB, the first n Black plays are the "
    "placement",
    "[audit][catalogue]") {
    // HA[2], no AB: B1 ba, B2 bb (placement, not out of turn), then the game above (+2).
    const auto a = run(game_sgf(empty5, "HA[2]KM[0.5]",
                                "B@ba B@bb W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B- W-"));
    CHECK(a.handicap == 2);
    CHECK(a.handicap_by_plays);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 13);
    }
    counts(a, {10, 15.5, 5, 10.5, 10, 16.5, 3, 9.5, 10, 16.5, 3, 9.5});
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::accounting));
}

TEST_CASE("AGA 11 / FFG 6a: a handicap game whose turns end with Black's still agrees",
          "[audit][catalogue]") {
    // As the AB handicap game but W9 ce, B10 aa, W11 pass, B12 pass (Black last, e 1).
    // Xb 6, Xw 5, tb 4, tw 10; pB 2, pW 1.
    //   TT area B 10, W 15.5; TT terr B 4, W 10.5
    //   AGA/FFG area B 10, W 16.5 (W+6.5)
    //   AGA terr / quick B 4 - 2 = 2, W 10 - 1 - 1 + 0.5 = 8.5 (W+6.5)
    const std::vector<std::string> h2 = {".X...", ".X...", ".....", ".....", "....."};
    const auto a =
        run(game_sgf(h2, "HA[2]KM[0.5]", "W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B@aa W- B-"));
    for (const auto& r : a.results) ends(r, EndKind::two_passes, 12);
    CHECK(a.results[AGA].score.white_extra_pass);
    counts(a, {10, 15.5, 4, 10.5, 10, 16.5, 2, 8.5, 10, 16.5, 2, 8.5});
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::accounting));
}

TEST_CASE("rules.md 1: without KM a handicap game's komi is 0.5", "[audit][catalogue]") {
    const std::vector<std::string> h2 = {".X...", ".X...", ".....", ".....", "....."};
    const auto a = run(game_sgf(h2, "HA[2]", "W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B- W-"));
    for (const auto& r : a.results) {
        CHECK(r.score.komi == 0.5);
        CHECK(r.score.komi_source == audit::KomiSource::ruleset_default);
    }
    counts(a, {10, 15.5, 5, 10.5, 10, 16.5, 3, 9.5, 10, 16.5, 3, 9.5});
}

TEST_CASE(
    "rules.md 3, 5: HA[2] with three AB stones: n = 2, and AGA area and territory "
    "must differ",
    "[audit][catalogue]") {
    // .X...   HA[2] AB[ba][bb][bc]: n = min(2, 3) = 2; one Black stone made no turn.
    // .X...   W1 ca, B2 bd, W3 cb, B4 be, W5 cc, B6 pass, W7 cd, B8 pass, W9 ce, B10 pass, W11
    // pass. .X...   Final = the wall position: Xb 5, Xw 5, tb 5, tw 10; pB 3, pW 1, e 0.
    //   area (AGA/FFG) B 10, W 15 + 0.5 + 1 = 16.5 (W+6.5); TT area W 15.5
    //   TT terr B 5, W 10.5
    //   AGA terr / quick B 5 - 3 = 2, W 10 - 1 + 0.5 = 9.5 (W+7.5): differs from area by one
    const std::vector<std::string> h3 = {".X...", ".X...", ".X...", ".....", "....."};
    const auto a =
        run(game_sgf(h3, "HA[2]KM[0.5]", "W@ca B@bd W@cb B@be W@cc B- W@cd B- W@ce B- W-"));
    CHECK(a.handicap == 2);
    counts(a, {10, 15.5, 5, 10.5, 10, 16.5, 2, 9.5, 10, 16.5, 2, 9.5});
    CHECK(has_divergence(a, audit::DivergenceKind::accounting));
    bool mismatch = false;
    for (const auto& i : a.record_issues)
        mismatch = mismatch || audit::to_string(i.code()) == "handicap_mismatch";
    CHECK(mismatch);
}

TEST_CASE("AGA 12 (000 figure 4): seki points are neutral", "[audit][catalogue]") {
    // .OOOXX.   The inner Black string (cb db cc cd) and the inner White string (eb ec ed)
    // .OXXOX.   share the liberties dc, dd: seki. dc, dd touch both colours: neutral.
    // .OX.OX.   Xb 9, Xw 9, tb 4 (column g), tw 4 (column a), neutral 2. B1 pass, W2 pass.
    // .OX.OX.     area B 9 + 4 = 13, W 9 + 4 + 0.5 = 13.5; TT terr B 4, W 4.5
    //             AGA terr / quick B 4 - 1 = 3, W 4 - 1 + 0.5 = 3.5
    const std::vector<std::string> seki = {".OOOXX.", ".OXXOX.", ".OX.OX.", ".OX.OX."};
    const auto a = run(game_sgf(seki, "KM[0.5]", "B- W-"));
    for (const auto& r : a.results) {
        CHECK(r.score.neutral == 2);
        CHECK(r.score.black_territory == 4);
        CHECK(r.score.white_territory == 4);
        ends(r, EndKind::two_passes, 2);
    }
    counts(a, {13, 13.5, 4, 4.5, 13, 13.5, 3, 3.5, 13, 13.5, 3, 3.5});
}

TEST_CASE("AGA 12 (002 figure 3): point A, surrounded only by Black stones in a seki, is Black's",
          "[audit][catalogue]") {
    // .OOOOXXXXX.   Black's inner string has the eye A (dc), White's inner string the eye B
    // .OXXXOOOOX.   (hc); they share fc and fd: seki. A touches only Black: Black territory;
    // .OXAX.OBOX.   B only White: White territory; fc, fd neutral.
    // .OXXX.OOOX.   Xb 21, Xw 20; tb 5 + 1 = 6, tw 5 + 1 = 6, neutral 2. B1 pass, W2 pass.
    // .OOOOXXXXX.     area B 21 + 6 = 27, W 20 + 6 + 0.5 = 26.5; TT terr B 6, W 6.5
    //                 AGA terr / quick B 6 - 1 = 5, W 6 - 1 + 0.5 = 5.5
    std::vector<std::string> rows = {".OOOOXXXXX.", ".OXXXOOOOX.", ".OXaX.ObOX.", ".OXXX.OOOX.",
                                     ".OOOOXXXXX."};
    const auto a = run(game_sgf(rows, "KM[0.5]", "B- W-"));
    for (const auto& r : a.results) {
        CHECK(r.score.black_territory == 6);
        CHECK(r.score.white_territory == 6);
        CHECK(r.score.neutral == 2);
    }
    counts(a, {27, 26.5, 6, 6.5, 27, 26.5, 5, 5.5, 27, 26.5, 5, 5.5});
}

TEST_CASE(
    "AGA 11 (002 figure 2): Black plays twice in a seki while White passes, and wins two "
    "points",
    "[audit][catalogue]") {
    // .OOOOXXXXX.   The seki of figure 3 with three shared liberties fb, fc, fd.
    // .OXXX.OOOX.   Both passing at once (B1, W2): Xb 21, Xw 19, tb 6, tw 6, neutral 3:
    // .OXaX.ObOX.     area B 27, W 19 + 6 + 0.5 = 25.5 (B+1.5); AGA terr B 5, W 5.5 (W+0.5)
    // .OXXX.OOOX.   B1 fb, W2 pass, B3 fc, W4 pass (002: "2 and 4 are passes"), B5 pass, W6
    // .OOOOXXXXX.   pass: still seki (each side keeps its eye and fd). Xb 23, neutral 1.
    //   area B 29, W 25.5 (B+3.5: two points more); TT ends at W4-B5 (move 5), same board.
    //   AGA terr / quick: pB 1, pW 3: B 6 - 1 = 5, W 6 - 3 + 0.5 = 3.5 (B+1.5: two more)
    //   TT terr (no pass stones) B 6, W 6.5 at both ends: unchanged.
    const std::vector<std::string> rows = {".OOOOXXXXX.", ".OXXX.OOOX.", ".OXaX.ObOX.",
                                           ".OXXX.OOOX.", ".OOOOXXXXX."};
    const auto before = run(game_sgf(rows, "KM[0.5]", "B- W-"));
    counts(before, {27, 25.5, 6, 6.5, 27, 25.5, 5, 5.5, 27, 25.5, 5, 5.5});
    const auto a = run(game_sgf(rows, "KM[0.5]", "B@fb W- B@fc W- B- W-"));
    ends(a.results[TT], EndKind::two_passes, 5);
    ends(a.results[AGA], EndKind::two_passes, 6);
    ends(a.results[FFG], EndKind::two_passes, 6);
    for (const auto& r : a.results) illegal_count(r, 0);
    counts(a, {29, 25.5, 6, 6.5, 29, 25.5, 5, 3.5, 29, 25.5, 5, 3.5});
}

// =============================================================================================
// Section 6: the record check

TEST_CASE("rules.md 6.5: RE is checked against the count of the record's own RU",
          "[audit][catalogue]") {
    // Wall game, KM 7.5: AGA territory W+12.5.
    const auto ok = run(game_sgf(empty5, "KM[7.5]RU[AGA]RE[W+12.5]", std::string(wall) + " B- W-"));
    CHECK(ok.record.check == audit::RecordCheck::match);
    CHECK(ok.record.mapped == "aga");
    const auto bad = run(game_sgf(empty5, "KM[7.5]RU[AGA]RE[B+3.5]", std::string(wall) + " B- W-"));
    CHECK(bad.record.check == audit::RecordCheck::mismatch);
    CHECK(has_divergence(bad, audit::DivergenceKind::record));
    const auto resigned = run(game_sgf(empty5, "KM[7.5]RU[AGA]RE[W+R]", wall));
    CHECK(resigned.record.check == audit::RecordCheck::not_comparable);
    // Issue 15: the margin difference, RE's minus the count's, both as Black's margins, and
    // the dead-stone source of the count.
    REQUIRE(ok.record.difference.has_value());
    CHECK(*ok.record.difference == 0.0);
    REQUIRE(bad.record.difference.has_value());
    CHECK(*bad.record.difference == 3.5 - -12.5);
    CHECK(bad.record.dead_source.has_value());
    const auto margin =
        run(game_sgf(empty5, "KM[7.5]RU[AGA]RE[W+10.5]", std::string(wall) + " B- W-"));
    CHECK(margin.record.check == audit::RecordCheck::mismatch);
    REQUIRE(margin.record.difference.has_value());
    CHECK(*margin.record.difference == -10.5 - -12.5);
    CHECK_FALSE(resigned.record.difference.has_value());
    CHECK_FALSE(resigned.record.dead_source.has_value());
}
