// Seki (issue 15, R19): the knob seki-eyes, written from the rule before the code. J 8 (the
// Japanese Rules of Go 1989): alive stones that have a dame are in seki, and eye points
// surrounded by stones in seki are not territory; 002 figure 3, TT 9 and the Chinese and French
// counts score such an eye for the colour around it. seki-eyes=neutral reads J 8 as R19 does
// (rules.md 8; japanese_count.test.cpp): with the dame imagined filled, a string is in
// seki only when it shares a liberty that neither side can fill without atari, and its eye
// points are no territory (rules-notes.md, "Seki").

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// A seki with one eye each, 9x4, every stone alive:
//   aXdOfOX..   Black's inner string (1,0) (0,1) (1,1) (2,1) has the eye a and the dame d;
//   XXXOOOX..   White's inner string (3,0) (5,0) (3,1) (4,1) (5,1) has the eye f and d.
//   OOOXXXX..   Neither may play d (the player's own string would be left with one liberty,
//   ..OX.....   its eye, and be captured) and f (or a) is suicide for the opponent: seki.
// Black's outer wall (6,0) (6,1) (3..6,2) (3,3) surrounds 11 points on the right; White's outer
// wall (0..2,2) (2,3) surrounds (0,3) (1,3). Stones: Black 4 + 7 = 11, White 5 + 4 = 9.
// Empty: a, d, f and 11 + 2 territory = 16; 11 + 9 + 16 = 36 points.
const std::vector<std::string> seki_board = {"aXdOfOX..", "XXXOOOX..", "OOOXXXX..", "..OX....."};

}  // namespace

TEST_CASE("seki-eyes: the eyes of a seki are territory under aga and chinese, not under japanese",
          "[audit][knobs][seki]") {
    // Two passes end the game (B-, W-: one pass each, White passed last), KM 0.5, no captures,
    // no dead stones.
    //   territory: Black 11 + a = 12, White 2 + f = 3, neutral d = 1
    //   J 8:       d is dame, so both inner strings are in seki; a and f are not territory:
    //              Black 11, White 2, neutral 3
    // japanese (territory, no pass stones): B 11, W 2 + 0.5 = 2.5 -> B+8.5;
    //   its area count (reported, not decisive): B 11 + 11 = 22, W 9 + 2 + 0.5 = 11.5
    // chinese (area): B 11 + 12 = 23, W 9 + 3 + 0.5 = 12.5 -> B+10.5
    // aga (territory, one pass stone each way, AGA 7): B 12 - 1 = 11, W 3 - 1 + 0.5 = 2.5;
    //   area B 23, W 12.5
    const auto a = run(game_sgf(seki_board, "KM[0.5]", "B- W-"),
                       {spec("japanese"), spec("chinese"), spec("aga")});
    const audit::Score& jp = a.results[0].score;
    CHECK(jp.black_territory == 11);
    CHECK(jp.white_territory == 2);
    CHECK(jp.neutral == 3);
    count(jp.territory, 11, 2.5, "japanese territory");
    count(jp.area, 22, 11.5, "japanese area");
    CHECK(jp.decisive == audit::Scoring::territory);
    for (std::size_t i : {std::size_t{1}, std::size_t{2}}) {
        const audit::Score& s = a.results[i].score;
        INFO(a.results[i].ruleset.name);
        CHECK(s.black_territory == 12);
        CHECK(s.white_territory == 3);
        CHECK(s.neutral == 1);
        count(s.area, 23, 12.5, "area");
    }
    count(a.results[2].score.territory, 11, 2.5, "aga territory");
}

TEST_CASE("seki-eyes: the knob alone moves the eyes of a seki from territory to neutral",
          "[audit][knobs][seki]") {
    // tromp-taylor with and without seki-eyes=neutral on the seki above (area, KM 0.5):
    //   territory: B 11 + 12 = 23, W 9 + 3 + 0.5 = 12.5
    //   neutral:   B 11 + 11 = 22, W 9 + 2 + 0.5 = 11.5
    // and the territory counts (reported): B 12 vs 11, W 3.5 vs 2.5.
    const auto a = run(game_sgf(seki_board, "KM[0.5]", "B- W-"),
                       {spec("tromp-taylor"), spec("tromp-taylor:seki-eyes=neutral")});
    count(a.results[0].score.area, 23, 12.5, "seki-eyes=territory");
    count(a.results[1].score.area, 22, 11.5, "seki-eyes=neutral");
    count(a.results[0].score.territory, 12, 3.5, "seki-eyes=territory");
    count(a.results[1].score.territory, 11, 2.5, "seki-eyes=neutral");
    CHECK(a.results[1].ruleset.spec == "tromp-taylor:seki-eyes=neutral");
}

TEST_CASE("seki-eyes: without dame no string is in seki: the same territory under every value",
          "[audit][knobs][seki]") {
    // Two walls, 5x3, no empty region reaching both colours:
    //   ..XO.   Black territory (0..1, 0..2) = 6, White (4, 0..2) = 3, neutral 0: japanese
    //   ..XO.   counts as chinese does, B 6, W 3 + 0.5.
    //   ..XO.
    const std::vector<std::string> walls = {"..XO.", "..XO.", "..XO."};
    const auto a = run(game_sgf(walls, "KM[0.5]", "B- W-"), {spec("japanese"), spec("chinese")});
    for (const auto& r : a.results) {
        INFO(r.ruleset.name);
        CHECK(r.score.black_territory == 6);
        CHECK(r.score.white_territory == 3);
        CHECK(r.score.neutral == 0);
    }
    count(a.results[0].score.territory, 6, 3.5, "japanese territory");
}

TEST_CASE("R19: a dame next to a group that can fill it makes no seki: its eyes stay territory",
          "[audit][knobs][seki][R19]") {
    // 7x5 (under the issue-15 reading, every string next to a dame was in seki with its whole
    // group, and this board had no territory under japanese):
    //   X.XdO.O   Black S = (0,0) (0,1) (1,1) (2,1) (2,0); White W = column 4, (3,1), (5,1),
    //   XXXOOOO   (6,1), (6,0). d = (3,0) reaches S and W, but S keeps four liberties if Black
    //   ...XO..   fills d ((1,0) and (0..2,2)) and W keeps its own if White does: an open dame
    //   XXXXO..   either side fills without cost, no seki (R19). Every region reaching one
    //   ...XO..   colour is territory under both values:
    //   Black 1 + 3 + 3 = 7, White 1 + 6 = 7, neutral 1.
    const std::vector<std::string> board = {"X.X.O.O", "XXXOOOO", "...XO..", "XXXXO..", "...XO.."};
    const auto a = run(game_sgf(board, "KM[0.5]", "B- W-"),
                       {spec("tromp-taylor"), spec("tromp-taylor:seki-eyes=neutral")});
    for (const auto& r : a.results) {
        INFO(r.ruleset.spec);
        CHECK(r.score.black_territory == 7);
        CHECK(r.score.white_territory == 7);
        CHECK(r.score.neutral == 1);
    }
}

TEST_CASE("seki-eyes: 002 figure 3 as drawn here, under japanese: no liberty R19 calls a seki",
          "[audit][knobs][seki][R19]") {
    // catalogue.test.cpp's drawing of 002 figure 3 (territory: Black 6, White 6, neutral 2),
    // read by R19. The inner strings share ed (5,2) and fd (5,3). Black may fill ed (its inner
    // string keeps A and fd; White's keeps B and fd). Then White cannot fill fd without putting
    // its inner string in atari; Black at fd would join its inner string to its outer wall
    // (5,4), keeping its liberties, and leave White's inner string in atari with only its eye
    // B: the drawing's stones are all alive (no dead-stone source says otherwise), so that fill
    // is not made. But R19 calls a string in seki only next to a liberty that neither side can
    // fill without putting its own string in atari, and Black can fill fd so: in this drawing
    // no string is in seki, and japanese counts A and B as territory, as aga does. (The
    // seki_board of counterfactual.test.cpp, where neither side can fill, is a seki.)
    //   japanese: Black 6, White 6, neutral 2
    const std::vector<std::string> rows = {".OOOOXXXXX.", ".OXXXOOOOX.", ".OX.X.O.OX.",
                                           ".OXXX.OOOX.", ".OOOOXXXXX."};
    const auto a = run(game_sgf(rows, "KM[0.5]", "B- W-"), {spec("japanese"), spec("aga")});
    CHECK(a.results[0].score.black_territory == 6);
    CHECK(a.results[0].score.white_territory == 6);
    CHECK(a.results[0].score.neutral == 2);
    CHECK(a.results[1].score.black_territory == 6);
    CHECK(a.results[1].score.white_territory == 6);
    CHECK(a.results[1].score.neutral == 2);
}

TEST_CASE("seki-eyes: clauses and KataGo's tax", "[audit][knobs][seki]") {
    CHECK(spec("japanese").seki_eyes == audit::SekiEyes::neutral);
    for (std::string_view p : {"tromp-taylor", "aga", "french", "chinese"}) {
        INFO(p);
        CHECK(spec(p).seki_eyes == audit::SekiEyes::territory);
    }
    CHECK(spec("japanese").clause(audit::Knob::seki_eyes) == "J 8");
    CHECK(spec("japanese:seki-eyes=territory").clause(audit::Knob::seki_eyes) == "TT 9");
    CHECK(spec("aga").clause(audit::Knob::seki_eyes) == "AGA 12, 002 figure 3");
    CHECK(spec("tromp-taylor:seki-eyes=neutral").clause(audit::Knob::seki_eyes) == "J 8");
    // KataGo's tax SEKI is seki-eyes=independent, tax ALL seki-eyes=taxed, tax NONE
    // seki-eyes=territory (KG tax).
    const auto seki = audit::map_ru("koSIMPLEscoreTERRITORYtaxSEKIsui0");
    REQUIRE(seki.ruleset);
    CHECK(seki.ruleset->seki_eyes == audit::SekiEyes::independent);
    const auto none = audit::map_ru("koPOSITIONALscoreAREAtaxNONEsui1");
    REQUIRE(none.ruleset);
    CHECK(none.ruleset->seki_eyes == audit::SekiEyes::territory);
    // KataGo's parser: a territory string without tax has tax SEKI.
    const auto implied = audit::map_ru("koSIMPLEscoreTERRITORYsui0");
    REQUIRE(implied.ruleset);
    CHECK(implied.ruleset->seki_eyes == audit::SekiEyes::independent);
    const auto all = audit::map_ru("koPOSITIONALscoreAREAtaxALLsui1");
    REQUIRE(all.ruleset);
    CHECK(all.ruleset->seki_eyes == audit::SekiEyes::taxed);
    CHECK(spec("tromp-taylor:seki-eyes=independent").clause(audit::Knob::seki_eyes) == "KG tax");
    CHECK(spec("tromp-taylor:seki-eyes=taxed").clause(audit::Knob::seki_eyes) == "KG tax");
}
