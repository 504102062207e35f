// The reader's side of rules-model.md section 7: R1 (PL in any node) and R2 (every B/W property
// of the main line is a move, an off-board value included).

#include <catch2/catch.hpp>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit::sgf;

namespace {

GameRecord record_of(std::string_view text) {
    const Document doc = read_document("r.sgf", std::string(text));
    REQUIRE(doc.games().size() == 1);
    return read_record(doc, 0);
}

std::size_t count_code(const std::vector<Diagnostic>& ds, std::string_view code) {
    std::size_t n = 0;
    for (const Diagnostic& d : ds) n += d.code == code ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("R2: an off-board play is a move with off_board set, S312, never dropped",
          "[sgf][record][R2]") {
    const GameRecord r = record_of("(;GM[1]SZ[5];B[cc];W[zz];B[1x];W[Ab];B[tt];W[])");
    CHECK(r.moves == 6);
    REQUIRE(r.events.size() == 6);
    CHECK_FALSE(r.events[0].off_board);
    CHECK(r.events[1].off_board);
    CHECK(r.events[1].color == Color::white);
    CHECK(r.events[1].point == Point{25, 25});  // "zz" as written
    CHECK(r.events[2].off_board);
    CHECK(r.events[2].point == kNoPoint);  // "1x" is not two letters
    CHECK(r.events[3].off_board);          // "Ab": column 26 on a 5-wide board
    CHECK(r.events[3].point == Point{26, 1});
    CHECK(r.events[4].pass);  // "tt" on a board up to 19x19 (S203)
    CHECK_FALSE(r.events[4].off_board);
    CHECK(r.events[5].pass);
    CHECK(count_code(r.diagnostics, "S312") == 3);
    CHECK(count_code(r.diagnostics, "S202") == 0);
    CHECK_FALSE(r.has_errors());  // the record error is the audit's (off_board)
    // Setup points off the board are still not recorded (S202).
    const GameRecord s = record_of("(;GM[1]SZ[5]AB[zz];B[cc])");
    CHECK(s.events.size() == 1);
    CHECK(count_code(s.diagnostics, "S202") == 1);
}

TEST_CASE("R1: PL after the root is an event in file order - the root's PL is game info",
          "[sgf][record][R1]") {
    const GameRecord r = record_of("(;GM[1]SZ[5]PL[B]AB[aa];AW[ee]PL[W];W[cc];PL[W];W[dd])");
    REQUIRE(r.to_play.has_value());
    CHECK(*r.to_play == Color::black);
    REQUIRE(r.events.size() == 6);
    CHECK(r.events[0].kind == EventKind::add_black);
    CHECK(r.events[1].kind == EventKind::add_white);
    CHECK(r.events[2].kind == EventKind::to_play);
    CHECK(r.events[2].color == Color::white);
    CHECK(r.events[3].kind == EventKind::move);
    CHECK(r.events[4].kind == EventKind::to_play);
    CHECK(r.events[5].kind == EventKind::move);
    // A PL that is neither B nor W is ignored with S305.
    const GameRecord bad = record_of("(;GM[1]SZ[5];PL[X];B[cc])");
    CHECK(bad.events.size() == 1);
    CHECK(count_code(bad.diagnostics, "S305") == 1);
}
