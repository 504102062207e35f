// The reader's side of rules.md section 7: R1 (PL in any node) and R2 (every B/W property
// of the main line is a move, an off-board value included); of section 8: R17 (fragments).

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "skip.hpp"

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

// =============================================================================================
// R17 Fragments (rules.md section 8)

TEST_CASE(
    "R17: a file that starts with its first node without its opening parenthesis is read "
    "as that game tree",
    "[sgf][real][R17]") {
    // The whole game, with its variations: one game tree whose main line starts at the first
    // node, never its variations as games of their own.
    const std::string text = ";GM[1]FF[4]SZ[9]KM[6.5]RE[B+R];B[ee];W[cc](;B[gg];W[gc])(;B[cg]))";
    const Document doc = read_document("r.sgf", text);
    REQUIRE(doc.games().size() == 1);
    CHECK(count_code(doc.diagnostics(), "S116") == 1);
    CHECK(count_code(doc.diagnostics(), "S100") == 0);
    const GameRecord r = read_record(doc, 0);
    CHECK(r.moves == 4);
    CHECK(r.size.width == 9);
    REQUIRE(r.result.has_value());
    CHECK(r.result->text == "B+R");
    // White space before the first node, and no closing parenthesis either.
    const Document open = read_document("r.sgf", "\n  ;GM[1]SZ[9];B[ee];W[cc]");
    REQUIRE(open.games().size() == 1);
    CHECK(count_code(open.diagnostics(), "S116") == 1);
    CHECK(read_record(open, 0).moves == 2);
    // A file that starts with its opening parenthesis is read as before, without S116.
    const Document whole = read_document("r.sgf", "(" + text);
    CHECK(count_code(whole.diagnostics(), "S116") == 0);
    CHECK(read_record(whole, 0).moves == 4);
}

TEST_CASE("R17: a real Fox record without its opening parenthesis gives the same game as the file",
          "[sgf][real][R17][shared]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/games/foxwq-amateur-9dset";
    if (!fs::is_directory(dir)) SGFAUDIT_SKIP("no " << dir.string());
    // No file of the corpus or of ../shared/bench lacks its '(' (searched: the only files that
    // do not start with "(;" are NUL padding, HTML error pages and text before a game), so the
    // form is made from real Fox files: their first '(' removed in memory.
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    std::size_t tried = 0;
    for (const fs::path& p : files) {
        if (tried == 50) break;
        std::ifstream in(p, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), {});
        const std::size_t open = bytes.find("(;");
        if (open != 0) continue;
        ++tried;
        INFO(p.string());
        const Document whole = read_document(p.string(), bytes);
        const Document cut = read_document(p.string(), bytes.substr(1));
        REQUIRE(whole.games().size() == 1);
        REQUIRE(cut.games().size() == 1);
        CHECK(count_code(cut.diagnostics(), "S116") == 1);
        const GameRecord a = read_record(whole, 0);
        const GameRecord b = read_record(cut, 0);
        CHECK(a.moves == b.moves);
        CHECK(a.events.size() == b.events.size());
        CHECK(a.rules == b.rules);
    }
    CHECK(tried == 50);
}
