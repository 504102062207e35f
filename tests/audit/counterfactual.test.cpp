// Causes by counterfactual (issue 27 item 2) and the strings an unsettled count left undecided
// (issue 27 item 1), written from the rule texts before the code.

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// The seki of seki.test.cpp, 9x4 (J 8: a and f are the eyes of strings in seki, d is dame):
//   aXdOfOX..
//   XXXOOOX..   Black: 11 stones, territory 11 on the right + a = 12 (J 8: 11)
//   OOOXXXX..   White: 9 stones, territory 2 + f = 3 (J 8: 2)
//   ..OX.....
const std::vector<std::string> seki_board = {"aXdOfOX..", "XXXOOOX..", "OOOXXXX..", "..OX....."};

const audit::Divergence* find(const audit::GameAudit& a, audit::DivergenceKind kind) {
    for (const audit::Divergence& d : a.divergences) {
        if (d.kind == kind) return &d;
    }
    return nullptr;
}

}  // namespace

TEST_CASE(
    "Counterfactual: of the knobs where japanese and chinese differ only scoring alone "
    "flips the winner of the seki with komi 9.5",
    "[audit][counterfactual]") {
    // KM 9.5, two passes.
    //   japanese (J 8, 10: territory, seki eyes no one's): B 11, W 2 + 9.5 = 11.5 -> W+0.5
    //   chinese (area, seki eyes territory): B 11 + 12 = 23, W 9 + 3 + 9.5 = 21.5 -> B+1.5
    // japanese with one of chinese's knobs:
    //   scoring=area: B 11 + 11 = 22, W 9 + 2 + 9.5 = 20.5 -> B+1.5: flips, swing +2
    //   seki-eyes=territory: B 12, W 3 + 9.5 = 12.5 -> W+0.5: no flip
    //   bonus=n: no handicap, no change; default komi: KM is given, no change
    //   ko=psk, cycle=play-on alone: under as-it-stands (AGA 8) every ruleset sees the same
    //   board, and both games end at move 2: the same count.
    const auto a =
        run(game_sgf(seki_board, "KM[9.5]", "B- W-"), {spec("japanese"), spec("chinese")});
    count(a.results[0].score.decision(), 11, 11.5, "japanese");
    count(a.results[1].score.decision(), 23, 21.5, "chinese");
    const audit::Divergence* d = find(a, audit::DivergenceKind::outcome);
    REQUIRE(d != nullptr);
    REQUIRE(d->flips.size() == 1);
    CHECK(d->flips[0].a == 0);
    CHECK(d->flips[0].b == 1);
    REQUIRE(d->flips[0].flips.size() == 1);
    CHECK(d->flips[0].flips[0].knob == audit::Knob::scoring);
    CHECK(d->flips[0].flips[0].value == "area");
    CHECK(d->flips[0].flips[0].swing == Approx(2.0));
}

TEST_CASE(
    "Counterfactual: two knobs that each alone flip the winner are both named with "
    "their swings",
    "[audit][counterfactual]") {
    // KM 10.5: japanese B 11, W 2 + 10.5 = 12.5 -> W+1.5.
    // tromp-taylor:komi=8.5 (area, seki eyes territory, komi override):
    //   B 23, W 9 + 3 + 8.5 = 20.5 -> B+2.5.
    // japanese with one knob of it:
    //   scoring=area: B 22, W 9 + 2 + 10.5 = 21.5 -> B+0.5: flips, swing 0.5 - (-1.5) = +2
    //   komi=8.5: B 11, W 2 + 8.5 = 10.5 -> B+0.5: flips, swing +2
    //   seki-eyes=territory: B 12, W 3 + 10.5 = 13.5 -> W+1.5: no flip (swing 0)
    //   dead=as-is (strict TT 8): no stone is dead here: the same count
    const auto a = run(game_sgf(seki_board, "KM[10.5]", "B- W-"),
                       {spec("japanese"), spec("tromp-taylor:komi=8.5")});
    count(a.results[0].score.decision(), 11, 12.5, "japanese");
    count(a.results[1].score.decision(), 23, 20.5, "tromp-taylor");
    const audit::Divergence* d = find(a, audit::DivergenceKind::outcome);
    REQUIRE(d != nullptr);
    REQUIRE(d->flips.size() == 1);
    const auto& flips = d->flips[0].flips;
    REQUIRE(flips.size() == 2);
    CHECK(flips[0].knob == audit::Knob::scoring);
    CHECK(flips[0].swing == Approx(2.0));
    CHECK(flips[1].knob == audit::Knob::komi);
    CHECK(flips[1].value == "8.5");
    CHECK(flips[1].swing == Approx(2.0));
}

TEST_CASE(
    "Counterfactual: the end knob alone flips the winner of a game resumed after two "
    "passes",
    "[audit][counterfactual]") {
    // 3x3, KM 0.5: B- W- B@bb W- B-.
    //   tromp-taylor (TT 8: two passes end the game): the empty board after move 2: B 0,
    //   W 0.5 -> W+0.5
    //   tromp-taylor:end=resumable (play resumed): Black's centre stone owns the board after
    //   move 5: B 1 + 8 = 9, W 0.5 -> B+8.5
    // tromp-taylor with end=resumable ends where the other did: B+8.5, swing 8.5 + 0.5 = +9.
    const auto a = run(game_sgf({"...", "...", "..."}, "KM[0.5]", "B- W- B@bb W- B-"),
                       {spec("tromp-taylor"), spec("tromp-taylor:end=resumable")});
    count(a.results[0].score.decision(), 0, 0.5, "final");
    count(a.results[1].score.decision(), 9, 0.5, "resumable");
    const audit::Divergence* d = find(a, audit::DivergenceKind::outcome);
    REQUIRE(d != nullptr);
    REQUIRE(d->flips.size() == 1);
    REQUIRE(d->flips[0].flips.size() == 1);
    CHECK(d->flips[0].flips[0].knob == audit::Knob::end);
    CHECK(d->flips[0].flips[0].value == "resumable");
    CHECK(d->flips[0].flips[0].swing == Approx(9.0));
}

TEST_CASE(
    "Counterfactual: a record mismatch names the one knob of the record's ruleset that "
    "would reproduce RE",
    "[audit][counterfactual]") {
    // RU Japanese (as servers score it: japanese:seki-eyes=territory), KM 9.5, RE B+1.5.
    //   the count: territory B 12, W 3 + 9.5 = 12.5 -> W+0.5: a mismatch
    //   scoring=area: B 11 + 12 = 23, W 9 + 3 + 9.5 = 21.5 -> B+1.5 = RE: reproduces, swing +2
    //   seki-eyes=neutral: B 11, W 11.5 -> W+0.5: no
    //   pass-stones, white-moves-last, bonus, button: no pass stones differ (one pass each),
    //   no handicap, no button: the same count
    const auto a =
        run(game_sgf(seki_board, "KM[9.5]RU[Japanese]RE[B+1.5]", "B- W-"), {spec("chinese")});
    CHECK(a.record.check == audit::RecordCheck::mismatch);
    const audit::Divergence* d = find(a, audit::DivergenceKind::record);
    REQUIRE(d != nullptr);
    REQUIRE(d->flips.size() == 1);
    CHECK(d->flips[0].a == d->flips[0].b);
    REQUIRE(d->flips[0].flips.size() == 1);
    CHECK(d->flips[0].flips[0].knob == audit::Knob::scoring);
    CHECK(d->flips[0].flips[0].value == "area");
    CHECK(d->flips[0].flips[0].swing == Approx(2.0));
}

TEST_CASE("Counterfactual: a record mismatch no single knob reproduces names none",
          "[audit][counterfactual]") {
    // RE W+30.5: no count of this board under one changed knob comes near (the largest lead
    // White has is W+0.5).
    const auto a =
        run(game_sgf(seki_board, "KM[9.5]RU[Japanese]RE[W+30.5]", "B- W-"), {spec("chinese")});
    CHECK(a.record.check == audit::RecordCheck::mismatch);
    const audit::Divergence* d = find(a, audit::DivergenceKind::record);
    REQUIRE(d != nullptr);
    REQUIRE(d->flips.size() == 1);
    CHECK(d->flips[0].flips.empty());
}

TEST_CASE("Unsettled count: the strings the dead-stone source could not decide are named",
          "[audit][settled]") {
    // 3x3, two passes, --dead pass-alive (Benson):
    //   .X.   no string is pass-alive (none has two eyes); the empty points (2,0) and (0,2)
    //   XXO   touch both colours: the count is not settled (dame). Benson decides none of the
    //   .O.   three strings (Black's, White's two of one stone), so a stone of each is named,
    //         in board order: (1,0), (2,1), (1,2).
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::pass_alive;
    const auto a = run(game_sgf({".X.", "XXO", ".O."}, "KM[0.5]", "B- W-"),
                       {spec("tromp-taylor:dead=agreement")}, o);
    const audit::Score& s = a.results[0].score;
    CHECK_FALSE(s.settled);
    REQUIRE(s.unsure.size() == 3);
    CHECK((s.unsure[0].x == 1 && s.unsure[0].y == 0));
    CHECK((s.unsure[1].x == 2 && s.unsure[1].y == 1));
    CHECK((s.unsure[2].x == 1 && s.unsure[2].y == 2));
}

TEST_CASE("Settled count: no string is named", "[audit][settled]") {
    const auto a = run(game_sgf(seki_board, "KM[0.5]", "B- W-"), {spec("chinese")});
    CHECK(a.results[0].score.settled);
    CHECK(a.results[0].score.unsure.empty());
}

TEST_CASE("has_findings: illegal plays, divergences, record errors, mismatch",
          "[audit][findings]") {
    audit::GameAudit clean;
    clean.results.resize(2);
    clean.record.check = audit::RecordCheck::match;
    CHECK_FALSE(audit::has_findings(clean));
    audit::GameAudit a = clean;
    a.results[1].illegal.emplace_back();
    CHECK(audit::has_findings(a));
    a = clean;
    a.divergences.emplace_back();
    CHECK(audit::has_findings(a));
    a = clean;
    a.record_issues.emplace_back();
    CHECK(audit::has_findings(a));
    // R10: a note is never a finding.
    a.record_issues.back().severity = audit::IssueSeverity::note;
    CHECK_FALSE(audit::has_findings(a));
    a = clean;
    a.record.check = audit::RecordCheck::mismatch;
    CHECK(audit::has_findings(a));
    a = clean;
    a.record.check = audit::RecordCheck::not_comparable;
    CHECK_FALSE(audit::has_findings(a));
    a = clean;
    a.auditable = false;
    CHECK(audit::has_findings(a));
}

TEST_CASE("The count drawn: each point of the seki's end position has its role",
          "[audit][count_map]") {
    // The seki above (J 8): a and f are the eyes of the inner strings, which share the dame d.
    // Under japanese (seki-eyes=neutral) a and f are no one's, drawn as seki eyes, and the outer
    // walls' regions are territory (Black 11, White 2); under chinese (seki-eyes=territory) a
    // and f are territory like the rest (Black 12, White 3).
    const auto a =
        run(game_sgf(seki_board, "KM[0.5]", "B- W-"), {spec("japanese"), spec("chinese")});
    for (const audit::RulesetResult& r : a.results) {
        INFO(r.ruleset.name);
        const bool neutral = r.ruleset.seki_eyes == audit::SekiEyes::neutral;
        REQUIRE(r.count_map.size() == 36);
        const auto role = [&](int x, int y) {
            return r.count_map[static_cast<std::size_t>(y * 9 + x)];
        };
        CHECK(role(0, 0) == (neutral ? audit::PointRole::seki_eye_black
                                     : audit::PointRole::black_territory));  // a
        CHECK(role(2, 0) == audit::PointRole::neutral);                      // d
        CHECK(role(4, 0) == (neutral ? audit::PointRole::seki_eye_white
                                     : audit::PointRole::white_territory));  // f
        CHECK(role(1, 0) == audit::PointRole::black_stone);
        CHECK(role(3, 0) == audit::PointRole::white_stone);
        std::map<audit::PointRole, int> n;
        for (const audit::PointRole p : r.count_map) ++n[p];
        CHECK(n[audit::PointRole::black_territory] == (neutral ? 11 : 12));
        CHECK(n[audit::PointRole::white_territory] == (neutral ? 2 : 3));
        CHECK(n[audit::PointRole::black_stone] == 11);
        CHECK(n[audit::PointRole::white_stone] == 9);
    }
}

TEST_CASE("The count drawn: dead stones are marked as such", "[audit][count_map]") {
    // 5x5, --dead list C3 (a white stone inside Black's area), two passes:
    //   .X...   the white stone at (2,2) is removed: dead_white; its point and the region
    //   XX...   around it reach Black only.
    //   ..O..
    //   .....
    //   .....
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::list;
    o.dead_points = {"C3"};
    const auto a = run(game_sgf({".X...", "XX...", "..O..", ".....", "....."}, "KM[0.5]", "B- W-"),
                       {spec("tromp-taylor:dead=agreement")}, o);
    const auto& m = a.results[0].count_map;
    REQUIRE(m.size() == 25);
    CHECK(m[2 * 5 + 2] == audit::PointRole::dead_white);
    CHECK(m[4 * 5 + 4] == audit::PointRole::black_territory);
    CHECK(m[0] == audit::PointRole::black_territory);
}

TEST_CASE("The count drawn: only in games with findings", "[audit][count_map]") {
    // The 5x5 position above, played (setup stones without HA would be a record error) and
    // --dead list C3: a game with nothing to report (no RE, no illegal play, one ruleset) has no
    // count drawn (the reports draw counts only of games with findings); the same game with an
    // RE that the count does not reproduce (a record mismatch, a finding) has it.
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::list;
    o.dead_points = {"C3"};
    const std::string moves = ";B[ba];W[cc];B[ab];W[];B[bb];W[];B[])";
    const auto clean =
        run("(;GM[1]FF[4]SZ[5]KM[0.5]" + moves, {spec("tromp-taylor:dead=agreement")}, o);
    CHECK_FALSE(audit::has_findings(clean));
    CHECK(clean.results[0].score.scored);
    CHECK(clean.results[0].count_map.empty());
    const auto mismatch = run("(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[W+10.5]" + moves,
                              {spec("tromp-taylor:dead=agreement")}, o);
    CHECK(mismatch.record.check == audit::RecordCheck::mismatch);
    CHECK(audit::has_findings(mismatch));
    REQUIRE(mismatch.results.size() == 1);
    CHECK(mismatch.results[0].count_map.size() == 25);
}
