// Benson's unconditional life (life.hpp), written from the definitions in its header: each case
// draws a finished position and states which strings are pass-alive, which stones are dead
// (inside the opponent's pass-alive territory) and whether the count is settled.

#include "sgfaudit/audit/life.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "catalogue_support.hpp"
#include "sgfaudit/game/board.hpp"

using namespace sgfaudit;

namespace {

game::Vertex at(std::string_view sgf) {
    return game::to_vertex(sgf[0] - 'a', sgf[1] - 'a');
}

std::vector<std::string> dead_points(const audit::LifeAnalysis& life) {
    std::vector<std::string> out;
    for (const game::Vertex v : life.dead) {
        out.push_back({static_cast<char>('a' + game::vertex_x(v)),
                       static_cast<char>('a' + game::vertex_y(v))});
    }
    return out;
}

game::Board without_dead(game::Board b, const audit::LifeAnalysis& life) {
    for (const game::Vertex v : life.dead) b.clear(v);
    return b;
}

}  // namespace

TEST_CASE("Benson: a string with two separate one-point eyes is pass-alive", "[audit][life]") {
    // .X.X.   One Black string (row b with ba and da). Its regions aa, ca and ea are single
    // XXXXX   empty points, each a liberty of the string: three vital regions, pass-alive,
    // .....   and each is Black's pass-alive territory.
    const auto b = game::Board::from_ascii({".X.X.", "XXXXX", ".....", ".....", "....."});
    const auto life = audit::analyse_life(b);
    CHECK(life.pass_alive[at("ba")]);
    CHECK(life.pass_alive[at("ab")]);
    CHECK(life.territory_black[at("aa")]);
    CHECK(life.territory_black[at("ca")]);
    // The big region below touches the string but is not small (its far points touch nothing
    // Black): not territory.
    CHECK_FALSE(life.territory_black[at("ae")]);
    CHECK(life.dead.empty());
    // Only Black on the board: every empty region touches one colour.
    CHECK(audit::settled_after_removal(b, life));
}

TEST_CASE("Benson: a string with one eye is not pass-alive", "[audit][life]") {
    const auto b = game::Board::from_ascii({".X...", "XX...", ".....", ".....", "....."});
    const auto life = audit::analyse_life(b);
    CHECK_FALSE(life.pass_alive[at("ba")]);
    CHECK_FALSE(life.territory_black[at("aa")]);
}

TEST_CASE("Benson: two strings with one eye each are not pass-alive", "[audit][life]") {
    // .X.X.   Strings {ba ab bb} and {da db eb}: aa is vital to the first, ea to the second;
    // XX.XX   ca opens into the big region below, which neither string touches at every point.
    const auto b = game::Board::from_ascii({".X.X.", "XX.XX", ".....", ".....", "....."});
    const auto life = audit::analyse_life(b);
    CHECK_FALSE(life.pass_alive[at("ba")]);
    CHECK_FALSE(life.pass_alive[at("da")]);
}

TEST_CASE("Benson: a white stone inside Black's pass-alive territory is dead", "[audit][life]") {
    // X.X.XO.   Black's string (aa ca ea and row b up to eb) has the eyes ba and da: two vital
    // XXXXXO.   regions, pass-alive, and both eyes are its territory.
    // OOOOOO.
    const auto plain =
        game::Board::from_ascii({"X.X.XO.", "XXXXXO.", "OOOOOO.", ".......", "......."});
    const auto life0 = audit::analyse_life(plain);
    CHECK(life0.pass_alive[at("aa")]);
    CHECK(life0.territory_black[at("ba")]);
    CHECK(life0.territory_black[at("da")]);
    // Now a White stone in the eye at ba: the region {ba} holds a White stone and no empty
    // point, so it is still vital (every empty point of it, none, is a liberty); together with
    // da Black keeps two vital regions. The White stone is dead.
    const auto b = game::Board::from_ascii({"XOX.XO.", "XXXXXO.", "OOOOOO.", ".......", "......."});
    const auto life = audit::analyse_life(b);
    CHECK(life.pass_alive[at("aa")]);
    CHECK(dead_points(life) == std::vector<std::string>{"ba"});
    // Once ba is cleared: ba and da touch Black only; the open area right of and below White's
    // wall (column f, row c; not pass-alive) touches White only: settled.
    CHECK(audit::settled_after_removal(without_dead(b, life), life));
}

TEST_CASE("Benson: a region touching both colours where a string is not pass-alive is unsettled",
          "[audit][life]") {
    // X.X.X..   Black pass-alive in the corner; a White stone sits in the open area beside
    // XXXXX..   Black's string, and the open area touches both colours. White's lone stone is
    // ....O..   neither pass-alive nor provably dead.
    const auto b = game::Board::from_ascii({"X.X.X..", "XXXXX..", "....O..", ".......", "......."});
    const auto life = audit::analyse_life(b);
    CHECK(life.pass_alive[at("aa")]);
    CHECK(life.dead.empty());
    CHECK_FALSE(audit::settled_after_removal(without_dead(b, life), life));
}

TEST_CASE("Benson: dame between two pass-alive groups is settled neutral", "[audit][life]") {
    // Black pass-alive on the left (eyes aa, ac), White pass-alive on the right (eyes ea, ec);
    // the column c between them is empty: it touches both colours, all strings pass-alive.
    const auto b = game::Board::from_ascii({
        ".X.O.",  //
        "XX.OO",  //
        ".X.O.",  //
        "XX.OO",  //
        ".X.O.",  //
    });
    const auto life = audit::analyse_life(b);
    CHECK(life.pass_alive[at("ba")]);
    CHECK(life.pass_alive[at("da")]);
    CHECK(life.territory_black[at("aa")]);
    CHECK(life.territory_white[at("ea")]);
    CHECK_FALSE(life.territory_black[at("ca")]);
    CHECK(life.dead.empty());
    CHECK(audit::settled_after_removal(b, life));
}

TEST_CASE(
    "Benson: what it cannot prove is kept - a shared liberty of unproven strings is "
    "unsettled",
    "[audit][life]") {
    // .XO..   Black {ba ab bb} has one eye, aa; White around it has no eye. Neither is
    // XXO..   pass-alive and nothing is removed. No empty region touches both colours (aa
    // OOO..   touches Black only, the open area White only), so the count is settled as it
    //         stands: Benson proves nothing here, and the board decides.
    const auto b = game::Board::from_ascii({".XO..", "XXO..", "OOO..", ".....", "....."});
    const auto life = audit::analyse_life(b);
    CHECK_FALSE(life.pass_alive[at("ba")]);
    CHECK_FALSE(life.pass_alive[at("ca")]);
    CHECK(life.dead.empty());
    CHECK(audit::settled_after_removal(b, life));
    // .X.O.   Here ca touches Black (ba) and White (da, cb), and no string is pass-alive (as in
    // XXOOO   a seki): unsettled.
    // OO...
    const auto seki = game::Board::from_ascii({".X.O.", "XXOOO", "OO...", ".....", "....."});
    const auto life2 = audit::analyse_life(seki);
    CHECK_FALSE(audit::settled_after_removal(seki, life2));
}

// ---------------------------------------------------------------------------------------------
// `--dead auto` / `pass-alive` in the audit: the recorded result against the count

namespace {

// X.X.XO.   Black's pass-alive corner string with a dead White stone in its eye at ba (x = the
// XXXXXO.   stone), White's wall around it. Under French rules (area, FFG 6) with KM 0.5:
// OOOOOO.     ba removed: B 8 stones + 2 (ba, da) = 10; W 8 stones + 17 = 25.5 -> W+15.5
// .......     as it stands: B 8 + 1 (da) = 9; W 9 stones + 17 = 26.5         -> W+17.5
// .......
const std::vector<std::string> eye_stone = {"XOX.XO.", "XXXXXO.", "OOOOOO.", ".......", "......."};

audit::AuditOptions dead(audit::DeadPolicy p) {
    audit::AuditOptions o;
    o.dead = p;
    return o;
}

}  // namespace

TEST_CASE(
    "Dead stones pass-alive (--dead) removes stones inside pass-alive territory before the count",
    "[audit][life][dead]") {
    const std::string text = catalogue::game_sgf(eye_stone, "KM[0.5]RU[French]RE[W+15.5]", "B- W-");
    const auto as_is = catalogue::run(text, catalogue::presets(), dead(audit::DeadPolicy::none));
    CHECK(as_is.record.check == audit::RecordCheck::mismatch);
    catalogue::count(as_is.results[catalogue::FFG].score.area, 9, 26.5, "french, as it stands");

    for (const audit::DeadPolicy p :
         {audit::DeadPolicy::pass_alive, audit::DeadPolicy::automatic}) {
        const auto a = catalogue::run(text, catalogue::presets(), dead(p));
        const audit::Score& s = a.results[catalogue::FFG].score;
        CHECK(s.dead_source == audit::DeadSource::pass_alive);
        CHECK(s.dead_white == 1);
        CHECK(s.settled);
        catalogue::count(s.area, 10, 25.5, "french, Benson");
        CHECK(a.record.check == audit::RecordCheck::match);
        // Strict Tromp-Taylor still scores the board as it is (TT 8, 9).
        CHECK(a.results[catalogue::TT].score.dead_white == 0);
    }
}

TEST_CASE("Dead stones pass-alive: a game not ended by two passes is counted as it stands",
          "[audit][life][dead]") {
    // The same board, B pass, W ge (inside White's area), then Black resigns: no count of it is
    // compared with RE or between rulesets, so Benson's analysis is not run (docs/benchmarks.md)
    // and the count is the one as it stands, the dead stone at ba kept: under French (area)
    // B 8 stones + da = 9, W 10 stones + 16 + 0.5 = 26.5.
    const std::string text = catalogue::game_sgf(eye_stone, "KM[0.5]RU[French]RE[W+R]", "B- W@ge");
    for (const audit::DeadPolicy p :
         {audit::DeadPolicy::pass_alive, audit::DeadPolicy::automatic}) {
        const auto a = catalogue::run(text, catalogue::presets(), dead(p));
        const audit::Score& s = a.results[catalogue::FFG].score;
        CHECK_FALSE(s.scored);
        CHECK(s.dead_source == audit::DeadSource::pass_alive_not_decided);
        CHECK(s.dead_white == 0);
        catalogue::count(s.area, 9, 26.5, "french, as it stands");
        CHECK(a.record.check == audit::RecordCheck::not_comparable);
    }
}

TEST_CASE("Dead stones auto takes the final node's markup where there is some",
          "[audit][life][dead]") {
    // The markup names Black's territory da only, so no stone is dead by markup; Benson is not
    // consulted: the count is the one as it stands.
    std::string text = catalogue::game_sgf(eye_stone, "KM[0.5]RU[French]RE[W+15.5]", "B- W-");
    text.insert(text.size() - 1, "TB[da]");
    const auto a = catalogue::run(text, catalogue::presets(), dead(audit::DeadPolicy::automatic));
    CHECK(a.results[catalogue::FFG].score.dead_source == audit::DeadSource::markup);
    CHECK(a.results[catalogue::FFG].score.dead_white == 0);
    CHECK(a.record.check == audit::RecordCheck::mismatch);
}

TEST_CASE(
    "Dead stones pass-alive: a result that depends on an unsettled region is unsettled, not "
    "mismatch",
    "[audit][life][dead]") {
    // X.X.X..   A lone White stone at ec beside Black's pass-alive string: the open area touches
    // XXXXX..   both colours and the stone is neither pass-alive nor provably dead.
    // ....O..
    const std::vector<std::string> open = {"X.X.X..", "XXXXX..", "....O..", ".......", "......."};
    const std::string text = catalogue::game_sgf(open, "KM[0.5]RU[French]RE[B+20.5]", "B- W-");
    const auto a = catalogue::run(text, catalogue::presets(), dead(audit::DeadPolicy::pass_alive));
    const audit::Score& s = a.results[catalogue::FFG].score;
    CHECK_FALSE(s.settled);
    CHECK(s.dead_white == 0);
    CHECK(a.record.check == audit::RecordCheck::unsettled);
    CHECK_FALSE(catalogue::has_divergence(a, audit::DivergenceKind::record));
    // Without Benson the same record is a mismatch.
    const auto b = catalogue::run(text, catalogue::presets(), dead(audit::DeadPolicy::none));
    CHECK(b.record.check == audit::RecordCheck::mismatch);
    // `--dead auto` asks the judge of end positions next: it would call the lone stone dead
    // (B 35 points, W 0.5), but that is every White stone of the board, and players do not pass
    // with every stone of theirs dead (EndJudgement::implausible): the count stays unsettled
    // rather than a guess of a mismatch.
    const auto c = catalogue::run(text, catalogue::presets(), dead(audit::DeadPolicy::automatic));
    const audit::Score& t = c.results[catalogue::FFG].score;
    CHECK_FALSE(t.settled);
    CHECK(t.dead_white == 0);
    CHECK(c.record.check == audit::RecordCheck::unsettled);
}
