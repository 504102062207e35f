// `--dead auto`'s tiers (issue 26): markup, else Benson's pass-alive proof, else the judge of end
// positions, else an oracle where one is given, else unsettled. Each count names its tier.

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "catalogue_support.hpp"
#include "sgfaudit/audit/dead_stones.hpp"
#include "sgfaudit/sgf/values.hpp"

using namespace catalogue;

namespace {

// Names fixed points (SGF letters) dead, and counts the questions.
class FixedOracle final : public audit::DeadStoneOracle {
  public:
    explicit FixedOracle(std::vector<std::string> dead) : dead_(std::move(dead)) {}
    std::string name() const override { return "fixed"; }
    audit::DeadStonesAnswer dead_stones(const game::Board&, double) const override {
        ++asked;
        audit::DeadStonesAnswer a;
        a.dead.emplace();
        for (const std::string& p : dead_) {
            a.dead->push_back(game::to_vertex(p[0] - 'a', p[1] - 'a'));
        }
        return a;
    }
    mutable std::atomic<int> asked{0};

  private:
    std::vector<std::string> dead_;
};

audit::AuditOptions automatic(std::shared_ptr<const audit::DeadStoneOracle> oracle = nullptr) {
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::automatic;
    o.dead_oracle = std::move(oracle);
    return o;
}

// Black's wall on column d and White's on f face each other across the dame of column e; a
// White stone at bc inside Black's side. Benson proves neither wall; the judge finds bc dead.
// Chinese (area): B 9 wall + 27 = 36 (bc's point included), W 9 + 27 = 36 + komi 0.5.
const std::vector<std::string> walls = {
    "...X.O...", "...X.O...", ".O.X.O...", "...X.O...", "...X.O...",
    "...X.O...", "...X.O...", "...X.O...", "...X.O...",
};

// White's stone at eb is joined to White's wall by its one liberty (fb); Black may take it:
// the judge is unsure.
const std::vector<std::string> atari = {
    "...XXXO..", "...XO.O..", "...XXXO..", "...X..O..", "...X..O..",
    "...X..O..", "...X..O..", "...X..O..", "...X..O..",
};

// The atari board with White's stone bc inside Black's side, dead for the judge (as in walls).
const std::vector<std::string> atari_bc = {
    "...XXXO..", "...XO.O..", ".O.XXXO..", "...X..O..", "...X..O..",
    "...X..O..", "...X..O..", "...X..O..", "...X..O..",
};

}  // namespace

TEST_CASE("Dead stones auto: where Benson leaves the count unsettled the judge settles it",
          "[audit][dead][end_judge]") {
    const std::string text = game_sgf(walls, "KM[0.5]RU[Chinese]RE[W+0.5]", "B- W-");
    const auto a = run(text, {*audit::preset("chinese")}, automatic());
    const audit::Score& s = a.results[0].score;
    CHECK(s.settled);
    CHECK(s.dead_source == audit::DeadSource::judge);
    CHECK(s.dead_white == 1);
    CHECK(s.dead_black == 0);
    count(s.area, 36, 36.5, "chinese, judge");
    CHECK(a.record.check == audit::RecordCheck::match);
    CHECK(a.record.dead_source == audit::DeadSource::judge);
    // Benson alone (`--dead pass-alive`) leaves it unsettled.
    audit::AuditOptions benson;
    benson.dead = audit::DeadPolicy::pass_alive;
    const auto b = run(text, {*audit::preset("chinese")}, benson);
    CHECK_FALSE(b.results[0].score.settled);
    CHECK(b.record.check == audit::RecordCheck::unsettled);
}

TEST_CASE("Dead stones auto: an oracle is asked only where the judge is unsure",
          "[audit][dead][end_judge]") {
    SECTION("the judge settles: the oracle is not asked") {
        auto oracle = std::make_shared<FixedOracle>(std::vector<std::string>{});
        const auto a = run(game_sgf(walls, "KM[0.5]RU[Chinese]RE[W+0.5]", "B- W-"),
                           {*audit::preset("chinese")}, automatic(oracle));
        CHECK(a.results[0].score.dead_source == audit::DeadSource::judge);
        CHECK(oracle->asked == 0);
    }
    SECTION("the judge is unsure: the oracle decides the strings it is unsure of") {
        auto oracle = std::make_shared<FixedOracle>(std::vector<std::string>{"eb"});
        const auto a = run(game_sgf(atari, "KM[0.5]RU[Chinese]", "B- W-"),
                           {*audit::preset("chinese")}, automatic(oracle));
        const audit::Score& s = a.results[0].score;
        CHECK(oracle->asked == 1);
        CHECK(s.dead_source == audit::DeadSource::judge_engine);
        CHECK(s.dead_oracle == "fixed");
        CHECK(s.dead_white == 1);
        CHECK(s.dead_black == 0);
        REQUIRE(s.engine_dead.size() == 1);
        CHECK(sgf::sgf_coordinates(s.engine_dead[0]) == "eb");
        CHECK(s.settled);
    }
    SECTION("the oracle calls dead a string the judge holds alive: the judge's verdict stands") {
        // da is a stone of Black's wall, alive for the judge; eb is the string it is unsure of.
        auto oracle = std::make_shared<FixedOracle>(std::vector<std::string>{"da"});
        const auto a = run(game_sgf(atari, "KM[0.5]RU[Chinese]", "B- W-"),
                           {*audit::preset("chinese")}, automatic(oracle));
        const audit::Score& s = a.results[0].score;
        CHECK(oracle->asked == 1);
        CHECK(s.dead_source == audit::DeadSource::judge_engine);
        CHECK(s.dead_black == 0);
        CHECK(s.dead_white == 0);  // the oracle keeps eb on the board
        CHECK(s.engine_dead.empty());
        CHECK(s.settled);
    }
    SECTION("the judge is unsure and there is no oracle: unsettled") {
        // R20: eb alive gives B+11.5, eb dead B+12.5 (RE): the decision changes the comparison.
        const auto a = run(game_sgf(atari, "KM[0.5]RU[Chinese]RE[B+12.5]", "B- W-"),
                           {*audit::preset("chinese")}, automatic());
        const audit::Score& s = a.results[0].score;
        CHECK_FALSE(s.settled);
        CHECK(s.dead_source == audit::DeadSource::pass_alive);
        CHECK(a.record.check == audit::RecordCheck::unsettled);
        CHECK(a.record.decided_unsure.empty());
    }
}

TEST_CASE("R20: a check is unsettled only where a decision about an unsure string changes it",
          "[audit][R20][dead][end_judge]") {
    // The atari board, Chinese (area), KM 0.5. The judge is unsure of White's eb only; Black's
    // walls and White's are alive. Black 13 stones + 27 (columns a-c) = 40 either way; White
    // 10 stones + 18 (columns h-i) = 28 + 0.5 with eb alive (B+11.5), 27 + 0.5 with eb dead
    // (B+12.5): fb, and eb's point once it is taken, touch both colours (neutral).
    const std::vector<audit::Ruleset> cn = {*audit::preset("chinese")};
    const auto check = [&](const std::string& re) {
        return run(game_sgf(atari, "KM[0.5]RU[Chinese]RE[" + re + "]", "B- W-"), cn, automatic());
    };
    SECTION("no decision reaches RE: a mismatch, with the count closest to RE") {
        const auto a = check("B+1.5");
        CHECK(a.record.check == audit::RecordCheck::mismatch);
        CHECK(a.record.why == audit::RecordReason::unsure_every_decision_misses);
        REQUIRE(a.record.decided_unsure.size() == 1);
        CHECK(sgf::sgf_coordinates(a.record.decided_unsure[0]) == "eb");
        REQUIRE(a.record.count.has_value());
        CHECK(a.record.count->winner == audit::Winner::black);
        CHECK(a.record.count->margin == Approx(11.5));  // eb alive: closer to B+1.5
        REQUIRE(a.record.difference.has_value());
        CHECK(*a.record.difference == Approx(-10.0));
        CHECK_FALSE(a.record.winner_differs);
        CHECK(a.record.dead_source == audit::DeadSource::judge);
        // The record divergence is listed, as for any mismatch.
        CHECK(std::count_if(a.divergences.begin(), a.divergences.end(), [](const auto& d) {
                  return d.kind == audit::DivergenceKind::record;
              }) == 1);
        // White's win is further still: the winner differs.
        const auto w = check("W+3.5");
        CHECK(w.record.check == audit::RecordCheck::mismatch);
        CHECK(w.record.winner_differs);
        CHECK(*w.record.difference == Approx(-15.0));  // -3.5 - 11.5
    }
    SECTION("every decision reproduces RE: a match") {
        // With White's dead stone bc inside Black's side as well, Benson's count (nothing
        // removed: columns a-c touch both colours) is W+16.5; the judge takes bc, and Black
        // wins whatever eb is (B+11.5 or B+12.5). RE names the winner only.
        const auto a =
            run(game_sgf(atari_bc, "KM[0.5]RU[Chinese]RE[B+]", "B- W-"), cn, automatic());
        CHECK_FALSE(a.results[0].score.settled);
        CHECK(a.record.check == audit::RecordCheck::match);
        CHECK(a.record.why == audit::RecordReason::unsure_every_decision_reproduces);
        REQUIRE(a.record.decided_unsure.size() == 1);
        CHECK(sgf::sgf_coordinates(a.record.decided_unsure[0]) == "eb");
        CHECK(a.record.dead_source == audit::DeadSource::judge);
        // A margin: only one decision reaches it, the other does not.
        const auto split =
            run(game_sgf(atari_bc, "KM[0.5]RU[Chinese]RE[B+11.5]", "B- W-"), cn, automatic());
        CHECK(split.record.check == audit::RecordCheck::unsettled);
        CHECK(split.record.decided_unsure.empty());
    }
    SECTION("the decisions split: unsettled, as before") {
        CHECK(check("B+12.5").record.check == audit::RecordCheck::unsettled);
        // Benson's count (eb alive, nothing removed) is RE: a match, R20 not needed.
        CHECK(check("B+11.5").record.check == audit::RecordCheck::match);
        CHECK(check("B+11.5").record.decided_unsure.empty());
    }
    SECTION("Benson's source alone (--dead pass-alive) is not enumerated") {
        audit::AuditOptions benson;
        benson.dead = audit::DeadPolicy::pass_alive;
        const auto a = run(game_sgf(atari, "KM[0.5]RU[Chinese]RE[B+1.5]", "B- W-"), cn, benson);
        CHECK(a.record.check == audit::RecordCheck::unsettled);
        CHECK(a.record.decided_unsure.empty());
    }
}
