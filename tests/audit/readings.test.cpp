// The record check's other readings of one count (rules.md 8): R12's subsets of the dead strings,
// whatever tier of `--dead auto` chose them, and R18's reading of RU Japanese by J 8 (R19). And
// the recount R12 makes thousands of times a game, checked against the count it stands for.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "../../src/audit/scoring.hpp"
#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

audit::AuditOptions automatic() {
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::automatic;
    return o;
}

// Black's wall on column d and White's on f face each other across the dame of column e; a
// White stone at bc inside Black's side. Benson proves neither wall; the judge of end positions
// finds bc dead (as in end_judge_tiers.test.cpp).
const std::vector<std::string> walls = {
    "...X.O...", "...X.O...", ".O.X.O...", "...X.O...", "...X.O...",
    "...X.O...", "...X.O...", "...X.O...", "...X.O...",
};

// 6x3: Black's one-stone string (3,0) has one liberty, e = (2,0), which Black must fill to keep
// it: a false eye (japanese_count.test.cpp).
const std::vector<std::string> false_eye = {".X.XO.", ".XXOO.", ".XOO.."};

}  // namespace

TEST_CASE("R12: the judge's dead strings are searched like any source's", "[audit][R12]") {
    // Chinese (area), KM 0.5. The judge removes bc: B 9 + 27 = 36, W 9 + 27 = 36 + 0.5: W+0.5.
    // Left on the board by agreement: columns a-c reach both colours (bc is White's), B 9,
    // W 9 + 27 + 1 = 37 + 0.5: W+28.5.
    const std::vector<audit::Ruleset> cn = {*audit::preset("chinese")};
    const auto judged =
        run(game_sgf(walls, "KM[0.5]RU[Chinese]RE[W+0.5]", "B- W-"), cn, automatic());
    REQUIRE(judged.results[0].score.dead_source == audit::DeadSource::judge);
    CHECK(judged.record.check == audit::RecordCheck::match);
    const auto agreed =
        run(game_sgf(walls, "KM[0.5]RU[Chinese]RE[W+28.5]", "B- W-"), cn, automatic());
    agreed_with(agreed, sgf::Point{1, 2}, audit::Winner::white, 28.5);
    // No subset reaches W+10: a mismatch.
    const auto wrong = run(game_sgf(walls, "KM[0.5]RU[Chinese]RE[W+10]", "B- W-"), cn, automatic());
    CHECK(wrong.record.check == audit::RecordCheck::mismatch);
}

TEST_CASE("R18 with R19: RU Japanese is also read as J 8 has it where the servers' count misses RE",
          "[audit][R18][R19]") {
    // RU Japanese maps to japanese:seki-eyes=territory, the servers' count: e is Black's, B 4
    // against W 4 + 0.5: W+0.5. J 8 read by R19 gives e to no one (Black must fill it): B 3,
    // W+1.5.
    const std::vector<audit::Ruleset> aga = {*audit::preset("aga")};
    const auto servers = run(game_sgf(false_eye, "KM[0.5]RU[Japanese]RE[W+0.5]", "B- W-"), aga);
    CHECK(servers.record.mapped == "japanese:seki-eyes=territory");
    CHECK(servers.record.check == audit::RecordCheck::match);
    const auto j8 = run(game_sgf(false_eye, "KM[0.5]RU[Japanese]RE[W+1.5]", "B- W-"), aga);
    CHECK(j8.record.check == audit::RecordCheck::convention);
    CHECK(j8.record.why == audit::RecordReason::convention_japanese_reading);
    REQUIRE(j8.record.count.has_value());
    CHECK(j8.record.count->winner == audit::Winner::white);
    CHECK(j8.record.count->margin == Approx(1.5));
    CHECK(j8.record.difference == Approx(0.0));
    // Neither reading reaches W+3.5: a mismatch, under the servers' reading.
    const auto neither = run(game_sgf(false_eye, "KM[0.5]RU[Japanese]RE[W+3.5]", "B- W-"), aga);
    CHECK(neither.record.check == audit::RecordCheck::mismatch);
    // Chinese counts by area: no second reading.
    const auto chinese = run(game_sgf(false_eye, "KM[0.5]RU[Chinese]RE[W+1.5]", "B- W-"), aga);
    CHECK(chinese.record.check == audit::RecordCheck::mismatch);
}

TEST_CASE("R12's recount by rows equals the count of the board with the stones taken off",
          "[audit][R12]") {
    // Random positions of every size class, random stones taken off (some listed twice, some
    // points empty): tally_regions_without must give what tally_position gives for the same
    // stones under the markup policy without readings of seki.
    std::mt19937 random(20261126);
    for (const int size : {5, 9, 13, 19, 25}) {
        for (int trial = 0; trial < 60; ++trial) {
            game::Board board(size);
            for (int y = 0; y < size; ++y) {
                for (int x = 0; x < size; ++x) {
                    const auto r = random() % 7;
                    if (r < 2) board.set_stone(game::to_vertex(x, y), game::Color::black);
                    if (r >= 2 && r < 4) board.set_stone(game::to_vertex(x, y), game::Color::white);
                }
            }
            std::vector<game::Vertex> removed;
            const auto n = random() % 12;
            for (unsigned i = 0; i < n; ++i) {
                removed.push_back(
                    game::to_vertex(static_cast<int>(random() % static_cast<unsigned>(size)),
                                    static_cast<int>(random() % static_cast<unsigned>(size))));
            }
            if (!removed.empty()) removed.push_back(removed.front());  // twice
            const auto fast = audit::detail::tally_regions_without(board, removed);
            const auto full = audit::detail::tally_position(
                board, audit::detail::DeadStones{audit::DeadPolicy::markup, removed},
                audit::detail::SekiReadings{});
            INFO("size " << size << " trial " << trial);
            CHECK(fast.black_stones == full.black_stones);
            CHECK(fast.white_stones == full.white_stones);
            CHECK(fast.dead_black == full.dead_black);
            CHECK(fast.dead_white == full.dead_white);
            CHECK(fast.black_territory == full.black_territory);
            CHECK(fast.white_territory == full.white_territory);
            CHECK(fast.neutral == full.neutral);
        }
    }
}

TEST_CASE("R19's filling on random positions: the same reading every time, within territory",
          "[audit][R19]") {
    // Random positions of every size class through J 8's reading. Every fill the filling
    // decides before playing it is checked, in builds with assertions, against the play
    // itself (japanese_count.cpp, fill_safely); here, that a reading repeated after other
    // boards gives the same count, and takes from each colour at most its territory.
    std::mt19937 random(20261127);
    const auto j8 = audit::detail::SekiReadings::of(audit::SekiEyes::neutral);
    const auto none = audit::detail::DeadStones{audit::DeadPolicy::markup, {}};
    std::vector<game::Board> boards;
    for (const int size : {5, 9, 13, 19}) {
        for (int trial = 0; trial < 80; ++trial) {
            game::Board board(size);
            const unsigned density = 3 + trial % 4;  // stones on 4/7 down to 4/10 of the points
            for (int y = 0; y < size; ++y) {
                for (int x = 0; x < size; ++x) {
                    const auto r = random() % (density + 4);
                    const game::Vertex v = game::to_vertex(x, y);
                    if (r < 2 || r >= density + 2) continue;
                    const game::Color c = r % 2 == 0 ? game::Color::black : game::Color::white;
                    // Plays, not setup: no string is left without a liberty.
                    if (board.at(v) == game::Cell::empty) board.play(v, c, true);
                }
            }
            boards.push_back(board);
        }
    }
    std::vector<audit::detail::Tally> first;
    for (const game::Board& b : boards) first.push_back(audit::detail::tally_position(b, none, j8));
    int read = 0;
    for (std::size_t i = boards.size(); i-- > 0;) {
        INFO("board " << i << "\n" << boards[i].to_ascii());
        const audit::detail::Tally again = audit::detail::tally_position(boards[i], none, j8);
        CHECK(again.black_seki_eyes == first[i].black_seki_eyes);
        CHECK(again.white_seki_eyes == first[i].white_seki_eyes);
        CHECK(first[i].black_seki_eyes <= first[i].black_territory);
        CHECK(first[i].white_seki_eyes <= first[i].white_territory);
        read += first[i].black_seki_eyes + first[i].white_seki_eyes > 0 ? 1 : 0;
    }
    CHECK(read > 0);  // some positions have points the reading takes
}
