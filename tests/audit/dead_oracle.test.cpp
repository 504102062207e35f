// `--dead gnugo` as the audit sees it: an oracle names the dead stones of the end position
// (audit/dead_stones.hpp). The engine itself is tested in tests/pipeline/gnugo.test.cpp; here a
// table stands in for it, so these cases need no GNU Go.

#include <atomic>
#include <memory>

#include "catalogue_support.hpp"
#include "sgfaudit/audit/dead_stones.hpp"

using namespace catalogue;

namespace {

// Answers with fixed points (SGF letters), or fails.
class TableOracle final : public audit::DeadStoneOracle {
  public:
    TableOracle(std::vector<std::string> dead, bool fail) : dead_(std::move(dead)), fail_(fail) {}
    std::string name() const override { return "table"; }
    audit::DeadStonesAnswer dead_stones(const game::Board&, double komi) const override {
        ++asked;
        last_komi = komi;
        audit::DeadStonesAnswer a;
        if (fail_) {
            a.failure = "no answer within 1 s";
            return a;
        }
        a.dead.emplace();
        for (const std::string& p : dead_) {
            a.dead->push_back(game::to_vertex(p[0] - 'a', p[1] - 'a'));
        }
        return a;
    }
    mutable std::atomic<int> asked{0};
    mutable double last_komi = -1;

  private:
    std::vector<std::string> dead_;
    bool fail_;
};

// 9x9: Black's wall on column E, White's on F, a White stone at B5 inside Black's side, and one
// Black stone at A1; ended by two passes. With B5 dead: Black 10 stones + 35 territory = 45,
// White 9 + 27 = 36 + komi 7 = 43: B+2 by area. B5 alive: the left side touches both colours.
std::string dead_stone_game(std::string_view re) {
    std::string moves;
    for (int y = 0; y < 9; ++y) {
        moves += ";B[" + sgf_point(4, y) + "];W[" + sgf_point(5, y) + "]";
    }
    moves += ";B[" + sgf_point(0, 8) + "];W[" + sgf_point(1, 4) + "];B[];W[]";
    return "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]RE[" + std::string(re) + "]" + moves + ")";
}

}  // namespace

TEST_CASE("Dead stones by an oracle: the stone it names is removed and RE is matched",
          "[audit][dead][gnugo]") {
    audit::AuditOptions options;
    options.dead = audit::DeadPolicy::gnugo;
    auto oracle = std::make_shared<TableOracle>(std::vector<std::string>{"be"}, false);
    options.dead_oracle = oracle;
    const audit::GameAudit a =
        run(dead_stone_game("B+2"), {*audit::preset("chinese"), *audit::preset("aga")}, options);
    const audit::Score& s = a.results[0].score;
    CHECK(s.dead_white == 1);
    CHECK(s.dead_black == 0);
    CHECK(s.settled);
    CHECK(s.dead_source == audit::DeadSource::oracle);
    CHECK(s.dead_oracle == "table");
    CHECK(s.area.winner == audit::Winner::black);
    CHECK(s.area.margin == 2);
    CHECK(a.record.check == audit::RecordCheck::match);
    // One question per end board, whatever the number of rulesets, with the record's KM.
    CHECK(oracle->asked == 1);
    CHECK(oracle->last_komi == 7);
    CHECK(a.results[1].score.dead_source == audit::DeadSource::oracle);
    CHECK(a.results[1].score.dead_oracle == "table");
}

TEST_CASE("Dead stones by an oracle that fails: the count is unsettled, never a mismatch",
          "[audit][dead][gnugo]") {
    audit::AuditOptions options;
    options.dead = audit::DeadPolicy::gnugo;
    options.dead_oracle = std::make_shared<TableOracle>(std::vector<std::string>{}, true);
    const audit::GameAudit a = run(dead_stone_game("B+2"), {*audit::preset("chinese")}, options);
    const audit::Score& s = a.results[0].score;
    CHECK_FALSE(s.settled);
    CHECK(s.dead_white == 0);
    CHECK(s.dead_source == audit::DeadSource::oracle_failed);
    CHECK(s.dead_oracle == "no answer within 1 s");
    CHECK(a.record.check == audit::RecordCheck::unsettled);
    CHECK(a.record.why == audit::RecordReason::unsettled_oracle);
    CHECK(a.record.dead_source == audit::DeadSource::oracle_failed);
    CHECK(a.record.dead_oracle == "no answer within 1 s");
    bool noted = false;
    for (const audit::RecordIssue& i : a.record_issues) {
        if (audit::to_string(i.code()) == "dead_stones_undecided") {
            noted = true;
            CHECK(i.severity == audit::IssueSeverity::note);
            const auto& undecided = std::get<audit::issue::DeadStonesUndecided>(i.payload);
            CHECK(undecided.failure == "no answer within 1 s");
            CHECK_FALSE(undecided.no_oracle);
        }
    }
    CHECK(noted);
}

TEST_CASE("Dead stones by an oracle: a resigned game is not asked about and is counted as it is",
          "[audit][dead][gnugo]") {
    audit::AuditOptions options;
    options.dead = audit::DeadPolicy::gnugo;
    auto oracle = std::make_shared<TableOracle>(std::vector<std::string>{"be"}, false);
    options.dead_oracle = oracle;
    std::string text = dead_stone_game("B+R");
    text.erase(text.find(";B[];W[]"), 8);
    const audit::GameAudit a = run(text, {*audit::preset("chinese")}, options);
    CHECK(oracle->asked == 0);
    CHECK(a.results[0].score.dead_white == 0);
    CHECK(a.results[0].score.dead_source == audit::DeadSource::oracle_not_asked);
}
