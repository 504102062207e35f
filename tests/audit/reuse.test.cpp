// What a thread keeps from one audit to the next (the replay's history and lists, the mapping of
// RU texts it met) never changes a later game's audit.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

audit::GameAudit run(const std::string& sgf) {
    const sgf::Document doc = sgf::read_document("test.sgf", sgf);
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord rec = sgf::read_record(doc, 0);
    const std::vector<audit::Ruleset> rules = {*audit::preset("tromp-taylor"),
                                               *audit::preset("aga"), *audit::preset("french")};
    return audit::audit_game(rec, rules);
}

// A ko taken and retaken at once (illegal under every superko rule) on a 5x5 board.
const std::string kKo =
    "(;GM[1]FF[4]SZ[5]PL[B]AB[ba][ab][bc]AW[ca][bb][cc][db];B[ee];W[];B[cb];W[bb])";

std::string long_game() {
    std::string sgf = "(;GM[1]FF[4]SZ[19]";
    for (int y = 0; y < 19; ++y) {
        for (int x = 0; x < 19; x += 2) {
            sgf += ";B[";
            sgf += static_cast<char>('a' + x);
            sgf += static_cast<char>('a' + y);
            sgf += "];W[";
            sgf += static_cast<char>('a' + (x + 1) % 19);
            sgf += static_cast<char>('a' + (y + 9) % 19);
            sgf += ']';
        }
    }
    return sgf + ")";
}

}  // namespace

TEST_CASE("reuse: a game audits the same after other games on the same thread", "[audit][reuse]") {
    const audit::GameAudit first = run(kKo);
    (void)run(long_game());
    (void)run("(;GM[1]FF[4]SZ[9];B[ee];W[];B[];W[dd])");
    const audit::GameAudit again = run(kKo);
    REQUIRE(first.results.size() == again.results.size());
    for (std::size_t i = 0; i < first.results.size(); ++i) {
        const auto& a = first.results[i];
        const auto& b = again.results[i];
        REQUIRE(a.illegal.size() == b.illegal.size());
        for (std::size_t k = 0; k < a.illegal.size(); ++k) {
            CHECK(a.illegal[k].move == b.illegal[k].move);
            CHECK(a.illegal[k].reason == b.illegal[k].reason);
            CHECK(a.illegal[k].repeats_move == b.illegal[k].repeats_move);
        }
        CHECK(a.score.area.black == b.score.area.black);
        CHECK(a.score.area.white == b.score.area.white);
    }
    CHECK(first.divergences.size() == again.divergences.size());
    CHECK_FALSE(first.results[0].illegal.empty());
}

TEST_CASE("reuse: RU texts, more of them than the thread remembers, each mapped as map_ru does",
          "[audit][reuse]") {
    const std::vector<std::string> texts = {"AGA",
                                            "French",
                                            "Japanese",
                                            "Tromp-Taylor",
                                            "Chinese",
                                            "aga rules",
                                            "koPOSITIONALscoreAREAtaxNONEsui1",
                                            "FFG",
                                            "Korean",
                                            "NZ",
                                            "  AGA ",
                                            "unknown rules"};
    for (int round = 0; round < 3; ++round) {
        for (const std::string& ru : texts) {
            const audit::GameAudit a = run("(;GM[1]FF[4]SZ[9]RU[" + ru + "]RE[B+R];B[ee];W[dd])");
            const audit::RuMapping m = audit::map_ru(ru);
            INFO("RU[" << ru << "], round " << round);
            CHECK(a.record.rules == ru);
            CHECK(a.record.mapped == (m.ruleset ? m.ruleset->spec : std::string()));
            if (!m.ruleset) {
                CHECK(a.record.check == audit::RecordCheck::unmapped_rules);
                CHECK(a.record.why == audit::RecordReason::rules_not_mapped);
                CHECK(a.record.mapping == m.reason);
            } else {
                CHECK(a.record.check == audit::RecordCheck::not_comparable);
            }
        }
    }
}
