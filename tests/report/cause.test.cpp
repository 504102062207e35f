// Causes of divergences (docs/report-format.md "Causes") from the typed facts of hand-built
// audits: the illegal-play reason against the allowing ruleset's ko and suicide knobs (rules-
// model.md 2, 3), the end knob (TT 8 vs AGA 10 / FFG 5), the terms of the counts (rules.md
// 5) and the record check.

#include "sgfaudit/report/cause.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/ruleset.hpp"

using namespace sgfaudit;
using report::Cause;

namespace {

audit::RulesetResult result(const std::string& spec) {
    audit::RulesetResult r;
    r.ruleset = *audit::parse_ruleset_spec(spec).ruleset;
    r.end = audit::EndKind::two_passes;
    r.end_move = 20;
    r.score.scored = true;
    r.score.decisive = r.ruleset.scoring;
    return r;
}

audit::Verdict verdict(std::size_t ruleset, std::optional<audit::Reason> reason,
                       std::optional<std::uint32_t> repeats = std::nullopt) {
    audit::Verdict v;
    v.ruleset = ruleset;
    v.legal = !reason.has_value();
    v.reason = reason;
    v.repeats_move = repeats;
    return v;
}

// A legality divergence at move 9 with these verdicts.
audit::Divergence play(std::vector<audit::Verdict> verdicts) {
    audit::Divergence d;
    d.kind = audit::DivergenceKind::legality;
    d.move = 9;
    d.verdicts = std::move(verdicts);
    return d;
}

std::vector<Cause> causes(const audit::GameAudit& a, const audit::Divergence& d) {
    std::vector<Cause> out;
    for (const report::PairCause& c : report::divergence_causes(a, d)) out.push_back(c.cause);
    return out;
}

}  // namespace

TEST_CASE("Legality causes follow the reason and the allowing ruleset's knobs", "[report][cause]") {
    audit::GameAudit a;
    a.results = {result("tromp-taylor"), result("aga"), result("french")};
    using R = audit::Reason;

    // TT 7 removes a multi-stone suicide; AGA 5 and FFG 3 forbid it.
    CHECK(causes(a, play({verdict(0, {}), verdict(1, R::suicide), verdict(2, R::suicide)})) ==
          std::vector<Cause>{Cause::suicide, Cause::suicide});

    // psk and ssk forbid, nssk allows: the repeated position followed the mover's pass.
    const auto pass = play({verdict(0, R::positional_superko, 7), verdict(1, {}),
                            verdict(2, R::situational_superko, 7)});
    const auto pairs = report::divergence_causes(a, pass);
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].first == 0);
    CHECK(pairs[0].second == 1);
    CHECK(pairs[0].cause == Cause::superko_after_pass);
    CHECK(pairs[1].first == 1);
    CHECK(pairs[1].second == 2);
    CHECK(pairs[1].cause == Cause::superko_after_pass);

    // psk forbids, ssk and nssk allow: the other player was to move (a psk-only cycle).
    CHECK(causes(a, play({verdict(0, R::positional_superko, 4), verdict(1, {}), verdict(2, {})})) ==
          std::vector<Cause>{Cause::psk_only_cycle, Cause::psk_only_cycle});

    // Without an ssk ruleset: the parity of the moves between says who was to move.
    audit::GameAudit two;
    two.results = {result("tromp-taylor"), result("aga")};
    CHECK(causes(two, play({verdict(0, R::positional_superko, 4), verdict(1, {})})) ==
          std::vector<Cause>{Cause::psk_only_cycle});  // 5 moves between: W then B to move
    CHECK(causes(two, play({verdict(0, R::positional_superko, 5), verdict(1, {})})) ==
          std::vector<Cause>{Cause::superko_after_pass});

    // Simple ko allows what a superko forbids.
    audit::GameAudit simple;
    simple.results = {result("tromp-taylor"), result("tromp-taylor:ko=simple")};
    CHECK(causes(simple, play({verdict(0, R::positional_superko, 1), verdict(1, {})})) ==
          std::vector<Cause>{Cause::superko_vs_simple_ko});
}

TEST_CASE("End causes: final vs resumable, or a replay stopped at an illegal play",
          "[report][cause]") {
    audit::GameAudit a;
    a.results = {result("tromp-taylor"), result("aga")};
    a.results[0].end_move = 12;
    a.results[1].end_move = 16;
    audit::Divergence d;
    d.kind = audit::DivergenceKind::end;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::end_rule});
    a.results[1].end = audit::EndKind::stopped;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::stopped_replay});
    // J 12: no result under japanese (cycle=no-result), the record's end under chinese.
    audit::GameAudit cycle;
    cycle.results = {result("japanese"), result("chinese")};
    cycle.results[0].end = audit::EndKind::no_result;
    cycle.results[1].end = audit::EndKind::record_end;
    CHECK(causes(cycle, d) == std::vector<Cause>{Cause::no_result_cycle});
}

TEST_CASE("Outcome causes: the first term that differs between the two counts", "[report][cause]") {
    audit::Divergence d;
    d.kind = audit::DivergenceKind::outcome;
    auto game = [](const std::string& x, const std::string& y) {
        audit::GameAudit a;
        a.results = {result(x), result(y)};
        a.results[0].score.area = {10, 5, audit::Winner::black, 5};
        a.results[0].score.territory = {10, 5, audit::Winner::black, 5};
        a.results[1].score.area = {5, 10, audit::Winner::white, 5};
        a.results[1].score.territory = {5, 10, audit::Winner::white, 5};
        return a;
    };
    // Different end moves.
    audit::GameAudit a = game("tromp-taylor", "french");
    a.results[1].end_move = 24;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::end_rule});
    // Strict TT 8 counts the board as it is; the other removed dead stones.
    a = game("tromp-taylor", "french");
    a.results[1].score.dead_black = 3;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::dead_stones});
    // Different komi.
    a = game("tromp-taylor", "tromp-taylor:komi=20");
    a.results[1].score.komi = 20;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::komi});
    // Handicap 3: bonus 0 under TT 9, n-1 under FFG 6.
    a = game("tromp-taylor", "french");
    a.handicap = 3;
    a.results[1].score.handicap_bonus = 2;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::handicap_bonus});
    // Area vs territory: setup stones outside a handicap count under area only.
    a = game("tromp-taylor", "aga");
    a.record_issues.push_back({.payload = audit::issue::SetupWithoutHandicap{}});
    CHECK(causes(a, d) == std::vector<Cause>{Cause::setup_stones});
    // Area vs territory with pass stones handed over (AGA 7).
    a = game("tromp-taylor", "aga");
    a.results[1].score.pass_stones_to_white = 1;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::pass_stones});
    // Area vs territory, nothing else: the counting method.
    a = game("tromp-taylor", "aga");
    CHECK(causes(a, d) == std::vector<Cause>{Cause::counting_method});
    // The eyes of a seki are territory under one ruleset only (seki-eyes, J 8).
    a = game("chinese", "japanese");
    a.results[0].score.black_territory = 12;
    a.results[1].score.black_territory = 11;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::seki_eyes});
    // KataGo's group tax (seki-eyes=taxed) alone, same territory and counting method.
    a = game("tromp-taylor", "tromp-taylor:seki-eyes=taxed");
    a.results[1].score.group_tax_black = 4;
    a.results[1].score.group_tax_white = 2;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::seki_eyes});
    // seki-eyes differs, but the board has no eye in seki: the counting method.
    a = game("chinese", "japanese");
    CHECK(causes(a, d) == std::vector<Cause>{Cause::counting_method});
    // Both scored by area with the same terms: none of the listed causes.
    a = game("tromp-taylor", "tromp-taylor:ko=ssk");
    CHECK(causes(a, d) == std::vector<Cause>{Cause::other});
}

TEST_CASE("Record causes: RE's winner or only its margin", "[report][cause]") {
    audit::GameAudit a;
    a.results = {result("aga")};
    audit::Divergence d;
    d.kind = audit::DivergenceKind::record;
    d.verdicts = {verdict(0, {})};
    a.record.winner_differs = true;
    auto pairs = report::divergence_causes(a, d);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].first == 0);
    CHECK(pairs[0].second == 0);
    CHECK(pairs[0].cause == Cause::re_winner);
    a.record.winner_differs = false;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::re_margin});
    // RU's ruleset judged only for the record check: no ruleset of the run.
    d.verdicts.clear();
    pairs = report::divergence_causes(a, d);
    CHECK(pairs[0].first == report::kNoRuleset);
}

TEST_CASE("Every cause has a stable name and a meaning", "[report][cause]") {
    for (std::size_t i = 0; i < report::kCauses; ++i) {
        const auto c = static_cast<Cause>(i);
        CHECK(report::to_string(c) != "?");
        CHECK(!report::describe(c).empty());
    }
}

TEST_CASE(
    "Outcome causes by counterfactual: the knob with the largest swing, combined when none "
    "flips alone",
    "[report][cause][counterfactual]") {
    audit::GameAudit a;
    a.results = {result("japanese"), result("chinese")};
    a.results[0].score.territory = {10, 15, audit::Winner::white, 5};
    a.results[1].score.area = {20, 15, audit::Winner::black, 5};
    audit::Divergence d;
    d.kind = audit::DivergenceKind::outcome;
    // The audit found two knobs that flip it alone: scoring (+6) and seki-eyes (+8).
    d.flips.push_back(
        {0, 1, {{audit::Knob::scoring, "area", 6}, {audit::Knob::seki_eyes, "territory", 8}}});
    auto pairs = report::divergence_causes(a, d);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].cause == Cause::seki_eyes);
    REQUIRE(pairs[0].knobs.size() == 2);
    CHECK(pairs[0].settled);
    // Equal swings: the first in knob order (scoring before seki-eyes).
    d.flips[0].flips[1].swing = 6;
    CHECK(causes(a, d) == std::vector<Cause>{Cause::counting_method});
    // A swing of the other sign counts by its size: komi -9 beats scoring +6.
    d.flips[0].flips.push_back({audit::Knob::komi, "0.5", -9});
    CHECK(causes(a, d) == std::vector<Cause>{Cause::komi});
    // No knob flips it alone.
    d.flips[0].flips.clear();
    CHECK(causes(a, d) == std::vector<Cause>{Cause::combined});
}

TEST_CASE("A pair is settled when both its counts are and names the strings left undecided",
          "[report][cause][settled]") {
    audit::GameAudit a;
    a.results = {result("japanese"), result("chinese")};
    a.results[0].score.territory = {10, 15, audit::Winner::white, 5};
    a.results[1].score.area = {20, 15, audit::Winner::black, 5};
    a.results[1].score.settled = false;
    a.results[1].score.unsure = {sgf::Point{3, 15}, sgf::Point{15, 3}};
    audit::Divergence d;
    d.kind = audit::DivergenceKind::outcome;
    const auto pairs = report::divergence_causes(a, d);
    REQUIRE(pairs.size() == 1);
    CHECK_FALSE(pairs[0].settled);
    const auto unsure = report::unsure_points(a, pairs[0]);
    REQUIRE(unsure.size() == 2);
    CHECK(unsure[0] == sgf::Point{15, 3});  // board order: the upper row first
    CHECK(unsure[1] == sgf::Point{3, 15});
    // Legality divergences compare no count: always settled.
    CHECK(report::divergence_causes(a, play({verdict(0, audit::Reason::simple_ko), verdict(1, {})}))
              .front()
              .settled);
}
