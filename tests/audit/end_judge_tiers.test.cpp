// `--dead auto`'s tiers (issue 26): markup, else Benson's pass-alive proof, else the judge of end
// positions, else an oracle where one is given, else unsettled. Each count names its tier.

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
        const auto a = run(game_sgf(atari, "KM[0.5]RU[Chinese]RE[B+1.5]", "B- W-"),
                           {*audit::preset("chinese")}, automatic());
        const audit::Score& s = a.results[0].score;
        CHECK_FALSE(s.settled);
        CHECK(s.dead_source == audit::DeadSource::pass_alive);
        CHECK(a.record.check == audit::RecordCheck::unsettled);
    }
}
