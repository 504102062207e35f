// The judge of end positions (end_judge.hpp, issue 26), written from its header: each case draws
// a finished position that Benson's proof alone leaves unsettled and states the verdict of each
// string (dead / alive / seki / unsure) and whether the count is settled.

#include "sgfaudit/audit/end_judge.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "boards_on_threads.hpp"
#include "sgfaudit/audit/life.hpp"
#include "sgfaudit/game/board.hpp"

using namespace sgfaudit;
using audit::StringVerdict;

namespace {

game::Vertex at(std::string_view sgf) {
    return game::to_vertex(sgf[0] - 'a', sgf[1] - 'a');
}

audit::EndJudgement judge(const game::Board& b) {
    return audit::judge_end_position(b, audit::analyse_life(b));
}

// The verdict of the string holding the stone at `sgf`.
StringVerdict verdict_at(const game::Board& b, const audit::EndJudgement& j, std::string_view sgf) {
    const game::Vertex v = at(sgf);
    REQUIRE(game::is_stone(b.at(v)));
    for (const audit::JudgedString& s : j.strings) {
        if (b.chain_id(s.stone) == b.chain_id(v)) return s.verdict;
    }
    FAIL("no verdict for " << sgf);
    return StringVerdict::unsure;
}

std::vector<std::string> points(const std::vector<game::Vertex>& vs) {
    std::vector<std::string> out;
    for (const game::Vertex v : vs) {
        out.push_back({static_cast<char>('a' + game::vertex_x(v)),
                       static_cast<char>('a' + game::vertex_y(v))});
    }
    return out;
}

}  // namespace

TEST_CASE("Judge: a stone inside each side's territory is dead and the walls live",
          "[audit][end_judge]") {
    // Black's wall (column d) and White's wall (column f) face each other across a line of dame
    // (column e). A White stone sits in Black's area (bc) and a Black stone in White's (he).
    // Neither wall is pass-alive (each has one region, holding an enemy stone), so Benson leaves
    // the count unsettled; the judge finds both areas the walls' eye space.
    const auto b = game::Board::from_ascii({
        "...X.O...",
        "...X.O...",
        ".O.X.O...",
        "...X.O...",
        "...X.O.X.",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
    });
    const auto life = audit::analyse_life(b);
    REQUIRE(life.dead.empty());
    REQUIRE_FALSE(life.pass_alive[at("da")]);
    const auto j = audit::judge_end_position(b, life);
    CHECK(verdict_at(b, j, "bc") == StringVerdict::dead);
    CHECK(verdict_at(b, j, "he") == StringVerdict::dead);
    CHECK(verdict_at(b, j, "da") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "fa") == StringVerdict::alive);
    CHECK(points(j.dead) == std::vector<std::string>{"bc", "he"});
    CHECK(j.unsure == 0);
    CHECK_FALSE(j.open_boundary);
    CHECK(j.settled());
}

TEST_CASE("Judge: a group around one big eye of nine points lives", "[audit][end_judge]") {
    // Black's ring encloses a 3x3 eye: its middle point is no liberty, so Benson finds no vital
    // region; nine points make two eyes whatever White plays inside. White's wall has the rest.
    const auto b = game::Board::from_ascii({
        "XXXXXO...",
        "X...XO...",
        "X...XO...",
        "X...XO...",
        "XXXXXO...",
        "OOOOOO...",
        ".........",
        ".........",
        ".........",
    });
    const auto life = audit::analyse_life(b);
    REQUIRE_FALSE(life.pass_alive[at("aa")]);
    const auto j = audit::judge_end_position(b, life);
    CHECK(verdict_at(b, j, "aa") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "fa") == StringVerdict::alive);
    CHECK(j.dead.empty());
    CHECK(j.settled());
}

TEST_CASE("Judge: a group with two one-point eyes is alive by Benson and by the judge",
          "[audit][end_judge]") {
    const auto b = game::Board::from_ascii({
        ".X.XO....",
        "XXXXO....",
        "OOOOO....",
        ".........",
        ".........",
    });
    const auto life = audit::analyse_life(b);
    REQUIRE(life.pass_alive[at("ba")]);
    const auto j = audit::judge_end_position(b, life);
    CHECK(verdict_at(b, j, "ba") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ea") == StringVerdict::alive);
    for (const audit::JudgedString& s : j.strings) {
        if (s.color == game::Color::black) CHECK(s.by_benson);
    }
    CHECK(j.settled());
}

TEST_CASE("Judge: a corner group with one eye inside the opponent's area is dead",
          "[audit][end_judge]") {
    // Black's three stones in the corner have one eye (aa); White's stones around live on the
    // big area to the right and below, which joins them. Black's wall on the right lives too.
    const auto b = game::Board::from_ascii({
        ".XO..OX..",
        "XXO..OX..",
        "OOO..OX..",
        ".....OX..",
        ".....OX..",
        ".....OX..",
        ".....OX..",
        ".....OX..",
        ".....OX..",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ba") == StringVerdict::dead);
    CHECK(verdict_at(b, j, "ca") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ac") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "fa") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ga") == StringVerdict::alive);
    CHECK(points(j.dead) == std::vector<std::string>{"ba", "ab", "bb"});
    CHECK(j.settled());
}

TEST_CASE("Judge: two eyeless strings sharing their two liberties are in seki",
          "[audit][end_judge]") {
    // Black's inner string (da db dc ec) and White's (fa fb fc) share ea and eb, their only
    // liberties: whoever fills one is captured. Each is enclosed by a living group of the other.
    const auto b = game::Board::from_ascii({
        "..OX.OX..",
        "..OX.OX..",
        "..OXXOX..",
        "..OOOXX..",
        "....OX...",
        "....OX...",
        "....OX...",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "da") == StringVerdict::seki);
    CHECK(verdict_at(b, j, "fa") == StringVerdict::seki);
    CHECK(verdict_at(b, j, "ca") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ga") == StringVerdict::alive);
    CHECK(j.dead.empty());
    CHECK(j.settled());
}

TEST_CASE("Judge: a big group whose only liberties are shared with a corner group is in seki",
          "[audit][end_judge]") {
    // The end of a real 9x9 game (OGS): Black's five stones in the top right (ga ha ia hb hc)
    // and White's big group around them have the same two liberties, fa and gb, and no eye:
    // whoever fills one is taken. Those two points are no eyes of White's: each is a liberty
    // shared with stones that have no eye either.
    const auto b = game::Board::from_ascii({
        "OOOOO.XXX",
        "XXOXOO.XO",
        ".XXXXOOXO",
        "...XOOOOO",
        "....XXOOX",
        "XXXX..XXX",
        "OXOOXXXX.",
        "OOO.OOOXX",
        "..OO.OOOX",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ga") == StringVerdict::seki);
    CHECK(verdict_at(b, j, "aa") == StringVerdict::seki);
    CHECK(verdict_at(b, j, "ab") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ag") == StringVerdict::alive);
    CHECK(j.dead.empty());
    CHECK(j.settled());
}

TEST_CASE("Judge: a lone stone sharing two liberties with an eyeless group is no seki",
          "[audit][end_judge]") {
    // Black's five stones and White's stone at ab share aa and ac, their only liberties. White
    // can give ab up by playing aa; Black takes two stones and is left with one eye of two
    // points, inside White's living wall. Not a seki: the judge does not say what comes of it.
    const auto b = game::Board::from_ascii({
        ".XO......",
        "OXO......",
        ".XO......",
        "XXO......",
        "OOO......",
        ".........",
        ".........",
        ".........",
        ".........",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ba") == StringVerdict::unsure);
    CHECK(verdict_at(b, j, "ab") == StringVerdict::unsure);
    CHECK(verdict_at(b, j, "ca") == StringVerdict::alive);
    CHECK_FALSE(j.settled());
}

TEST_CASE("Judge: a group around a square of four is unsure", "[audit][end_judge]") {
    // Four points of eye space: one eye for sure, two perhaps (the square four dies, other
    // shapes live when their owner answers): the judge does not guess.
    const auto b = game::Board::from_ascii({
        "..XO.....",
        "..XO.....",
        "XXXO.....",
        "OOOO.....",
        ".........",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ca") == StringVerdict::unsure);
    CHECK(verdict_at(b, j, "da") == StringVerdict::alive);
    CHECK(j.unsure == 1);
    CHECK_FALSE(j.settled());
}

TEST_CASE("Judge: an open boundary between two walls leaves the count unsettled",
          "[audit][end_judge]") {
    // Three empty columns between the walls: their middle touches no stone. Both walls live,
    // nothing is dead, but the border is not finished.
    const auto b = game::Board::from_ascii({
        "..X...O..",
        "..X...O..",
        "..X...O..",
        "..X...O..",
        "..X...O..",
        "..X...O..",
        "..X...O..",
        "..X...O..",
        "..X...O..",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ca") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ga") == StringVerdict::alive);
    CHECK(j.dead.empty());
    CHECK(j.open_boundary);
    CHECK_FALSE(j.settled());
}

TEST_CASE("Judge: a living string left in atari is unsure", "[audit][end_judge]") {
    // White's stone at eb is joined to White's wall by its one liberty (fb). Black may take it
    // at fb and join his stones at fa and fc, or White may connect: the count depends on it.
    const auto b = game::Board::from_ascii({
        "...XXXO..",
        "...XO.O..",
        "...XXXO..",
        "...X..O..",
        "...X..O..",
        "...X..O..",
        "...X..O..",
        "...X..O..",
        "...X..O..",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "eb") == StringVerdict::unsure);
    CHECK(verdict_at(b, j, "gb") == StringVerdict::alive);
    CHECK(j.dead.empty());
    CHECK_FALSE(j.settled());
    // Here taking it is a ko (Black's stone at fb would be alone with one liberty): a ko left
    // open is counted one way or the other by the players. Unsure too.
    const auto c = game::Board::from_ascii({
        "...XXO...",
        "...XO.O..",
        "...XXO...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
    });
    const auto k = judge(c);
    CHECK(verdict_at(c, k, "eb") == StringVerdict::unsure);
    CHECK_FALSE(k.settled());
}

TEST_CASE("Judge: a board where a colour loses most of its stones is not settled",
          "[audit][end_judge]") {
    // Thirteen White stones scattered on both sides of Black's wall: each is dead by itself, but
    // players do not pass with most of their stones dead: an unfinished board, not relied on.
    const auto b = game::Board::from_ascii({
        ".O.O.X.O.",
        ".....X...",
        "O...OX.O.",
        ".....X...",
        ".O.O.X.O.",
        ".....X...",
        "O...OX.O.",
        ".....X...",
        ".O...X...",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ba") == StringVerdict::dead);
    CHECK(verdict_at(b, j, "ha") == StringVerdict::dead);
    CHECK(verdict_at(b, j, "fa") == StringVerdict::alive);
    CHECK(j.dead.size() == 13u);
    CHECK(j.unsure == 0);
    CHECK(j.implausible);
    CHECK_FALSE(j.settled());
}

TEST_CASE("Judge: a board where every stone of a colour would be dead is not relied on",
          "[audit][end_judge]") {
    // corpus/rules/nssk.sgf's end, a superko demonstration on 5x5 that nobody played out: the
    // judge's reading would take all four Black stones off (W+24.5 under AGA), fewer stones than
    // kJudgeLossFloor. Players do not pass with every stone dead: not relied on.
    const auto b = game::Board::from_ascii({
        ".OX..",
        "O.OX.",
        ".OX..",
        ".....",
        "....X",
    });
    const auto j = judge(b);
    CHECK(j.implausible);
    CHECK_FALSE(j.settled());
}

TEST_CASE("Judge: the same board gives the same judgement", "[audit][end_judge]") {
    const auto b = game::Board::from_ascii({
        "...X.O...",
        "...X.O...",
        ".O.X.O...",
        "...X.O...",
        "...X.O.X.",
    });
    const auto a1 = judge(b), a2 = judge(b);
    REQUIRE(a1.strings.size() == a2.strings.size());
    for (std::size_t i = 0; i < a1.strings.size(); ++i) {
        CHECK(a1.strings[i].stone == a2.strings[i].stone);
        CHECK(a1.strings[i].verdict == a2.strings[i].verdict);
    }
    CHECK(a1.dead == a2.dead);
}

TEST_CASE("Judge: hostile boards of the largest size stay within the budget",
          "[audit][end_judge]") {
    using clock = std::chrono::steady_clock;
    SECTION("a 52x52 checkerboard of one-stone strings") {
        game::Board b(52);
        for (int y = 0; y < 52; ++y) {
            for (int x = 0; x < 52; ++x) {
                b.set_stone(game::to_vertex(x, y),
                            (x + y) % 2 == 0 ? game::Color::black : game::Color::white);
            }
        }
        const auto start = clock::now();
        const auto j = judge(b);
        const auto took = clock::now() - start;
        CHECK(j.strings.size() == 52u * 52u);
        CHECK(j.rounds <= audit::kJudgeRounds);
        CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(took).count() < 2000);
    }
    SECTION("a 52x52 board of small strings sharing liberties in seki shapes") {
        // Rows of pairs X O with an empty point between each pair (many shared liberties),
        // a pseudo-random board from a fixed seed otherwise.
        game::Board b(52);
        std::uint32_t seed = 12345;
        for (int y = 0; y < 52; ++y) {
            for (int x = 0; x < 52; ++x) {
                seed = seed * 1103515245u + 12345u;
                const unsigned r = (seed >> 16) % 3;
                if (r == 0) continue;
                b.set_stone(game::to_vertex(x, y),
                            r == 1 ? game::Color::black : game::Color::white);
            }
        }
        const auto start = clock::now();
        const auto j = judge(b);
        const auto took = clock::now() - start;
        CHECK(j.rounds <= audit::kJudgeRounds);
        CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(took).count() < 2000);
        const auto again = judge(b);
        CHECK(again.dead == j.dead);
    }
}

TEST_CASE("Judge: an eye space with an island on its vital point is one eye: unsure, not alive",
          "[audit][end_judge]") {
    // Black's group in the top right corner encloses five points, ha ia hb ib ic (a bulky five),
    // with White's stone on its vital point ib. Black cannot make two eyes there (taking ib
    // leaves White the vital point again), so the group is not alive; whether White's outside
    // wall takes it is for the players (or an engine) to settle: both are unsure. Counting the
    // two regions around ib as an eye each would call Black alive and ib dead.
    const auto b = game::Board::from_ascii({
        ".....OX..",
        ".....OX.O",
        ".....OXX.",
        ".....OXXX",
        ".....OOOO",
        ".........",
        ".........",
        ".........",
        ".........",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ga") == StringVerdict::unsure);
    CHECK(verdict_at(b, j, "ib") == StringVerdict::unsure);
    CHECK(verdict_at(b, j, "fa") == StringVerdict::alive);
    CHECK(j.dead.empty());
    CHECK_FALSE(j.settled());
}

TEST_CASE("Judge: a small space around an island is one eye and a second eye makes life",
          "[audit][end_judge]") {
    // Black's corner space ha hb ib with White's stone at ia is a square four: one eye, and hd id
    // is a second. Black lives and ia, inside Black's eye, is dead.
    const auto b = game::Board::from_ascii({
        ".....OX.O",
        ".....OX..",
        ".....OXXX",
        ".....OX..",
        ".....OXXX",
        ".....OOOO",
        ".........",
        ".........",
        ".........",
    });
    const auto j = judge(b);
    CHECK(verdict_at(b, j, "ga") == StringVerdict::alive);
    CHECK(verdict_at(b, j, "ia") == StringVerdict::dead);
}

namespace {

bool same_judgement(const audit::EndJudgement& a, const audit::EndJudgement& b) {
    if (a.strings.size() != b.strings.size()) return false;
    for (std::size_t i = 0; i < a.strings.size(); ++i) {
        const audit::JudgedString &s = a.strings[i], &t = b.strings[i];
        if (s.stone != t.stone || s.color != t.color || s.stones != t.stones ||
            s.verdict != t.verdict || s.by_benson != t.by_benson) {
            return false;
        }
    }
    return a.dead == b.dead && a.unsure == b.unsure && a.open_boundary == b.open_boundary &&
           a.implausible == b.implausible && a.rounds == b.rounds;
}

}  // namespace

TEST_CASE("Judge: a board judged after larger ones is judged as on a thread of its own",
          "[audit][judge]") {
    // The judge keeps its per-vertex arrays per thread and resets, for each board, only the
    // board's rows and the border rows next to them: what a larger board left beyond them must
    // never be read. Each board is judged on a new thread (nothing left by any earlier board),
    // then all of them on one thread, from the largest down and back up.
    using namespace boards_on_threads;
    std::vector<game::Board> boards;
    for (std::size_t i = 0; i < kSizes.size(); ++i) {
        boards.push_back(patchy_board(kSizes[i].first, kSizes[i].second,
                                      1000u + 7u * static_cast<std::uint32_t>(i)));
    }
    const std::vector<audit::EndJudgement> fresh =
        each_on_its_own_thread<audit::EndJudgement>(boards, judge);
    int strings = 0;
    for (const audit::EndJudgement& j : fresh) strings += static_cast<int>(j.strings.size());
    CHECK(strings > 500);  // the boards hold strings to judge
    const std::vector<std::size_t> differing =
        differing_on_one_thread(boards, fresh, judge, &same_judgement);
    CHECK(differing.empty());
}
