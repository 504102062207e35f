// The check report writers on a GameAudit built by hand: every field appears, JSON escaping and
// numbers, the board diagram crop.

#include "sgfaudit/report/check.hpp"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "json_check.hpp"
#include "sgfaudit/audit/ruleset.hpp"

using namespace sgfaudit;
using sgfaudit_test::json_valid;

namespace {

// A 19x19 board with a few stones, rows top to bottom.
// A position from text rows ('.', 'X', 'O', each row ended by '\n'); rows of unequal widths
// give a position whose cells do not fill width x height (not a board).
audit::Position position(std::string_view rows) {
    audit::Position p;
    while (!rows.empty()) {
        const std::size_t eol = rows.find('\n');
        const std::string_view row = rows.substr(0, eol);
        if (p.height == 0) p.width = static_cast<int>(row.size());
        ++p.height;
        for (const char c : row) {
            p.cells.push_back(c == 'X'   ? game::Cell::black
                              : c == 'O' ? game::Cell::white
                                         : game::Cell::empty);
        }
        if (eol == std::string_view::npos) break;
        rows.remove_prefix(eol + 1);
    }
    return p;
}

std::string board_picture(int marked_x, int marked_y, char stone) {
    std::string out;
    for (int y = 0; y < 19; ++y) {
        for (int x = 0; x < 19; ++x) {
            char c = '.';
            if (x == marked_x && y == marked_y) c = stone;
            if (x == marked_x + 1 && y == marked_y) c = 'O';
            out += c;
        }
        out += '\n';
    }
    return out;
}

audit::GameAudit sample_audit() {
    audit::GameAudit a;
    a.width = a.height = 19;
    a.handicap = 2;
    a.first_player = game::Color::white;
    a.moves = 212;

    audit::RulesetResult tt;
    tt.ruleset = *audit::preset("tromp-taylor");
    audit::Illegal ko;
    ko.move = 57;
    ko.color = game::Color::black;
    ko.point = sgf::Point{3, 3};  // dd = D16
    ko.reason = audit::Reason::positional_superko;
    ko.clause = "TT 6";
    ko.repeats_move = 53;
    tt.illegal.push_back(ko);
    audit::Illegal turn;
    turn.move = 80;
    turn.color = game::Color::white;
    turn.pass = true;
    turn.reason = audit::Reason::out_of_turn;
    turn.clause = "TT 5";
    tt.illegal.push_back(turn);
    tt.end = audit::EndKind::two_passes;
    tt.end_move = 210;
    tt.moves_after_end = 2;
    audit::Score& s = tt.score;
    s.scored = true;
    s.black_stones = 91;
    s.white_stones = 88;
    s.black_territory = 93;
    s.white_territory = 86;
    s.neutral = 3;
    s.captures_by_black = 4;
    s.captures_by_white = 6;
    s.dead_black = 1;
    s.dead_white = 2;
    s.passes_black = 1;
    s.passes_white = 2;
    s.white_extra_pass = true;
    s.pass_stones_to_black = 2;
    s.pass_stones_to_white = 1;
    s.black_moved_last = true;
    s.komi = 0.5;
    s.komi_source = audit::KomiSource::record;
    s.handicap = 2;
    s.handicap_bonus = 1;
    s.dead_source = audit::DeadSource::markup;
    s.area = audit::Count{184, 177.5, audit::Winner::black, 6.5};
    s.territory = audit::Count{-0.5, 0.5, audit::Winner::white, 1};
    s.quick = audit::Count{3, 3, audit::Winner::draw, 0};
    s.decisive = audit::Scoring::area;
    a.results.push_back(tt);

    audit::RulesetResult aga;
    aga.ruleset = *audit::preset("aga");
    aga.ruleset.komi_override = 6.5;
    aga.end = audit::EndKind::record_end;
    aga.end_move = 212;
    aga.resumed = true;
    aga.score.komi_source = audit::KomiSource::komi_override;
    aga.score.decisive = audit::Scoring::territory;
    aga.score.territory = audit::Count{10, 12.5, audit::Winner::white, 2.5};
    a.results.push_back(aga);

    audit::Divergence d;
    d.kind = audit::DivergenceKind::legality;
    d.move = 57;
    d.color = game::Color::black;
    d.has_point = true;
    d.point = sgf::Point{3, 3};
    d.clause = "TT 6 / AGA 6";
    audit::Verdict v0;
    v0.ruleset = 0;
    v0.legal = false;
    v0.reason = audit::Reason::positional_superko;
    v0.clause = "TT 6";
    v0.repeats_move = 53;
    audit::Verdict v1;
    v1.ruleset = 1;
    d.verdicts = {v0, v1};
    d.board_before = position(board_picture(3, 3, '.'));
    d.board_after = position(board_picture(3, 3, 'X'));
    a.divergences.push_back(d);
    audit::Divergence outcome;
    outcome.kind = audit::DivergenceKind::outcome;
    outcome.verdicts = {audit::Verdict{0, true, {}, {}, {}, audit::CountKind::area},
                        audit::Verdict{1, true, {}, {}, {}, audit::CountKind::territory}};
    a.divergences.push_back(outcome);

    a.record_issues.push_back(
        {.move = 80,
         .offset = 120,
         .payload = audit::issue::OutOfTurn{.color = game::Color::white, .pass = true}});
    a.record.check = audit::RecordCheck::mismatch;
    a.record.recorded = "W+3.5";
    a.record.rules = "AGA";
    a.record.mapped = "aga";
    a.record.counted_under = "aga";
    a.record.count = audit::Count{10, 12.5, audit::Winner::white, 2.5};
    a.record.decisive = audit::Scoring::territory;
    a.record.why = audit::RecordReason::margin_differs;
    a.record.dead_source = audit::DeadSource::markup;
    a.record.difference = -1.0;
    return a;
}

struct Fixture {
    audit::GameAudit a = sample_audit();
    std::vector<sgf::Location> locations{sgf::Location{7, 12}};
    std::vector<sgf::Diagnostic> diagnostics{sgf::Diagnostic{sgf::Severity::warning, "S220",
                                                             "g\"1\".sgf", sgf::Location{2, 3},
                                                             "free text \"x\"\ttab", 0}};
    report::CheckInput input() const {
        report::CheckInput in;
        in.file = "g\"1\".sgf";
        in.game = 0;
        in.black_name = "Kitani\nMinoru";
        in.black_rank = "9p";
        in.white_name = "本因坊秀哉";
        in.white_rank = "";
        in.rules = "AGA";
        in.result = "W+3.5";
        in.komi = 0.5;
        in.komi_text = "0.5";
        in.options.dead = audit::DeadPolicy::markup;
        in.audit = &a;
        in.issue_locations = locations;
        in.diagnostics = diagnostics;
        return in;
    }
};

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

// The game of `f` written in the compact and the full form, each checked to be valid JSON.
std::pair<std::string, std::string> both_forms(const Fixture& f) {
    std::ostringstream compact, full;
    report::write_check_json(compact, f.input());
    report::write_check_json(full, f.input(), report::GameJson::full);
    INFO(compact.str());
    CHECK(json_valid(compact.str()));
    CHECK(json_valid(full.str()));
    return {compact.str(), full.str()};
}

}  // namespace

TEST_CASE("json_string escapes quotes, backslashes and control characters, passes UTF-8",
          "[report][json]") {
    CHECK(report::json_string("a\"b\\c") == R"("a\"b\\c")");
    CHECK(report::json_string("\n\r\t\b\f") == R"("\n\r\t\b\f")");
    CHECK(report::json_string(std::string("\x01\x1f\x7f", 3)) == R"("\u0001\u001f\u007f")");
    CHECK(report::json_string(std::string("a\0b", 3)) == R"("a\u0000b")");
    CHECK(report::json_string("本因坊 é") == "\"本因坊 é\"");
    CHECK(report::json_string("") == "\"\"");
}

TEST_CASE("json_number writes the shortest decimal", "[report][json]") {
    CHECK(report::json_number(7.5) == "7.5");
    CHECK(report::json_number(184) == "184");
    CHECK(report::json_number(-0.5) == "-0.5");
    CHECK(report::json_number(0.0) == "0");
    CHECK(report::json_number(-0.0) == "0");
    CHECK(report::json_number(0.1) == "0.1");
    CHECK(report::json_number(2704) == "2704");
    CHECK(report::json_number(std::numeric_limits<double>::infinity()) == "null");
    CHECK(report::json_number(-std::numeric_limits<double>::infinity()) == "null");
    CHECK(report::json_number(std::numeric_limits<double>::quiet_NaN()) == "null");
    CHECK(report::json_number(-std::numeric_limits<double>::quiet_NaN()) == "null");
}

TEST_CASE("json_number's fast path for whole and half numbers writes fmt's digits",
          "[report][json]") {
    // Every multiple of 0.25 in [-3000, 3000] (quarters take the general path), and the edges
    // of the fast path.
    for (int quarters = -12000; quarters <= 12000; ++quarters) {
        const double v = quarters / 4.0;
        if (v == 0) continue;
        REQUIRE(report::json_number(v) == fmt::format("{}", v));
    }
    for (const double v : {999999999.5,
                           -999999999.5,
                           1e9,
                           -1e9,
                           1e9 + 0.5,
                           123456789.0,
                           1e15,
                           1e16,
                           1e300,
                           5e-324,
                           -5e-324,
                           0.3,
                           -7.25,
                           6.3,
                           9.5,
                           -9.5,
                           99.5,
                           -99.5,
                           100.5,
                           -100.5,
                           1.7976931348623157e308,
                           -1.7976931348623157e308}) {
        CHECK(report::json_number(v) == fmt::format("{}", v));
    }
}

TEST_CASE("crop_diagram shows about 9x9 points around the play with edge coordinates",
          "[report][diagram]") {
    // dd on 19x19 (D16): columns A..J skipping I, rows 19..11.
    const std::string d =
        report::crop_diagram(position(board_picture(3, 3, 'X')), sgf::Point{3, 3});
    const std::string expected =
        "   A B C D E F G H J\n"
        "19 . . . . . . . . . 19\n"
        "18 . . . . . . . . . 18\n"
        "17 . . . . . . . . . 17\n"
        "16 . . .(X)O . . . . 16\n"
        "15 . . . . . . . . . 15\n"
        "14 . . . . . . . . . 14\n"
        "13 . . . . . . . . . 13\n"
        "12 . . . . . . . . . 12\n"
        "11 . . . . . . . . . 11\n"
        "   A B C D E F G H J\n";
    CHECK(d == expected);
}

TEST_CASE("crop_diagram centres the window and marks a play on the right edge",
          "[report][diagram]") {
    std::string board;
    for (int y = 0; y < 19; ++y) board += std::string(19, '.') + "\n";
    board[static_cast<std::size_t>(9 * 20 + 18)] = 'O';  // T10
    const std::string d = report::crop_diagram(position(board), sgf::Point{18, 9});
    CHECK(d.rfind("   L M N O P Q R S T\n", 0) == 0);
    CHECK(contains(d, "14 . . . . . . . . . 14\n"));
    CHECK(contains(d, "10 . . . . . . . .(O)10\n"));
    CHECK(contains(d, " 6 . . . . . . . . . 6\n"));
    CHECK_FALSE(contains(d, "15 "));
    CHECK_FALSE(contains(d, " 5 "));

    // A small board is shown whole.
    const std::string small = report::crop_diagram(position("..\n.X\n"), sgf::Point{1, 1});
    CHECK(small == "  A B\n2 . . 2\n1 .(X)1\n  A B\n");
    CHECK(report::crop_diagram(position(""), sgf::Point{0, 0}).empty());
    CHECK(report::crop_diagram(position("...\n..\n"), sgf::Point{0, 0}).empty());
}

TEST_CASE("write_check_text gives every term, illegal play, divergence and the record check",
          "[report][text]") {
    Fixture f;
    std::ostringstream os;
    report::write_check_text(os, f.input());
    const std::string t = os.str();
    INFO(t);
    // A name's new line is written as a visible escape: it cannot start a line of its own.
    CHECK(t.rfind("g\"1\".sgf game 1: 19x19, B \"Kitani\\x0aMinoru\" 9p vs W \"本因坊秀哉\"", 0) ==
          0);
    CHECK(contains(t, "RU[AGA], RE[W+3.5], KM[0.5]"));
    CHECK(contains(t, "212 moves, handicap 2, White moves first"));
    CHECK(contains(t,
                   "record: mismatch; RE[W+3.5], RU[AGA] -> aga; computed W+2.5 (territory: "
                   "B 10 W 12.5) under aga (the margin differs)"));
    CHECK(contains(
        t, "  g\"1\".sgf:7:12: move 80: out_of_turn (error): move 80: W passes out of turn\n"));
    CHECK(contains(t, "ruleset tromp-taylor:\n"));
    CHECK(contains(t,
                   "    move 57 B D16 (dd): positional_superko (TT 6), repeats the position "
                   "after move 53\n"));
    CHECK(contains(t, "    move 80 W pass: out_of_turn (TT 5)\n"));
    CHECK(contains(t,
                   "  end: two consecutive passes at move 210; the record goes on for 2 more "
                   "moves (outside the game)\n"));
    CHECK(contains(t,
                   "komi 0.5 (record); handicap 2, bonus 1 (White's area); dead stones: "
                   "markup\n"));
    CHECK(contains(t, "Black      91        93        4    1      1           2\n"));
    CHECK(contains(t, "White      88        86        6    2      2           1\n"));
    CHECK(contains(t, "neutral points 3; White's extra pass yes; last turn Black\n"));
    CHECK(contains(t, "    area       B    184  W  177.5  B+6.5  (decides)\n"));
    CHECK(contains(t, "    territory  B   -0.5  W    0.5  W+1\n"));
    CHECK(contains(t, "    quick      B      3  W      3  draw\n"));
    CHECK(contains(t, "  result: B+6.5 (area)\n"));
    CHECK(contains(t, "ruleset aga (komi override 6.5):\n  illegal plays: none\n"));
    CHECK(contains(t, "the record ends at move 212 without two passes"));
    CHECK(contains(t, "score: as-is count"));
    CHECK(contains(t, "  result: W+2.5 (territory, as-is count)\n"));
    CHECK(contains(t,
                   "divergences (2):\n  legality, move 57 B D16 (dd) [TT 6 / AGA 6]: move 57: B "
                   "D16 (dd) is legal under aga, illegal under tromp-taylor\n"));
    CHECK(contains(t,
                   "    tromp-taylor: illegal: positional_superko (TT 6), repeats the position "
                   "after move 53\n"));
    CHECK(contains(t, "    aga: legal\n"));
    CHECK(contains(t, "      before                     after\n"));
    CHECK(contains(t, "      16 . . .(.)O . . . . 16    16 . . .(X)O . . . . 16\n"));
    CHECK(contains(t,
                   "  outcome: different winners: tromp-taylor: B+6.5 (area: B 184 W 177.5); "
                   "aga: W+2.5 (territory: B 10 W 12.5)\n"));
    CHECK(t.size() >= 2);
    CHECK(t.substr(t.size() - 2) == "\n\n");
}

TEST_CASE("write_check_text says what made a count an end position's", "[report][text]") {
    // The fixture's tromp-taylor count is scored: by two passes, by R13's count at the record's
    // end (never "ended by two passes": no pass was recorded), or at KataGo's end.
    const std::vector<std::pair<audit::EndKind, std::string>> ends = {
        {audit::EndKind::two_passes, "  score (the game ended by two passes):\n"},
        {audit::EndKind::counted,
         "  score (counted at the record's end as if passes followed, R13):\n"},
        {audit::EndKind::all_pass_alive,
         "  score (the record ends where every point is pass-alive: KataGo's end):\n"}};
    for (const auto& [end, header] : ends) {
        Fixture f;
        f.a.results[0].end = end;
        std::ostringstream os;
        report::write_check_text(os, f.input());
        INFO(os.str());
        CHECK(contains(os.str(), header));
        CHECK((end == audit::EndKind::two_passes) == contains(os.str(), "ended by two passes"));
    }
}

TEST_CASE("write_check_text names the strings an unsettled count did not decide",
          "[report][text]") {
    // A stone of each string the dead-stone source was unsure of, as board points (19x19: dd
    // is D16, pp Q4); Score::unsure keeps the first kMaxUnsureListed, which the text says.
    Fixture f;
    audit::Score& s = f.a.results[0].score;
    s.settled = false;
    s.unsettled = audit::Unsettled::dame;
    s.unsure = {sgf::Point{3, 3}, sgf::Point{15, 15}};
    std::ostringstream os;
    report::write_check_text(os, f.input());
    INFO(os.str());
    CHECK(contains(os.str(),
                   "    unsettled: an empty region touches both colours where a string is neither "
                   "pass-alive nor dead\n    strings not decided: D16, Q4\n"));
    s.unsure.assign(audit::kMaxUnsureListed, sgf::Point{0, 0});
    std::ostringstream full;
    report::write_check_text(full, f.input());
    CHECK(contains(full.str(), "A19 (the first 8 listed)\n"));
    // Benson's count left open, the judge of end positions unsure as well.
    s.dead_source = audit::DeadSource::pass_alive;
    s.unsure = {sgf::Point{3, 3}};
    std::ostringstream benson;
    report::write_check_text(benson, f.input());
    CHECK(contains(benson.str(),
                   "    strings neither Benson's analysis nor the judge of end positions decided: "
                   "D16\n"));
    // A settled count names none.
    Fixture settled;
    std::ostringstream none;
    report::write_check_text(none, settled.input());
    CHECK_FALSE(contains(none.str(), "strings not decided"));
}

TEST_CASE("write_check_json in the full form writes one line with every field", "[report][json]") {
    Fixture f;
    std::ostringstream os;
    report::write_check_json(os, f.input(), report::GameJson::full);
    const std::string j = os.str();
    INFO(j);
    REQUIRE(!j.empty());
    CHECK(j.back() == '\n');
    CHECK(j.find('\n') == j.size() - 1);
    CHECK(json_valid(j));
    CHECK(j.rfind(R"j({"schema":"sgfaudit-game/3","form":"full","file":"g\"1\".sgf","game":1,)j",
                  0) == 0);
    for (
        const char* part : {
            R"j("auditable":true,"findings":true,"width":19,"height":19,)j",
            R"j("black":{"name":"Kitani\nMinoru","rank":"9p"},"white":{"name":"本因坊秀哉","rank":""})j",
            R"j("ru":"AGA","re":"W+3.5","komi":0.5,"komi_text":"0.5","handicap":2,)j",
            R"j("first_player":"W","moves":212,"dead":"markup","dead_points":[],)j",
            R"j("on_illegal":"as-it-stands")j",
            R"j({"name":"tromp-taylor","spec":"tromp-taylor","komi_override":null,"illegal":[)j",
            R"j({"move":57,"color":"B","pass":false,"point":"D16","sgf":"dd","reason":"positional_superko","clause":"TT 6","repeats_move":53,"applied":true})j",
            R"j({"move":80,"color":"W","pass":true,"point":null,"sgf":null,"reason":"out_of_turn","clause":"TT 5","repeats_move":null,"applied":true})j",
            R"j("end":"two_passes","end_move":210,"moves_after_end":2,"resumed":false,)j",
            R"j("scored":true,"counted":true,"decisive":"area","winner":"B","margin":6.5,)j",
            R"j("terms":{"komi":0.5,"komi_source":"record","handicap":2,"handicap_bonus":1,"dead_source":"markup",)j",
            R"j("black":{"stones":91,"territory":93,"captures":4,"dead":1,"passes":1,"pass_stones":2})j",
            R"j("white":{"stones":88,"territory":86,"captures":6,"dead":2,"passes":2,"pass_stones":1})j",
            R"j("neutral":3,"white_extra_pass":true,"black_moved_last":true},)j",
            R"j("count":{"black":184,"white":177.5},)j",
            R"j("scores":{"area":{"black":184,"white":177.5,"winner":"B","margin":6.5},)j",
            R"j("territory":{"black":-0.5,"white":0.5,"winner":"W","margin":1},)j",
            R"j("quick":{"black":3,"white":3,"winner":"draw","margin":0}})j",
            R"j("komi_override":6.5,)j",
            R"j("end":"record_end","end_move":212,"moves_after_end":0,"resumed":true,)j",
            R"j("scored":false,"counted":true,"decisive":"territory","winner":"W","margin":2.5,)j",
            R"j("count":{"black":10,"white":12.5},"scores":{"area":)j",
            R"j("divergences":[{"kind":"legality","move":57,"color":"B","point":"D16","sgf":"dd","clause":"TT 6 / AGA 6",)j",
            R"j("verdicts":[{"ruleset":"tromp-taylor","index":0,"text":"illegal: positional_superko (TT 6), repeats the position after move 53","legal":false,"reason":"positional_superko","clause":"TT 6","repeats_move":53},)j",
            R"j({"ruleset":"aga","index":1,"text":"legal","legal":true,"reason":null,"clause":"","repeats_move":null}])j",
            R"j("board_before":["...................",)j",
            R"j("board_before":["...................","...................","...................","....O..............",)j",
            R"j("board_after":["...................","...................","...................","...XO..............",)j",
            R"j({"kind":"outcome","move":null,"color":null,"point":null,"sgf":null,"clause":"",)j",
            R"j("board_before":[],"board_after":[]})j",
            R"j("record":{"check":"mismatch","recorded":"W+3.5","rules":"AGA","mapped":"aga","computed":"W+2.5 (territory: B 10 W 12.5) under aga","reason":"the margin differs","dead_source":"markup","difference":-1})j",
            R"j("record_issues":[{"move":80,"code":"out_of_turn","severity":"error","message":"move 80: W passes out of turn","line":7,"column":12}])j",
            R"j("diagnostics":[{"severity":"warning","code":"S220","line":2,"column":3,"message":"free text \"x\"\ttab",)j",
        }) {
        CHECK(contains(j, part));
    }
    CHECK(j.substr(j.size() - 4) == "}]}\n");
}

TEST_CASE("write_check_json_file reports a file without games", "[report][json]") {
    const std::vector<sgf::Diagnostic> d{
        sgf::Diagnostic{sgf::Severity::error, "F004", "a.sgf", {}, "cannot read", -1}};
    std::ostringstream os;
    report::write_check_json_file(os, "a.sgf", d);
    CHECK(
        os.str() ==
        R"j({"schema":"sgfaudit-game/3","form":"compact","file":"a.sgf","game":null,"findings":true,"diagnostics":[{"severity":"error","code":"F004","line":0,"column":0}]})j"
        "\n");
    std::ostringstream full;
    report::write_check_json_file(full, "a.sgf", d, report::GameJson::full);
    // The full form words the diagnostic (the compact one leaves that to diagnostics.csv).
    CHECK(
        full.str() ==
        R"j({"schema":"sgfaudit-game/3","form":"full","file":"a.sgf","game":null,"findings":true,"diagnostics":[{"severity":"error","code":"F004","line":0,"column":0,"message":"cannot read","text":"a.sgf: error F004: cannot read"}]})j"
        "\n");
    CHECK(json_valid(os.str()));
}

TEST_CASE("write_check_json compact: the counts' terms only where a count decides something",
          "[report][json][compact]") {
    Fixture f;
    std::ostringstream os;
    report::write_check_json(os, f.input());
    const std::string j = os.str();
    INFO(j);
    CHECK(json_valid(j));
    CHECK(j.rfind(R"j({"schema":"sgfaudit-game/3","form":"compact","file":"g\"1\".sgf","game":1,)j",
                  0) == 0);
    // tromp-taylor ended by two passes, aga is a side of the outcome divergence: both counts
    // decide something, each with its decisive count's table (schema 3: no terms).
    CHECK(contains(
        j,
        R"j("scored":true,"counted":true,"decisive":"area","winner":"B","margin":6.5,"count":{"black":184,"white":177.5}},)j"));
    CHECK(contains(
        j,
        R"j("scored":false,"counted":true,"decisive":"territory","winner":"W","margin":2.5,"count":{"black":10,"white":12.5}})j"));
    CHECK_FALSE(contains(j, "\"terms\""));
    CHECK_FALSE(contains(j, "\"scores\""));
    // Divergences without their words and boards (divergences.csv and index.html have them).
    CHECK(contains(
        j,
        R"j({"ruleset":"aga","index":1,"legal":true,"reason":null,"clause":"","repeats_move":null}]})j"));
    CHECK_FALSE(contains(j, "\"summary\""));
    CHECK_FALSE(contains(j, "\"text\""));
    CHECK_FALSE(contains(j, "board_before"));
    CHECK_FALSE(contains(j, "board_after"));
    // The run's settings and what repeats the game's fields are the full form's.
    for (const char* absent : {"\"name\":\"tromp-taylor\"", "\"dead\":", "\"dead_points\"",
                               "\"on_illegal\"", "\"recorded\"", "\"message\"", "\"komi_text\""}) {
        INFO(absent);
        CHECK_FALSE(contains(j, absent));
    }
    for (const char* part : {
             R"j("record":{"check":"mismatch","mapped":"aga","computed":)j",
             R"j("record_issues":[{"move":80,"code":"out_of_turn","severity":"error","line":)j",
             R"j("diagnostics":[{"severity":"warning","code":"S220",)j",
             R"j("illegal":[{"move":57,"color":"B","pass":false,"point":"D16",)j",
         }) {
        CHECK(contains(j, part));
    }
    // The full form has them.
    std::ostringstream full;
    report::write_check_json(full, f.input(), report::GameJson::full);
    for (const char* present :
         {"\"name\":\"tromp-taylor\"", "\"dead\":", "\"dead_points\"", "\"on_illegal\"",
          "\"recorded\"", "\"message\"", "\"komi_text\"", "\"komi_override\"",
          "\"moves_after_end\"", "\"resumed\"", "\"summary\"", "\"text\"", "\"terms\""}) {
        INFO(present);
        CHECK(contains(full.str(), present));
    }
}

TEST_CASE("write_check_json compact: a record issue without a move or place has no null fields",
          "[report][json][compact]") {
    Fixture f;
    // resigner_moved_last is about the game, not a move, and has no SGF value to point at.
    f.a.record_issues.push_back(
        {.severity = audit::IssueSeverity::note, .payload = audit::issue::ResignerMovedLast{}});
    const auto [c, u] = both_forms(f);
    INFO(c);
    // The first issue is located (move 80 at 7:12); the second is neither.
    CHECK(contains(
        c,
        R"j("record_issues":[{"move":80,"code":"out_of_turn","severity":"error","line":7,"column":12},{"code":"resigner_moved_last","severity":"note"}])j"));
    CHECK(
        contains(u, R"j({"move":null,"code":"resigner_moved_last","severity":"note","message":)j"));
    CHECK(contains(u, R"j("line":null,"column":null}])j"));
}

TEST_CASE("write_check_json compact: a resigned game carries no count's terms or table",
          "[report][json][compact]") {
    Fixture f;
    f.a.results[0].end = audit::EndKind::record_end;
    f.a.results[0].score.scored = false;
    f.a.divergences.resize(1);  // the legality divergence only: no count is compared
    f.a.record.check = audit::RecordCheck::not_comparable;
    const auto [c, u] = both_forms(f);
    INFO(c);
    CHECK_FALSE(contains(c, "\"terms\""));
    CHECK_FALSE(contains(c, "\"count\""));
    CHECK_FALSE(contains(c, "\"scores\""));
    // Neither count decides anything: how each ruleset ended, nothing of a count.
    CHECK(contains(c, R"j("counted":false},{"spec":"aga",)j"));
    CHECK(contains(c, R"j("counted":false}],)j"));
    CHECK_FALSE(contains(c, "\"decisive\""));
    CHECK_FALSE(contains(c, "\"winner\""));
    // The full form has them all, counted or not.
    CHECK(contains(
        u,
        R"j("scored":false,"counted":false,"decisive":"area","winner":"B","margin":6.5,"terms":{)j"));
    CHECK(contains(u, R"j("scores":{"area":{"black":184,)j"));
    CHECK(contains(u, R"j("board_before":[")j"));
    CHECK(c.size() < u.size());
}

TEST_CASE("write_check_text words the record check's reason from its facts", "[report][text]") {
    Fixture f;
    f.a.record.check = audit::RecordCheck::unsettled;
    f.a.record.why = audit::RecordReason::unsettled_oracle;
    f.a.record.dead_source = audit::DeadSource::oracle_failed;
    f.a.record.dead_oracle = "no answer within 1 s";
    std::ostringstream os;
    report::write_check_text(os, f.input());
    CHECK(contains(os.str(),
                   "(the count is unsettled: the dead stones could not be decided (gnugo failed: "
                   "no answer within 1 s), and RE may count them otherwise)\n"));
    f.a.record.check = audit::RecordCheck::not_comparable;
    f.a.record.why = audit::RecordReason::result_not_score;
    f.a.record.result_kind = sgf::ResultKind::resign;
    std::ostringstream resign;
    report::write_check_text(resign, f.input());
    CHECK(contains(resign.str(), "(RE is " + std::string(sgf::to_string(sgf::ResultKind::resign)) +
                                     ", not a score)\n"));
}

TEST_CASE("issue_message words a record issue's facts", "[report][wording]") {
    using namespace audit::issue;
    audit::RecordIssue off{.move = 2, .payload = OffBoard{.color = game::Color::white}};
    CHECK(report::issue_message(off, 5) ==
          "move 2: W plays off the board (a value that is not a point)");
    std::get<OffBoard>(off.payload).point = sgf::Point{7, 1};
    CHECK(report::issue_message(off, 5) == "move 2: W plays off the board at hb");

    const audit::RecordIssue occupied{.move = 12, .payload = Occupied{.point = {3, 15}}};  // dp
    CHECK(report::issue_message(occupied, 19) == "move 12: B plays on the occupied point D4 (dp)");

    const audit::RecordIssue everywhere{
        .move = 9,
        .payload =
            IllegalEverywhere{.color = game::Color::white,
                              .point = {3, 3},  // dd
                              .reasons = {{"tromp-taylor", audit::Reason::suicide},
                                          {"aga:ko=ssk", audit::Reason::positional_superko}}}};
    CHECK(report::issue_message(everywhere, 19) ==
          "move 9: W D16 (dd) is illegal under every preset, and the record names no modelled "
          "rules (tromp-taylor: suicide; aga:ko=ssk: positional_superko)");

    audit::RecordIssue superko{
        // R15
        .move = 6,
        .severity = audit::IssueSeverity::note,
        .payload = SuperkoNotEnforced{.color = game::Color::white,
                                      .point = {3, 3},  // dd
                                      .ru_text = "Chinese",
                                      .under_ru = {"chinese", audit::Reason::positional_superko}}};
    CHECK(report::issue_message(superko, 19) ==
          "move 6: W D16 (dd) repeats the position after the start (chinese: "
          "positional_superko), which the record's rules RU[Chinese] forbid only by superko: the "
          "server did not enforce it");
    std::get<SuperkoNotEnforced>(superko.payload).repeats_move = 2;
    CHECK_THAT(report::issue_message(superko, 19), Catch::Contains("the position after move 2 "));

    const audit::RecordIssue inferred{
        .payload = HandicapInferred{.ha = 2, .stones = {sgf::Point{15, 3}, sgf::Point{3, 15}}}};
    CHECK(report::issue_message(inferred, 19) ==
          "2 handicap stones inferred at Q16 D4 (GTP 2 fixed_handicap)");

    const audit::RecordIssue parity{
        .payload =
            ResultKomiParity{.re_text = "W+3", .km_text = "6.5", .margin = 3.0, .komi = 6.5}};
    CHECK(report::issue_message(parity, 19) ==
          "RE[W+3] has a whole margin but KM[6.5] is a half point: no count gives it");

    const audit::RecordIssue resign{
        .payload = ResignerMovedLast{.re_text = "B+R", .resigner = game::Color::white}};
    CHECK(report::issue_message(resign, 19) ==
          "RE[B+R]: White resigned after making the last turn of the record");
}

TEST_CASE("issue_message words the payload of every record-issue code", "[report][wording]") {
    using namespace audit::issue;
    const auto words = [](audit::IssuePayload p, std::uint32_t move = 0) {
        return report::issue_message({.move = move, .payload = std::move(p)}, 19);
    };
    CHECK(words(OutOfTurn{.color = game::Color::white, .pass = true}, 5) ==
          "move 5: W passes out of turn");
    CHECK(words(OutOfTurn{.point = {3, 15}}, 5) ==
          "move 5: B plays D4 (dp) out of turn (the same colour twice)");
    CHECK(words(IllegalUnderRecordRules{.color = game::Color::white,
                                        .point = {3, 15},
                                        .ru_text = "Chinese",
                                        .under_ru = {"chinese", audit::Reason::suicide}},
                7) ==
          "move 7: W D4 (dp) is illegal under the record's rules RU[Chinese] (chinese: suicide)");
    CHECK(words(SetupAfterStart{}, 12) ==
          "setup stones after move 12: not a turn; the position counts for positional superko, "
          "the history is kept");
    CHECK(words(SetupAfterRoot{}) ==
          "setup stones in a node after the root, before the first move: counted as part of the "
          "start position");
    CHECK(words(SetupWithoutHandicap{.black_stones = 1, .white_stones = 0}) ==
          "the start position has 1 black and 0 white stones but no HA of 2 or more: not a "
          "handicap");
    CHECK(words(HandicapMismatch{.ha = 4, .black_stones = 3, .taken = 3}) ==
          "HA[4] but the start position has 3 black stones; handicap taken as 3");
    CHECK(words(HandicapMissing{.ha = 2}) ==
          "HA[2] but no black stone before the first move, and White plays first: the record "
          "lacks its handicap stones");
    CHECK(words(HandicapInferred{.ha = 1, .fox_layout = true, .stones = {{15, 3}}}) ==
          "1 handicap stones inferred at Q16 (Fox's layout with the side stones on the top and "
          "bottom)");
    CHECK(words(HandicapOne{}) == "HA[1]: no handicap stones; scored as an even game");
    CHECK(words(PlacementInterrupted{.pass = true, .due = 4, .taken = 2}, 3) ==
          "move 3: a pass before the 4 handicap stones were placed; handicap taken as 2");
    CHECK(words(PlacementInterrupted{.pass = false, .due = 3, .taken = 1}, 2) ==
          "move 2: a play before the 3 handicap stones were placed; handicap taken as 1");
    CHECK(words(KomiQuirk{.komi = 6.5, .km_text = "6,5"}) ==
          "KM[6,5] read as 6.5 (see the reader's S21x diagnostic)");
    CHECK(words(NoLibertiesAfterSetup{}) ==
          "the start position has a string without liberties (setup never captures)");
    CHECK(words(DeadPointOffBoard{.token = "zz", .width = 9, .height = 9}) ==
          "dead stone 'zz' is not a point of this 9x9 board");
    CHECK(words(ResultImpossibleMargin{
              .re_text = "B+500", .margin = 500, .bound = 95.5, .width = 9, .height = 9}) ==
          "RE[B+500]: a margin of 500 is more than any count of this 9x9 game can give (at most "
          "95.5)");
    CHECK(words(ResultKomiParity{.re_text = "B+3.5", .km_text = "6", .margin = 3.5, .komi = 6}) ==
          "RE[B+3.5] has a half-point margin but KM[6] is whole: no count gives it");
    CHECK(words(EndByResult{}, 180) ==
          "the record ends at move 180 without two passes and RE is a score: counted there, as if "
          "passes followed (R13)");
    CHECK(words(MarkupRecountDiffers{
              .markup_black = 9, .markup_white = 5, .recount_black = 10, .recount_white = 5}) ==
          "the final node's markup counts territory B 9 W 5; the recount by regions gives B 10 W "
          "5 (the markup is the count, R11)");
}

TEST_CASE("komi_source_text and dead_source_text word a count's sources", "[report][wording]") {
    audit::Score s;
    const auto komi = [&s](audit::KomiSource k) {
        s.komi_source = k;
        return report::komi_source_text(s);
    };
    CHECK(komi(audit::KomiSource::record) == "record");
    s.komi_text = "650";
    CHECK(komi(audit::KomiSource::record_adjusted) == "record (adjusted from KM[650])");
    CHECK(komi(audit::KomiSource::ruleset_default) == "default");
    CHECK(komi(audit::KomiSource::km_unreadable) == "default (KM unreadable)");
    CHECK(komi(audit::KomiSource::komi_override) == "override");
    s.komi_text = "OGS";
    CHECK(komi(audit::KomiSource::server_convention) == "server (OGS: no KM)");

    using audit::DeadSource;
    CHECK(report::dead_source_text(DeadSource::none, "") == "none");
    CHECK(report::dead_source_text(DeadSource::markup, "") == "markup");
    CHECK(report::dead_source_text(DeadSource::list, "") == "list");
    CHECK(report::dead_source_text(DeadSource::rules_pass_alive, "") == "rules (pass-alive)");
    CHECK(report::dead_source_text(DeadSource::pass_alive, "") == "pass-alive");
    CHECK(report::dead_source_text(DeadSource::oracle, "gnugo (GNU Go 3.8, level 1)") ==
          "gnugo (GNU Go 3.8, level 1)");
    CHECK(report::dead_source_text(DeadSource::oracle_failed, "no answer within 1 s") ==
          "gnugo failed: no answer within 1 s");
    CHECK(report::dead_source_text(DeadSource::no_oracle, "") ==
          "gnugo failed: no dead-stone engine was given");
    CHECK(report::dead_source_text(DeadSource::strict_tt, "") ==
          "none (strict TT 8: the board as it is)");
    CHECK(report::dead_source_text(DeadSource::oracle_not_asked, "") ==
          "none (gnugo is asked only about games ended by two passes or counted at the record's "
          "end, R13)");
    CHECK(report::dead_source_text(DeadSource::pass_alive_not_decided, "") ==
          "none (pass-alive is decided only for games ended by two passes or counted at the "
          "record's end, R13)");
    CHECK(report::dead_source_text(DeadSource::judge, "") ==
          "judge (pass-alive, then the judge of end positions)");
    // Issue 26: the engine's tier names each string it found dead by a stone.
    const std::vector<sgf::Point> by_engine = {{4, 1}, {2, 3}};
    CHECK(report::dead_source_text(DeadSource::judge_engine, "gnugo (GNU Go 3.8, level 10)",
                                   by_engine) ==
          "judge (pass-alive, the judge of end positions, then gnugo (GNU Go 3.8, level 10) for "
          "the strings the judge was unsure of; dead by the engine: eb, cd)");
    CHECK(report::dead_source_text(DeadSource::judge_engine, "fixed") ==
          "judge (pass-alive, the judge of end positions, then fixed for the strings the judge "
          "was unsure of; dead by the engine: none)");
    // The fixed texts (results.csv takes them without a copy) are the same words; the three
    // sources that name an engine have none.
    for (const DeadSource source :
         {DeadSource::none, DeadSource::markup, DeadSource::list, DeadSource::pass_alive,
          DeadSource::oracle, DeadSource::oracle_failed, DeadSource::no_oracle,
          DeadSource::strict_tt, DeadSource::oracle_not_asked, DeadSource::pass_alive_not_decided,
          DeadSource::rules_pass_alive, DeadSource::judge, DeadSource::judge_engine}) {
        CAPTURE(static_cast<int>(source));
        const auto fixed = report::fixed_dead_source_text(source);
        const bool names_engine = source == DeadSource::oracle ||
                                  source == DeadSource::oracle_failed ||
                                  source == DeadSource::judge_engine;
        CHECK(fixed.has_value() == !names_engine);
        if (fixed) CHECK(*fixed == report::dead_source_text(source, "an engine", by_engine));
    }

    audit::RecordIssue undecided{
        .payload = audit::issue::DeadStonesUndecided{.failure = "no answer within 1 s"}};
    CHECK(report::issue_message(undecided, 19) ==
          "the dead stones could not be decided (gnugo failed: no answer within 1 s): the count "
          "is unsettled");
    undecided.payload = audit::issue::DeadStonesUndecided{.no_oracle = true, .failure = ""};
    CHECK(report::issue_message(undecided, 19) ==
          "the dead stones could not be decided (gnugo failed: no dead-stone engine was given): "
          "the count is unsettled");
}
