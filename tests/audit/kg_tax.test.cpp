// KataGo's tax rule (issue 15), written from KataGo's rules before the code (KG tax in
// docs/rules.md): tax SEKI (seki-eyes=independent) gives territory only to regions of
// independent life, a region being the stones of one colour with the territory they surround,
// joined where adjacent; a region next to a neutral point, or with one of its stones in atari,
// keeps no territory. tax ALL (seki-eyes=taxed) also takes two points from a side for each of its
// regions that keeps its territory. J 8's reading (seki-eyes=neutral) looks at dame only.

#include "catalogue_support.hpp"

using namespace catalogue;

TEST_CASE("KG tax: a seki's eyes are no one's under tax SEKI as under J 8",
          "[audit][knobs][seki][katago]") {
    // seki.test.cpp's seki with one eye each (9x4), KM 0.5: the dame d makes both inner
    // strings, and the groups they belong to, no regions of independent life.
    //   seki-eyes=neutral and independent: B 11 + 11 = 22, W 9 + 2 + 0.5 = 11.5
    const std::vector<std::string> board = {".X.O.OX..", "XXXOOOX..", "OOOXXXX..", "..OX....."};
    const auto a =
        run(game_sgf(board, "KM[0.5]", "B- W-"),
            {spec("tromp-taylor:seki-eyes=neutral"), spec("tromp-taylor:seki-eyes=independent")});
    count(a.results[0].score.area, 22, 11.5, "neutral");
    count(a.results[1].score.area, 22, 11.5, "independent");
    CHECK(a.results[1].score.neutral == 3);
}

TEST_CASE("KG tax: a region with a stone in atari keeps no territory - J 8 sees no dame",
          "[audit][knobs][seki][katago]") {
    // 5x3, no empty point reaches both colours:
    //   X.XO.   Black's one string (0,0) (2,0) (0..2,1) has one liberty, (1,0): it is in atari
    //   XXXO.   (White may take it), so its region keeps no territory under tax SEKI. White's
    //   OOOO.   string (six stones: d3, d2 and a1-d1) has the three points of column 4.
    //   seki-eyes=neutral (J 8: no dame, no seki): B 5 + 1 = 6, W 6 + 3 + 0.5 = 9.5
    //   independent: B 5, W 9.5, neutral 1
    //   taxed: White's region keeps its territory and pays 2, Black has none: B 5, W 7.5
    // (This test first said W 7 + 3 + 0.5 = 10.5, miscounting White's stones as seven; it never
    // ran under CTest, its name held a ';'. The code's 9.5 is KataGo's area count: stones plus
    // the territory a region keeps, plus komi.)
    const std::vector<std::string> board = {"X.XO.", "XXXO.", "OOOO."};
    const auto a =
        run(game_sgf(board, "KM[0.5]", "B- W-"),
            {spec("tromp-taylor:seki-eyes=neutral"), spec("tromp-taylor:seki-eyes=independent"),
             spec("tromp-taylor:seki-eyes=taxed")});
    count(a.results[0].score.area, 6, 9.5, "neutral");
    count(a.results[1].score.area, 5, 9.5, "independent");
    CHECK(a.results[1].score.black_territory == 0);
    CHECK(a.results[1].score.neutral == 1);
    count(a.results[2].score.area, 5, 7.5, "taxed");
    CHECK(a.results[2].score.group_tax_black == 0);
    CHECK(a.results[2].score.group_tax_white == 2);
}

TEST_CASE("KG tax: tax ALL takes two points per region of independent life",
          "[audit][knobs][seki][katago]") {
    // 7x3:
    //   .XO.OX.   Black's two walls are two regions (White's wall lies between them), each with
    //   .XO.OX.   three points of territory; White's two walls are joined through their
    //   .XO.OX.   territory (3,y): one region. No dame, no atari.
    //   territory / independent: B 6 + 6 = 12, W 6 + 3 + 0.5 = 9.5 -> B+2.5
    //   taxed: B 12 - 4 = 8, W 9.5 - 2 = 7.5 -> B+0.5; the territory counts too:
    //   B 6 - 4 = 2, W 3 - 2 + 0.5 = 1.5
    const std::vector<std::string> board = {".XO.OX.", ".XO.OX.", ".XO.OX."};
    const auto a = run(game_sgf(board, "KM[0.5]", "B- W-"),
                       {spec("tromp-taylor"), spec("tromp-taylor:seki-eyes=independent"),
                        spec("tromp-taylor:seki-eyes=taxed")});
    count(a.results[0].score.area, 12, 9.5, "territory");
    count(a.results[1].score.area, 12, 9.5, "independent");
    count(a.results[2].score.area, 8, 7.5, "taxed");
    count(a.results[2].score.territory, 2, 1.5, "taxed territory count");
    CHECK(a.results[2].score.group_tax_black == 4);
    CHECK(a.results[2].score.group_tax_white == 2);
}

TEST_CASE("KG tax: KataGo's tax ALL string counts the group tax under its own rules",
          "[audit][knobs][seki][katago]") {
    // The board above as a record with RU koPOSITIONALscoreAREAtaxALLsui1 (mapped to
    // seki-eyes=taxed with dead=pass-alive): no string is pass-alive (each has one region), so
    // nothing is removed and the count is the taxed one, B+0.5; RE B+0.5 matches.
    const std::vector<std::string> board = {".XO.OX.", ".XO.OX.", ".XO.OX."};
    const audit::RuMapping m = audit::map_ru("koPOSITIONALscoreAREAtaxALLsui1");
    REQUIRE(m.ruleset);
    const auto a =
        run(game_sgf(board, "KM[0.5]RU[koPOSITIONALscoreAREAtaxALLsui1]RE[B+0.5]", "B- W-"),
            {*m.ruleset});
    count(a.results[0].score.area, 8, 7.5, "KataGo tax ALL");
    CHECK(a.results[0].score.dead_source == audit::DeadSource::rules_pass_alive);
    CHECK(audit::to_string(a.record.check) == audit::to_string(audit::RecordCheck::match));
}
