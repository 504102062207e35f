// Server conventions (issue 15, docs/rules-notes.md "Server conventions"): what an OGS record
// (PC[OGS: ...]) leaves unsaid that OGS's scorer used. Hand-made 5x5 records; the counts by hand.

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

constexpr std::string_view kOgs = "PC[OGS: https://online-go.com/game/1]";

std::vector<audit::Ruleset> area_and_territory() {
    return {*audit::preset("chinese"), *audit::preset("japanese"), *audit::preset("aga")};
}
constexpr std::size_t CN = 0, JP = 1, AG = 2;

// White moves first after one Black setup stone at c1 (R10's one-stone handicap); Black fills
// column c, White column d, then both pass. Black: columns a-c, 10 territory + 5 stones; White:
// columns d-e, 5 stones + 5 territory. One pass each, the last turn White's.
std::string one_stone(std::string_view root) {
    return "(;GM[1]FF[4]SZ[5]" + std::string(root) +
           "AB[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
}

// The same wall, Black first, no setup: an even game.
std::string even(std::string_view root) {
    return "(;GM[1]FF[4]SZ[5]" + std::string(root) +
           ";B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
}

}  // namespace

TEST_CASE("server conventions: PC names the server", "[audit][servers]") {
    REQUIRE(audit::server_convention("OGS: https://online-go.com/game/1") != nullptr);
    CHECK(audit::server_convention("OGS: https://online-go.com/game/1")->server == "OGS");
    CHECK(audit::server_convention("") == nullptr);
    CHECK(audit::server_convention("The KGS Go Server at http://www.gokgs.com/") == nullptr);
    const sgf::Document doc = sgf::read_document("pc.sgf", even(kOgs));
    CHECK(sgf::read_record(doc, 0).place == "OGS: https://online-go.com/game/1");
}

TEST_CASE("server conventions: OGS's one-stone handicap earns White 1 point under bonus=n",
          "[audit][servers]") {
    // Area: B 15, W 10 + 0.5 + 1 (OGS's Chinese compensation for its handicap of 1).
    const std::string root = std::string(kOgs) + "KM[0.5]RU[Chinese]RE[B+3.5]";
    const auto a = run(one_stone(root), area_and_territory());
    CHECK(a.handicap == 0);  // R4: no HA, so n = 0; the bonus alone follows the server
    CHECK(a.results[CN].score.handicap_bonus == 1.0);
    count(a.results[CN].score.area, 15, 11.5, "chinese area");
    CHECK(a.record.check == audit::RecordCheck::match);
    // Japanese (no bonus) and AGA (n - 1 = 0): nothing. Territory: B 10 - 1 pass stone under
    // AGA; W 5 - 1 + 0.5.
    CHECK(a.results[JP].score.handicap_bonus == 0.0);
    CHECK(a.results[AG].score.handicap_bonus == 0.0);
    count(a.results[AG].score.area, 15, 10.5, "aga area");
    // Without PC the record is no server's: the one stone earns nothing, RE B+3.5 is a
    // mismatch of one point.
    const auto plain = run(one_stone("KM[0.5]RU[Chinese]RE[B+3.5]"), area_and_territory());
    CHECK(plain.results[CN].score.handicap_bonus == 0.0);
    CHECK(plain.record.check == audit::RecordCheck::mismatch);
    // Two Black stones: not the one-stone form, no bonus on an OGS record either.
    const auto two = run("(;GM[1]FF[4]SZ[5]" + std::string(kOgs) +
                             "KM[0.5]RU[Chinese]AB[ca][cb];W[da];B[cc];W[db];B[];W[])",
                         area_and_territory());
    CHECK(two.results[CN].score.handicap_bonus == 0.0);
}

TEST_CASE("server conventions: an OGS record without KM was played with komi 0",
          "[audit][servers]") {
    // Area B 15, W 10: B+5 with komi 0.
    const auto a = run(even(std::string(kOgs) + "RU[Chinese]RE[B+5]"), area_and_territory());
    for (const auto& r : a.results) {
        CHECK(r.score.komi == 0.0);
        CHECK(r.score.komi_source == audit::KomiSource::server_convention);
        CHECK(r.score.komi_text == "OGS");
    }
    CHECK(a.record.check == audit::RecordCheck::match);
    // A KM that is there is used, and without PC the defaults stay (7.5 under chinese).
    const auto km =
        run(even(std::string(kOgs) + "KM[2.5]RU[Chinese]RE[B+2.5]"), area_and_territory());
    CHECK(km.results[CN].score.komi == 2.5);
    CHECK(km.record.check == audit::RecordCheck::match);
    const auto plain = run(even("RU[Chinese]RE[B+5]"), area_and_territory());
    CHECK(plain.results[CN].score.komi == 7.5);
    CHECK(plain.record.check == audit::RecordCheck::mismatch);
    // An unreadable KM is not an absent one: the defaults, as before.
    const auto bad = run(even(std::string(kOgs) + "KM[x]RU[Chinese]"), area_and_territory());
    CHECK(bad.results[CN].score.komi == 7.5);
    // A handicap game without KM: komi 0 too (not the handicap default 0.5); OGS's Chinese
    // bonus n comes on top.
    const auto ha = run("(;GM[1]FF[4]SZ[5]" + std::string(kOgs) +
                            "HA[2]RU[Chinese]AB[ca][cb];W[da];B[cc];W[db];B[];W[])",
                        area_and_territory());
    CHECK(ha.results[CN].score.komi == 0.0);
    CHECK(ha.results[CN].score.handicap_bonus == 2.0);
}

TEST_CASE("record check: a margin of 0 is a draw in OGS records whichever colour RE names",
          "[audit][servers][R16]") {
    // Area B 15, W 10 + 5: a draw. OGS writes it B+0 (R16: a draw only on OGS, named by PC).
    for (const char* re : {"B+0", "W+0", "0", "Draw"}) {
        INFO(re);
        const auto a = run(even(std::string(kOgs) + "KM[5]RU[Chinese]RE[" + std::string(re) + "]"),
                           area_and_territory());
        CHECK(a.record.check == audit::RecordCheck::match);
    }
    const auto won = run(even(std::string(kOgs) + "KM[4]RU[Chinese]RE[B+0]"), area_and_territory());
    CHECK(won.record.check == audit::RecordCheck::mismatch);
    CHECK(won.record.winner_differs);
    // Elsewhere B+0 names the winner only (R16): B+1 under KM 4 is Black's win.
    const auto fox = run(even("KM[4]RU[Chinese]RE[B+0]"), area_and_territory());
    CHECK(fox.record.check == audit::RecordCheck::match);
    CHECK(fox.record.why == audit::RecordReason::winner_only);
    const auto drawn = run(even("KM[5]RU[Chinese]RE[W+0]"), area_and_territory());
    CHECK(drawn.record.check == audit::RecordCheck::mismatch);
}
