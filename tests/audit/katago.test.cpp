// KataGo's rules (issue 15), written from the rule text before the code (docs/rules.md, KG
// clauses): the rules decide dead stones (KG score: stones inside the opponent's pass-alive
// territory are removed, every other stone counts as it stands), a half-point button for the
// first pass (KG button), and under territory scoring two cleanup phases after the first two
// passes in which a side's count is its area less the stones it played before the second
// phase (KG encore). Then every record of ../shared's KataGo fixtures with a numeric RE and a
// mapped RU must reproduce RE.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalogue_support.hpp"
#include "skip.hpp"

using namespace catalogue;

namespace {

audit::Ruleset from_ru(std::string_view ru) {
    const audit::RuMapping m = audit::map_ru(ru);
    INFO(ru);
    REQUIRE(m.ruleset);
    return *m.ruleset;
}

// The only game of the SGF file at `path` (a record owns its data: the document may go).
sgf::GameRecord read_only_game(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const sgf::Document doc = sgf::read_document(path.string(), text.str());
    REQUIRE(doc.games().size() == 1);
    return sgf::read_record(doc, 0);
}

}  // namespace

TEST_CASE(
    "KG score: a stone inside the opponent's pass-alive territory is dead, the others "
    "count as they stand",
    "[audit][katago]") {
    // 5x5. Black owns the left: the string (1,0)..(1,4) plus (0,2) makes two eyes a=(0,1) and
    // b=(0,3); it is pass-alive. White's stone w at (3,2) is alone on the right and not
    // pass-alive; the right region (columns 2..4) holds a White stone, so under KG score it is
    // not Black's territory: the stone counts for White as it stands, and the empty points
    // around it, reaching both colours, are no one's.
    //   .X...
    //   aX...
    //   XX.w.
    //   bX...
    //   .X...
    // Black: stones 6, territory (0,0), a, b, (0,4) = 4 -> area 10.
    // White: stone 1, territory 0 -> 1 + komi 0.5 = 1.5. Neutral: 14.
    const std::vector<std::string> board = {".X...", "aX...", "XX.O.", "bX...", ".X..."};
    audit::AuditOptions opt;
    opt.dead = audit::DeadPolicy::none;  // --dead is not asked under dead=pass-alive
    const auto a =
        run(game_sgf(board, "KM[0.5]", "B- W-"),
            {from_ru("koPOSITIONALscoreAREAtaxNONEsui1"), spec("tromp-taylor:end=resumable")}, opt);
    const audit::Score& kg = a.results[0].score;
    CHECK(kg.settled);
    CHECK(kg.dead_source == audit::DeadSource::rules_pass_alive);
    CHECK(kg.black_stones == 6);
    CHECK(kg.white_stones == 1);
    CHECK(kg.black_territory == 4);
    CHECK(kg.white_territory == 0);
    CHECK(kg.neutral == 14);
    count(kg.area, 10, 1.5, "KG area");
}

TEST_CASE(
    "KG score: stones in a small region of a pass-alive wall are removed, whatever --dead "
    "says",
    "[audit][katago]") {
    // 5x3. One Black string of 8 with four one-point eyes, every eye a liberty of it: pass-
    // alive. White's stone w at (0,0) is in the left region w, (0,1), (0,2), every point of
    // which touches the string: Black's pass-alive territory, so w is dead under KG score.
    //   wX.X.
    //   .XXXX
    //   .X.X.
    // Black: stones 8 + the 4 eyes + the 3 left points = 15. White: 0 + komi 0.5.
    const std::vector<std::string> board = {"OX.X.", ".XXXX", ".X.X."};
    for (const audit::DeadPolicy d : {audit::DeadPolicy::none, audit::DeadPolicy::automatic}) {
        audit::AuditOptions opt;
        opt.dead = d;
        const auto a =
            run(game_sgf(board, "KM[0.5]", "B- W-"), {from_ru("koSIMPLEscoreAREAsui0")}, opt);
        const audit::Score& kg = a.results[0].score;
        CHECK(kg.settled);
        CHECK(kg.dead_white == 1);
        CHECK(kg.black_stones == 8);
        CHECK(kg.black_territory == 7);
        count(kg.area, 15, 0.5, "KG area");
    }
}

TEST_CASE(
    "KG score: where multi-stone suicide is legal, an opposing stone in a region that "
    "does not touch the string keeps the region from being vital",
    "[audit][katago]") {
    // 5x3. One Black string of 9; two candidate vital regions: the left one, w (0,0) with
    // (1,0) and (0,1), whose empty points touch the string but whose White stone w does not,
    // and the bottom one (2,2) (3,2) (4,2).
    //   w.XXX
    //   .XXXX
    //   XX...
    // sui0: both regions vital, the string is pass-alive, the left region (one point, w, touches
    //   no Black stone) is its territory: w dead. Black 9 + 3 + 3 = 15, White 0 + 0.5.
    // sui1: the left region is not vital (w does not touch the string), so the string is not
    //   pass-alive and nothing is pass-alive territory: w counts for White, (1,0) and (0,1)
    //   reach both colours. Black 9 + 3 = 12, White 1 + 0.5 = 1.5, neutral 2.
    const std::vector<std::string> board = {"O.XXX", ".XXXX", "XX..."};
    const auto a = run(
        game_sgf(board, "KM[0.5]", "B- W-"),
        {from_ru("koPOSITIONALscoreAREAtaxNONEsui0"), from_ru("koPOSITIONALscoreAREAtaxNONEsui1")});
    const audit::Score& sui0 = a.results[0].score;
    const audit::Score& sui1 = a.results[1].score;
    CHECK(sui0.dead_white == 1);
    count(sui0.area, 15, 0.5, "sui0");
    CHECK(sui1.dead_white == 0);
    CHECK(sui1.white_stones == 1);
    CHECK(sui1.neutral == 2);
    count(sui1.area, 12, 1.5, "sui1");
}

TEST_CASE("KG button: the first player to pass gets half a point", "[audit][katago]") {
    // Same left-wall board as above; White passes first (W to move after B's play).
    const std::vector<std::string> board = {"OX.X.", ".XXXX", ".X.X."};
    const auto with = run(game_sgf(board, "KM[0.5]PL[W]", "W- B- W-"),
                          {from_ru("koPOSITIONALscoreAREAtaxNONEsui0button1"),
                           from_ru("koPOSITIONALscoreAREAtaxNONEsui0")});
    CHECK(with.results[0].ruleset.button == audit::Button::yes);
    CHECK(with.results[0].score.button_white == Approx(0.5));
    CHECK(with.results[0].score.button_black == Approx(0));
    count(with.results[0].score.area, 15, 1, "button to White");
    count(with.results[1].score.area, 15, 0.5, "no button");
}

TEST_CASE("KG encore: under territory scoring a side counts its area less the stones it played",
          "[audit][katago]") {
    // The left-wall board again, White's dead stone w at (0,0). Setup stones count as played:
    // Black 8, White 1. After B- W- (the first cleanup phase starts) Black plays c = (0,1),
    // w's last liberty, and captures it. Then B- W- ends the first cleanup phase, B- W- the
    // second.
    //   Black played 9 (8 setup + 1), White 1 (its stone, captured).
    //   Black's area: stones 9 + territory (0,0), (0,2) and the 4 eyes = 15; less 9 = 6.
    //   White: 0 - 1 + komi 0.5 = -0.5. B+6.5.
    const std::vector<std::string> board = {"OX.X.", "cXXXX", ".X.X."};
    const auto a = run(game_sgf(board, "KM[0.5]", "B- W- Bc B- W- B- W-"),
                       {from_ru("koSIMPLEscoreTERRITORYtaxNONEsui0")});
    const audit::Score& s = a.results[0].score;
    CHECK(s.decisive == audit::Scoring::territory);
    CHECK(s.played_black == 9);
    CHECK(s.played_white == 1);
    count(s.territory, 6, -0.5, "KG territory");
}

TEST_CASE(
    "KG encore: a stone placed in the second cleanup phase where it is not pass-alive "
    "is scored as the empty point it replaced",
    "[audit][katago]") {
    // 5x3 with a White stone alone on the right and Black's pass-alive wall on the left:
    //   X.X.O   Black (0,0) (2,0) (0,1) (1,1) (2,1) (0,2) (2,2): eyes (1,0), (1,2).
    //   XXX.c   White (4,0); c = (4,1).
    //   X.X..
    // Two passes end the game, two more the first phase; in the second, after a Black pass,
    // White plays c, then two passes end it. White's stones (4,0) and c are not pass-alive (no
    // eyes); c was not there when the second phase started, so it is scored as an empty point: the
    // open region (3,0) (3,1) (3,2) c (4,2) reaches both colours, so no one's.
    // Played: Black 7, White 1 (c came in the second phase).
    // Black: stones 7 + eyes 2 = 9, less 7 = 2. White: stone (4,0) 1 + territory 0, less 1 = 0;
    // the region (3,*) (4,2) reaches both colours: neutral. + komi 0.5.
    const std::vector<std::string> board = {"X.X.O", "XXX.c", "X.X.."};
    const auto a = run(game_sgf(board, "KM[0.5]", "B- W- B- W- B- Wc B- W-"),
                       {from_ru("koSIMPLEscoreTERRITORYtaxNONEsui0")});
    const audit::Score& s = a.results[0].score;
    CHECK(s.played_black == 7);
    CHECK(s.played_white == 1);
    CHECK(s.white_stones == 1);
    count(s.territory, 2, 0.5, "KG territory");
}

TEST_CASE(
    "KataGo fixtures: every record with a numeric RE (or a draw) and a mapped RU "
    "reproduces RE",
    "[audit][katago][shared]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/rules/fixtures-katago";
    if (!fs::is_directory(dir)) SGFAUDIT_SKIP("no " << dir.string());
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    // Not reproduced, so left out by name (docs/rules-notes.md, "KataGo's rules"), and pinned
    // below:
    //   testcommon_089 (area, tax SEKI, RE W+1, counted W+9): no count of this record under its
    //     rules (or others) gives W+1; one of KataGo's neural-net test inputs, not a scored game.
    //   testcommon_092 (territory, HA[3] with two AB stones, KM[32], RE B+22, counted W+3): its
    //     RE was counted with komi 7, not KM's 32 (checked below with komi=7).
    //   testcommon_091 (area, RE B+11.5): the record stops without two passes, so the check is
    //     not_comparable (the board as it stands, counted by KG score, is 17 points away).
    const std::vector<std::string> excluded{"testcommon_089.sgf", "testcommon_091.sgf",
                                            "testcommon_092.sgf"};
    int compared = 0;
    for (const fs::path& f : files) {
        if (std::find(excluded.begin(), excluded.end(), f.filename().string()) != excluded.end()) {
            continue;
        }
        std::ifstream in(f, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        const sgf::Document doc = sgf::read_document(f.string(), text.str());
        for (std::size_t g = 0; g < doc.games().size(); ++g) {
            const sgf::GameRecord rec = sgf::read_record(doc, g);
            if (!rec.auditable || !rec.result ||
                (rec.result->kind != sgf::ResultKind::score &&
                 rec.result->kind != sgf::ResultKind::draw)) {
                continue;
            }
            const audit::RuMapping m = audit::map_ru(rec.rules);
            if (!m.ruleset || m.ruleset->dead != audit::DeadRule::pass_alive) continue;
            audit::AuditOptions opt;
            opt.dead = audit::DeadPolicy::automatic;
            const std::vector<audit::Ruleset> rulesets{*m.ruleset};
            const audit::GameAudit a = audit::audit_game(rec, rulesets, opt);
            INFO(f.filename().string() << " RU " << rec.rules << " RE " << a.record.recorded);
            CHECK(audit::to_string(a.record.check) == audit::to_string(audit::RecordCheck::match));
            ++compared;
        }
    }
    CHECK(compared == 8);

    // testcommon_092: with komi 7 the count is RE's B+22 exactly (KM[32] is the record's error).
    const sgf::GameRecord rec = read_only_game(dir / "embedded_from_cpp_tests/testcommon_092.sgf");
    audit::Ruleset r = from_ru(rec.rules);
    r.komi_override = 7;
    const std::vector<audit::Ruleset> rulesets{r};
    const audit::GameAudit a = audit::audit_game(rec, rulesets, {});
    count(a.results[0].score.territory, 21, -1, "testcommon_092 with komi 7");

    // testcommon_089: two passes end it with 109 of its 208 points empty and reaching both
    // colours; every region touches one, so under tax SEKI no territory counts (KG tax): B 44
    // stones, W 46 + komi 7 = 53, W+9, a mismatch with RE W+1, which the record check reports.
    const sgf::GameRecord rec89 =
        read_only_game(dir / "embedded_from_cpp_tests/testcommon_089.sgf");
    const audit::Ruleset r89 = from_ru(rec89.rules);
    CHECK(r89.seki_eyes == audit::SekiEyes::independent);
    const std::vector<audit::Ruleset> rulesets89{r89};
    const audit::GameAudit a89 = audit::audit_game(rec89, rulesets89, {});
    const audit::Score& s89 = a89.results[0].score;
    CHECK(s89.black_territory == 0);
    CHECK(s89.white_territory == 0);
    CHECK(s89.neutral == 118);
    count(s89.area, 44, 53, "testcommon_089");
    CHECK(audit::to_string(a89.record.check) == audit::to_string(audit::RecordCheck::mismatch));
}

TEST_CASE("KG end: a record that stops where every point is pass-alive is counted",
          "[audit][katago]") {
    // 8x2, set up but for Black's last play at ab (0,1):
    //   .X.XO.O.   Black's one string has the eyes aa and ca, White's the eyes fa and ha: both
    //   XXXXOOOO   pass-alive, each eye one point touching its owner. The record stops there
    // without passes; KataGo's programs end such a game and count it (KG end): B 6 + 2 = 8,
    // W 6 + 2 + 0.5 = 8.5, W+0.5 as RE says.
    const std::vector<std::string> board = {".X.XO.O.", ".XXXOOOO"};
    const std::string ru = "RU[koPOSITIONALscoreAREAtaxNONEsui1]";
    const auto a = run(game_sgf(board, "KM[0.5]" + ru + "RE[W+0.5]", "B@ab"),
                       {from_ru("koPOSITIONALscoreAREAtaxNONEsui1"), spec("tromp-taylor")});
    CHECK(a.results[0].end == audit::EndKind::all_pass_alive);
    CHECK(a.results[0].score.scored);
    count(a.results[0].score.area, 8, 8.5, "KG end");
    CHECK(audit::to_string(a.record.check) == audit::to_string(audit::RecordCheck::match));
    // Tromp-Taylor's own end is two passes: KG end does not end it there; RE being a score, the
    // record was counted at its end (R13).
    CHECK(a.results[1].end == audit::EndKind::counted);
    // One eye fewer for White (ha filled): White's string is not pass-alive, so the game is not
    // over by KataGo's programs either: without RE it is not ended, and with RE a score it was
    // counted there (R13), not ended by KG end.
    const std::vector<std::string> one_eye = {".X.XO.OO", ".XXXOOOO"};
    const auto b = run(game_sgf(one_eye, "KM[0.5]" + ru, "B@ab"),
                       {from_ru("koPOSITIONALscoreAREAtaxNONEsui1")});
    CHECK(b.results[0].end == audit::EndKind::record_end);
    const auto b_re = run(game_sgf(one_eye, "KM[0.5]" + ru + "RE[W+0.5]", "B@ab"),
                          {from_ru("koPOSITIONALscoreAREAtaxNONEsui1")});
    CHECK(b_re.results[0].end == audit::EndKind::counted);
    // 8x4: both strings pass-alive (Black's eyes ea and ec, White's ha and hc), but Black's
    //   ...X.XO.   territory on the left has eight points that touch no black stone: a region
    //   ...XXXOO   with more than one such point is not over for KataGo's programs (they play
    //   ...X.XO.   on), so the record stopping there is not counted.
    //   ...XXXOO
    const std::vector<std::string> big = {"...X.XO.", "...XXXOO", "...X.XO.", "....XXOO"};
    const auto c =
        run(game_sgf(big, "KM[0.5]" + ru, "B@dd"), {from_ru("koPOSITIONALscoreAREAtaxNONEsui1")});
    CHECK(c.results[0].end == audit::EndKind::record_end);
}
