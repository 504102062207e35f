// Real records (rules.md section 7, revision 2): one or more cases per decision R1-R10,
// each named by its id. Expected values come from the text of section 7 and the seeds, computed
// by hand; the count formulas and the move notation are those of catalogue.test.cpp.

#include <algorithm>

#include "catalogue_support.hpp"

using namespace catalogue;
using audit::IssueSeverity;

namespace {

const std::vector<std::string> empty5 = {".....", ".....", ".....", ".....", "....."};

const audit::RecordIssue* find_issue(const audit::GameAudit& a, std::string_view code) {
    for (const audit::RecordIssue& i : a.record_issues)
        if (audit::to_string(i.code()) == code) return &i;
    return nullptr;
}

// The facts of the handicap_inferred issue, or nullptr.
const audit::issue::HandicapInferred* inferred(const audit::GameAudit& a) {
    const audit::RecordIssue* i = find_issue(a, "handicap_inferred");
    return i == nullptr ? nullptr : &std::get<audit::issue::HandicapInferred>(i->payload);
}

// The board coordinates of the stones the handicap_inferred issue names, space-separated.
std::string inferred_at(const audit::GameAudit& a) {
    if (inferred(a) == nullptr) return "";
    std::string out;
    for (const sgf::Point& p : inferred(a)->stones) {
        out += (out.empty() ? "" : " ") + audit::board_coordinates(p, a.height);
    }
    return out;
}

std::size_t issue_count(const audit::GameAudit& a, std::string_view code) {
    return static_cast<std::size_t>(std::count_if(
        a.record_issues.begin(), a.record_issues.end(),
        [&](const audit::RecordIssue& i) { return audit::to_string(i.code()) == code; }));
}

// The record issue `code` is there once, at `move`, with `severity`.
void issue(const audit::GameAudit& a, std::string_view code, std::uint32_t move,
           IssueSeverity severity) {
    INFO("record issue " << code);
    const audit::RecordIssue* i = find_issue(a, code);
    REQUIRE(i != nullptr);
    CHECK(issue_count(a, code) == 1);
    CHECK(i->move == move);
    CHECK(audit::to_string(i->severity) == audit::to_string(severity));
}

void no_issue(const audit::GameAudit& a, std::string_view code) {
    INFO("record issue " << code);
    CHECK(find_issue(a, code) == nullptr);
}

audit::GameAudit run_text(const std::string& text, const audit::AuditOptions& options = {}) {
    return run(text, presets(), options);
}

audit::AuditOptions stop_policy() {
    audit::AuditOptions o;
    o.on_illegal = audit::IllegalPolicy::stop;
    return o;
}

}  // namespace

// =============================================================================================
// R1 PL

TEST_CASE("R1: PL in a setup node after the root names the player to move (KataGo's records)",
          "[audit][real][R1]") {
    // Root setup without HA, then a node with only PL[W]: White moves first, and the plays
    // alternate from there: W1, B2, W3 pass, B4 pass.
    const auto a =
        run_text("(;GM[1]FF[4]SZ[5]KM[0.5]AB[aa][ab]AW[ea][eb];PL[W];W[cc];B[cd];W[];B[])");
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 4);
    }
    no_issue(a, "out_of_turn");
}

TEST_CASE("R1: after a node with PL a play by the other colour is out of turn",
          "[audit][real][R1]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5]AB[aa]AW[ee];PL[W];B[cc];W[dd])");
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) {
        illegal(r, 1, Reason::out_of_turn, "", std::nullopt);
        legal(r, 2);
    }
    issue(a, "out_of_turn", 1, IssueSeverity::error);
}

TEST_CASE("R1: PL in the middle of the game: the alternation continues from it",
          "[audit][real][R1]") {
    // B1, W2, then PL[W]: W3 is in turn, B4 too.
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[bb];PL[W];W[cc];B[dd])");
    for (const auto& r : a.results) illegal_count(r, 0);
    no_issue(a, "out_of_turn");
    // Without the PL, W3 would be out of turn.
    const auto b = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[bb];W[cc];B[dd])");
    for (const auto& r : b.results) illegal(r, 3, Reason::out_of_turn, "", std::nullopt);
}

TEST_CASE("R1: PL in the root names the first player of a game without setup",
          "[audit][real][R1]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5]PL[W];W[aa];B[bb])");
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) illegal_count(r, 0);
}

// =============================================================================================
// R2 Moves and off-board plays

TEST_CASE("R2: a play off the board is a numbered move, the record error off_board, skipped",
          "[audit][real][R2]") {
    // B1 cc, W2 zz (off the 5x5 board), B3 dd, W4 ee, B5 pass, W6 pass. W2 takes White's turn,
    // so B3 is in turn; later move numbers are not shifted.
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[zz];B[dd];W[ee];B[];W[])");
    CHECK(a.moves == 6);
    for (const auto& r : a.results) {
        illegal(r, 2, Reason::off_board, "", std::nullopt);
        CHECK_FALSE(find_illegal(r, 2)->applied);
        illegal_count(r, 1);
        ends(r, EndKind::two_passes, 6);
        CHECK(r.score.white_stones == 1);
        CHECK(r.score.black_stones == 2);
    }
    issue(a, "off_board", 2, IssueSeverity::error);
    no_issue(a, "out_of_turn");
}

TEST_CASE("R2: any value that is neither a pass nor a point of the board is off the board",
          "[audit][real][R2]") {
    // "1x" is not two letters; "tt" on 5x5 is a pass (boards up to 19x19); "" is a pass.
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[1x];W[tt];B[cc];W[])");
    CHECK(a.moves == 4);
    for (const auto& r : a.results) {
        illegal(r, 1, Reason::off_board, "", std::nullopt);
        illegal_count(r, 1);
        CHECK(r.score.passes_white == 2);
    }
    issue(a, "off_board", 1, IssueSeverity::error);
}

TEST_CASE("R2: tt is a point, not a pass, on a board larger than 19x19", "[audit][real][R2]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[21]KM[0.5];B[tt];W[];B[])");
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        CHECK(r.score.black_stones == 1);
        ends(r, EndKind::two_passes, 3);
    }
}

// =============================================================================================
// R3 Komi

TEST_CASE("R3: a decimal comma is read and reported as komi_quirk (a note)", "[audit][real][R3]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[6,5];B[];W[])");
    for (const auto& r : a.results) {
        CHECK(r.score.komi == 6.5);
        CHECK((r.score.komi_source == audit::KomiSource::record ||
               r.score.komi_source == audit::KomiSource::record_adjusted));
    }
    issue(a, "komi_quirk", 0, IssueSeverity::note);
}

TEST_CASE("R3: a quarter komi is kept as written", "[audit][real][R3]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[2.75];B[];W[])");
    for (const auto& r : a.results) {
        CHECK(r.score.komi == 2.75);
        CHECK(r.score.komi_source == audit::KomiSource::record);
        // 25 empty points touch no stone: neutral; W = 2.75.
        CHECK(r.score.area.white == Approx(2.75));
    }
    no_issue(a, "komi_quirk");
}

TEST_CASE("R3: Fox's integer komi: KM/100, or KM/50 where KM/100 ends in .25 or .75",
          "[audit][real][R3]") {
    struct Row {
        std::string km;
        double komi;
    };
    for (const Row& row : {Row{"650", 6.5}, Row{"375", 7.5}, Row{"325", 6.5}, Row{"-650", -6.5},
                           Row{"100", 1}, Row{"10000", 100}}) {
        INFO("KM[" << row.km << "]");
        const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[" + row.km + "];B[];W[])");
        for (const auto& r : a.results) {
            CHECK(r.score.komi == row.komi);
            CHECK(r.score.komi_source == audit::KomiSource::record_adjusted);
            CHECK(r.score.komi_text == row.km);
        }
        issue(a, "komi_quirk", 0, IssueSeverity::note);
    }
}

TEST_CASE("R3: other komi are used as written", "[audit][real][R3]") {
    // Integer but not a multiple of 25, under 100, or not an integer: as written.
    struct Row {
        std::string km;
        double komi;
    };
    for (const Row& row : {Row{"101", 101}, Row{"99", 99}, Row{"650.5", 650.5}, Row{"2704", 2704},
                           Row{"0", 0}, Row{"-7.5", -7.5}}) {
        INFO("KM[" << row.km << "]");
        const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[" + row.km + "];B[];W[])");
        for (const auto& r : a.results) {
            CHECK(r.score.komi == row.komi);
            CHECK(r.score.komi_source == audit::KomiSource::record);
        }
        no_issue(a, "komi_quirk");
    }
}

TEST_CASE("R3: an unreadable KM gives the default komi, reported", "[audit][real][R3]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[abc];B[];W[])");
    for (const auto& r : a.results) {
        CHECK(r.score.komi == 7.5);
        CHECK(r.score.komi_source == audit::KomiSource::km_unreadable);
    }
}

// =============================================================================================
// R4 Handicap count, R9 a White play during placement

TEST_CASE("R4, R9: a White play during placement by plays ends it, is in turn, n = stones placed",
          "[audit][real][R4][R9]") {
    // HA[3] without AB: B1 ba, B2 bb, then W3 ca before the third stone. The placement ends
    // with n = 2; W3 is in turn. The rest is the wall game of the HA[2] catalogue case, so the
    // counts are the same as there (n = 2: AGA/FFG bonus 1).
    const auto a = run(game_sgf(empty5, "HA[3]KM[0.5]",
                                "B@ba B@bb W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B- W-"));
    CHECK(a.handicap == 2);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 13);
        CHECK(r.score.handicap == 2);
    }
    CHECK(a.results[AGA].score.handicap_bonus == 1);
    CHECK(a.results[FFG].score.handicap_bonus == 1);
    counts(a, {10, 15.5, 5, 10.5, 10, 16.5, 3, 9.5, 10, 16.5, 3, 9.5});
    issue(a, "placement_interrupted", 3, IssueSeverity::error);
    no_issue(a, "out_of_turn");
}

TEST_CASE("R4: White's passes during placement hand over no pass stone", "[audit][real][R4]") {
    // HA[2] without AB: B1 ba, W2 pass (FFG preliminary rule), B3 bb, then the wall game.
    // W2 is part of the placement: pW counts only the final pass, so the counts are those of
    // the HA[2] catalogue case.
    const auto a = run(game_sgf(empty5, "HA[2]KM[0.5]",
                                "B@ba W- B@bb W@ca B@bc W@cb B@bd W@cc B@be W@cd B- W@ce B- W-"));
    CHECK(a.handicap == 2);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 14);
        CHECK(r.score.passes_white == 1);
        CHECK(r.score.passes_black == 2);
    }
    counts(a, {10, 15.5, 5, 10.5, 10, 16.5, 3, 9.5, 10, 16.5, 3, 9.5});
    no_issue(a, "placement_interrupted");
}

TEST_CASE("R4: a pass of White's during placement is never part of a double pass",
          "[audit][real][R4]") {
    // HA[2] without AB: B1 ba, W2 pass (placement), B3 pass (ends the placement: n = 1),
    // W4 pass. W2 + B3 is no double pass; B3 + W4 is, at move 4.
    const auto a = run(game_sgf(empty5, "HA[2]KM[0.5]", "B@ba W- B- W-"));
    CHECK(a.handicap == 1);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 4);
        CHECK(r.score.passes_white == 1);
        CHECK(r.score.handicap_bonus == 0);
    }
    issue(a, "placement_interrupted", 3, IssueSeverity::error);
}

TEST_CASE("R4: setup placement: n = min(HA, Black setup stones before the first move)",
          "[audit][real][R4]") {
    // HA[4] with three AB stones: n = 3, bonus 2 under AGA and FFG.
    const auto a = run("(;GM[1]FF[4]SZ[9]HA[4]KM[0.5]AB[cc][gg][cg];W[gc];B[];W[])");
    CHECK(a.handicap == 3);
    CHECK(a.first_player == game::Color::white);
    CHECK(a.results[AGA].score.handicap_bonus == 2);
    CHECK(a.results[TT].score.handicap_bonus == 0);
    CHECK(find_issue(a, "handicap_mismatch") != nullptr);
}

// =============================================================================================
// R5 Missing handicap stones

TEST_CASE("R5: HA without stones and White first on 19x19: GTP 2's fixed_handicap is inferred",
          "[audit][real][R5]") {
    // HA[4]: D4 Q16 D16 Q4. W1 R3 (qr), B2 C17 (cc), W3 pass, B4 pass. Black has 4 + 1 stones,
    // White 1; the one empty region touches both: neutral. n = 4: AGA/FFG bonus 3.
    const auto a = run("(;GM[1]FF[4]SZ[19]HA[4]KM[0.5];W[qr];B[cc];W[];B[])");
    CHECK(a.handicap == 4);
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        ends(r, EndKind::two_passes, 4);
        CHECK(r.score.black_stones == 5);
        CHECK(r.score.white_stones == 1);
    }
    CHECK(a.results[TT].score.area.black == 5);
    CHECK(a.results[TT].score.area.white == 1.5);
    CHECK(a.results[AGA].score.area.white == 4.5);
    issue(a, "handicap_missing", 0, IssueSeverity::error);
    issue(a, "handicap_inferred", 0, IssueSeverity::note);
    CHECK_THAT(inferred_at(a), Catch::Contains("D4"));
    no_issue(a, "out_of_turn");
}

TEST_CASE("R5: the inferred stones stand on GTP 2's points (a play there is occupied)",
          "[audit][real][R5]") {
    // HA[4] on 19x19 has one layout; W1 at D4 (dp) lands on its stone: it is still taken.
    const auto a = run("(;GM[1]FF[4]SZ[19]HA[4]KM[0.5];W[dp];B[cc])");
    for (const auto& r : a.results) illegal(r, 1, Reason::occupied, "", std::nullopt);
    issue(a, "occupied", 1, IssueSeverity::error);
    issue(a, "handicap_inferred", 0, IssueSeverity::note);
    // 9x9 HA[5]: C3 G7 C7 G3 E5 (third line, tengen).
    const auto b = run("(;GM[1]FF[4]SZ[9]HA[5]KM[0.5];W[ee];B[aa])");
    for (const auto& r : b.results) illegal(r, 1, Reason::occupied, "", std::nullopt);
    const auto c = run("(;GM[1]FF[4]SZ[9]HA[5]KM[0.5];W[cg];B[aa])");
    for (const auto& r : c.results) illegal(r, 1, Reason::occupied, "", std::nullopt);
    const auto d = run("(;GM[1]FF[4]SZ[9]HA[5]KM[0.5];W[dd];B[aa])");
    for (const auto& r : d.results) illegal_count(r, 0);
    // 13x13 HA[2]: D4 and K10 (fourth line).
    const auto e = run("(;GM[1]FF[4]SZ[13]HA[2]KM[0.5];W[jd];B[aa])");
    for (const auto& r : e.results) illegal(r, 1, Reason::occupied, "", std::nullopt);
}

TEST_CASE("R5: for 6 and 7 stones, Fox's older layout (K16, K4) where GTP 2's does not fit",
          "[audit][real][R5]") {
    // HA[6]: GTP 2 places D10 (dj) and Q10 (pj); W1 at D10 does not fit, Fox's layout does.
    const auto a = run("(;GM[1]FF[4]SZ[19]HA[6]KM[0.5];W[dj];B[];W[];B[])");
    CHECK(a.handicap == 6);
    for (const auto& r : a.results) {
        illegal_count(r, 0);
        CHECK(r.score.black_stones == 6);
    }
    CHECK_THAT(inferred_at(a), Catch::Contains("K16"));
    REQUIRE(inferred(a) != nullptr);
    CHECK(inferred(a)->fox_layout);  // Fox's layout
    // W1 at D10 and W3 at K4 (jp): neither layout fits, GTP 2's is taken and W1 is occupied.
    const auto b = run("(;GM[1]FF[4]SZ[19]HA[7]KM[0.5];W[dj];B[aa];W[jp];B[];W[])");
    for (const auto& r : b.results) {
        illegal(r, 1, Reason::occupied, "", std::nullopt);
        legal(r, 3);
    }
    CHECK_THAT(inferred_at(b), Catch::Contains("D10"));
    REQUIRE(inferred(b) != nullptr);
    CHECK_FALSE(inferred(b)->fox_layout);  // GTP 2's layout
}

TEST_CASE("R5: where GTP 2 defines no layout nothing is placed, White is in turn, n = 0",
          "[audit][real][R5]") {
    for (const std::string root : {"SZ[15]HA[2]", "SZ[19]HA[10]", "SZ[7]HA[2]"}) {
        INFO(root);
        const auto a = run("(;GM[1]FF[4]" + root + "KM[0.5];W[aa];B[ab];W[];B[])");
        CHECK(a.handicap == 0);
        CHECK(a.first_player == game::Color::white);
        for (const auto& r : a.results) {
            illegal_count(r, 0);
            CHECK(r.score.black_stones == 1);
            CHECK(r.score.handicap_bonus == 0);
        }
        issue(a, "handicap_missing", 0, IssueSeverity::error);
        no_issue(a, "handicap_inferred");
    }
}

TEST_CASE("R5: HA without stones and Black first is placement by plays, not missing stones",
          "[audit][real][R5]") {
    const auto a = run("(;GM[1]FF[4]SZ[19]HA[2]KM[0.5];B[dp];B[pd];W[qq])");
    CHECK(a.handicap == 2);
    CHECK(a.handicap_by_plays);
    no_issue(a, "handicap_missing");
    for (const auto& r : a.results) illegal_count(r, 0);
}

// =============================================================================================
// R6 Setup before the first move

TEST_CASE("R6: setup before the first move in a later node is part of the start position",
          "[audit][real][R6]") {
    // Fox puts the handicap in the second node: HA[2] and AB there make a handicap game
    // placed with AB, White first.
    const auto a = run("(;GM[1]FF[4]SZ[9]HA[2]KM[0.5];AB[cc][gg];W[gc];B[cg];W[];B[])");
    CHECK(a.handicap == 2);
    CHECK(a.first_player == game::Color::white);
    for (const auto& r : a.results) illegal_count(r, 0);
    issue(a, "setup_after_root", 0, IssueSeverity::note);
}

// =============================================================================================
// R7 Stop policy

TEST_CASE(
    "R7: a ruleset stopped at an illegal play ends with the move before it and is counted "
    "on the state before it",
    "[audit][real][R7]") {
    // .O...   B1 dd, W2 dc, B3 aa: a one-stone suicide, illegal everywhere (AGA 5, FFG 3; TT 7 +
    // O....   TT 6). Under `stop` every ruleset ends with move 2, on the board before B3: no
    // .....   stone lost to the suicide, White made the last turn (e = 0).
    const std::vector<std::string> board = {".O...", "O....", ".....", ".....", "....."};
    const auto text = game_sgf(board, "KM[0.5]", "B@dd W@dc B@aa W@ee");
    const auto stopped = run(text, presets(), stop_policy());
    for (const auto& r : stopped.results) {
        INFO(r.ruleset.name);
        CHECK(audit::to_string(r.end) == audit::to_string(EndKind::stopped));
        CHECK(r.end_move == 2);
        CHECK(r.score.captures_by_white == 0);
        CHECK_FALSE(r.score.black_moved_last);
        CHECK(r.score.black_stones == 1);
        CHECK(r.score.white_stones == 3);
    }
    // As it stands the suicided stone is White's prisoner and the game goes on.
    const auto as_is = run(text);
    for (const auto& r : as_is.results) {
        CHECK(r.score.captures_by_white == 1);
        CHECK(r.end_move == 4);
    }
}

TEST_CASE("R7: a stop at an out-of-turn pass counts the passes before it", "[audit][real][R7]") {
    // B1 cc, W2 pass, W3 pass out of turn: stopped with move 2; White has passed once.
    const auto a = run("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[];W[])", presets(), stop_policy());
    for (const auto& r : a.results) {
        CHECK(audit::to_string(r.end) == audit::to_string(EndKind::stopped));
        CHECK(r.end_move == 2);
        CHECK(r.score.passes_white == 1);
        CHECK_FALSE(r.score.black_moved_last);
    }
}

// =============================================================================================
// R8 A skipped play after a double pass

TEST_CASE("R8: a skipped play after a double pass never resumes the game", "[audit][real][R8]") {
    // B1 cc, W2 dd, B3 pass, W4 pass (double pass), B5 cc (occupied, skipped).
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[dd];B[];W[];B[cc])");
    for (const auto& r : a.results) {
        ends(r, EndKind::two_passes, 4);
        CHECK_FALSE(r.resumed);
    }
    // Under `final` (TT 8) B5 is outside the game; under `resumable` it is judged, and skipped.
    CHECK(a.results[TT].moves_after_end == 1);
    illegal_count(a.results[TT], 0);
    illegal(a.results[AGA], 5, Reason::occupied, "", std::nullopt);
    illegal(a.results[FFG], 5, Reason::occupied, "", std::nullopt);
    // The same with B5 off the board.
    const auto b = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[dd];B[];W[];B[zz])");
    for (const auto& r : b.results) ends(r, EndKind::two_passes, 4);
}

TEST_CASE("R8: a later board play after the skipped one resumes it (resumable)",
          "[audit][real][R8]") {
    // ... W4 pass (double pass), B5 occupied, W6 ee: a board play resumes AGA's and FFG's game,
    // which then ends with the record; TT's ended at move 4 (final).
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[dd];B[];W[];B[cc];W[ee])");
    ends(a.results[TT], EndKind::two_passes, 4);
    for (std::size_t i : {AGA, FFG}) {
        ends(a.results[i], EndKind::record_end, 6);
        CHECK(a.results[i].resumed);
    }
}

// =============================================================================================
// R10 Severity

TEST_CASE(
    "R10: notes are encodings the tool normalises - errors are records that cannot be "
    "what was played",
    "[audit][real][R10]") {
    // One Black stone and White to move: OGS's one-stone handicap, a note.
    const auto ogs = run("(;GM[1]FF[4]SZ[9]KM[0.5]AB[ee];W[cc];B[gg])");
    issue(ogs, "setup_without_handicap", 0, IssueSeverity::note);
    const auto ogs_pl = run("(;GM[1]FF[4]SZ[9]KM[0.5]AB[ee]PL[W];W[cc];B[gg])");
    issue(ogs_pl, "setup_without_handicap", 0, IssueSeverity::note);
    // Other setup without a handicap: an error.
    const auto two = run("(;GM[1]FF[4]SZ[9]KM[0.5]AB[ee][cc];W[gg];B[gc])");
    issue(two, "setup_without_handicap", 0, IssueSeverity::error);
    const auto black_first = run("(;GM[1]FF[4]SZ[9]KM[0.5]AB[ee];B[cc];W[gg])");
    issue(black_first, "setup_without_handicap", 0, IssueSeverity::error);
    // HA[1]: a note.
    const auto one = run("(;GM[1]FF[4]SZ[9]HA[1]KM[0.5];B[cc];W[gg])");
    issue(one, "handicap_one", 0, IssueSeverity::note);
    // Out of turn: an error.
    const auto twice = run("(;GM[1]FF[4]SZ[9]KM[0.5];B[cc];B[gg])");
    issue(twice, "out_of_turn", 2, IssueSeverity::error);
}

TEST_CASE("R10: a play illegal under the record's own modelled rules is an error",
          "[audit][real][R10]") {
    // aXO..   B1 a (aa) joins ba; the string {aa, ba} has no liberty (ab, bb, ca are White's)
    // OO...   and captures nothing: a two-stone suicide, legal under TT (TT 7, and the board
    // .....   after it is new), illegal under AGA 5 and FFG 3. RU[AGA] names the record's rules.
    const std::vector<std::string> board = {"aXO..", "OO...", ".....", ".....", "....."};
    const auto with_ru = run(game_sgf(board, "KM[0.5]RU[AGA]", "Ba W@ee"));
    for (std::size_t i : {AGA, FFG}) illegal(with_ru.results[i], 1, Reason::suicide, "", {});
    legal(with_ru.results[TT], 1);
    issue(with_ru, "illegal_under_record_rules", 1, IssueSeverity::error);
    // Without RU the same play is a rule divergence only.
    const auto without = run(game_sgf(board, "KM[0.5]", "Ba W@ee"));
    no_issue(without, "illegal_under_record_rules");
    CHECK(has_divergence(without, audit::DivergenceKind::legality, 1));
}

TEST_CASE("R2: an off-board value that is not two letters is named as such", "[audit][real][R2]") {
    const auto a = run_text("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[x];B[])");
    const audit::RecordIssue* i = find_issue(a, "off_board");
    REQUIRE(i != nullptr);
    CHECK(i->move == 2);
    const auto& off = std::get<audit::issue::OffBoard>(i->payload);
    CHECK(off.color == game::Color::white);
    CHECK(off.point == sgf::kNoPoint);  // report::issue_message: "(a value that is not a point)"
    CHECK(find_illegal(a.results[TT], 2)->point == sgf::kNoPoint);
}

TEST_CASE("R5: an inferred stone never replaces a White setup stone", "[audit][real][R5]") {
    // HA[2] on 9x9 (C3 G7), AW at C3: GTP 2's layout does not fit and is the only one; it is
    // taken without the stone on C3.
    const auto a = run("(;GM[1]FF[4]SZ[9]HA[2]KM[0.5]AW[cg];W[ee];B[];W[])");
    for (const auto& r : a.results) {
        CHECK(r.score.black_stones == 1);
        CHECK(r.score.white_stones == 2);
    }
    issue(a, "handicap_inferred", 0, IssueSeverity::note);
}

// ---------------------------------------------------------------------------------------------
// Cheap checks of RE (issue 15, after sgfcheck), whatever the RU

namespace {

std::vector<std::string> plausibility_codes(const std::string& text) {
    const audit::GameAudit a = run_text(text);
    std::vector<std::string> out;
    for (const audit::RecordIssue& i : a.record_issues) {
        if (audit::to_string(i.code()).starts_with("result_") ||
            audit::to_string(i.code()) == "resigner_moved_last") {
            out.push_back(std::string(audit::to_string(i.code())) + "/" +
                          std::string(audit::to_string(i.severity)));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("RE checks: a margin larger than any count of the board is an error",
          "[audit][real][result]") {
    // 5x5: 25 points + komi 0.5 + 2 passes + 1 = 28.5 at most.
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+30.5];B[cc];W[];B[])") ==
          std::vector<std::string>{"result_impossible_margin/error"});
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+24.5];B[cc];W[];B[])").empty());
}

TEST_CASE("RE checks: a half-point margin with a whole komi (or the reverse) is a note",
          "[audit][real][result]") {
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+24];B[cc];W[];B[])") ==
          std::vector<std::string>{"result_komi_parity/note"});
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[6]RE[W+2.5];B[cc];W[];B[])") ==
          std::vector<std::string>{"result_komi_parity/note"});
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[6]RE[W+2];B[cc];W[];B[])").empty());
    // Without KM nothing is known.
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]RE[B+24];B[cc];W[];B[])").empty());
}

TEST_CASE("RE checks: a resignation by the player who made the last turn is a note",
          "[audit][real][result]") {
    // W+R: Black resigned, and Black made the last turn (B[dd]).
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R];B[cc];W[cd];B[dd])") ==
          std::vector<std::string>{"resigner_moved_last/note"});
    // B+R after Black's last play: White resigned on White's turn, as usual.
    CHECK(plausibility_codes("(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+R];B[cc];W[cd];B[dd])").empty());
}
