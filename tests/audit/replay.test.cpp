// Replay engine: the core paths of audit_game (rules.md 2-6) on small records. The rules
// catalogue (catalogue*.test.cpp) covers the seeds' figures clause by clause.

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

std::vector<audit::Ruleset> presets() {
    return {*audit::preset("tromp-taylor"), *audit::preset("aga"), *audit::preset("french")};
}

audit::GameAudit run(const std::string& sgf, const audit::AuditOptions& options = {}) {
    const sgf::Document doc = sgf::read_document("test.sgf", sgf);
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord rec = sgf::read_record(doc, 0);
    const auto rules = presets();
    return audit::audit_game(rec, rules, options);
}

const audit::Illegal* illegal_at(const audit::RulesetResult& r, std::uint32_t move) {
    for (const audit::Illegal& i : r.illegal) {
        if (i.move == move) return &i;
    }
    return nullptr;
}

}  // namespace

// rules.md 2: B1 fills a point; W2 passes; B3 takes a ko; W4 retakes at once.
//   . X O .      row 0      White's ko stone at bb is captured by B3 at ab... set up with AB/AW:
//   X O . O      row 1
//   . X O .      row 2
TEST_CASE("rules.md 2 (TT 6, FFG 4, AGA 6): pass makes ssk differ from nssk", "[audit][ko]") {
    // Ko at cb/bb: Black at ab,ba,bc; White at ca,cc,db. B3 plays cb? Build: Black stones
    // around bb's left, White around cb's right; White stone at bb (in atari) can be taken at
    // cb by Black, and White retakes at bb.
    //     a b c d e
    //  a  . X O . .
    //  b  X O . O .
    //  c  . X O . .
    // Black to play cb captures W bb (1 stone); White retakes at bb capturing B cb.
    const std::string sgf =
        "(;GM[1]FF[4]SZ[5]PL[B]AB[ba][ab][bc]AW[ca][bb][cc][db]"
        ";B[ee];W[];B[cb];W[bb])";
    const audit::GameAudit a = run(sgf);
    REQUIRE(a.results.size() == 3);
    const auto* tt = illegal_at(a.results[0], 4);
    const auto* aga = illegal_at(a.results[1], 4);
    const auto* ffg = illegal_at(a.results[2], 4);
    REQUIRE(tt);
    CHECK(tt->reason == audit::Reason::positional_superko);
    CHECK(tt->clause == "TT 6");
    CHECK(tt->repeats_move == 1u);
    REQUIRE(ffg);
    CHECK(ffg->reason == audit::Reason::situational_superko);
    CHECK(ffg->clause == "FFG 4");
    CHECK(ffg->repeats_move == 2u);
    CHECK(aga == nullptr);
    REQUIRE(!a.divergences.empty());
    CHECK(a.divergences.front().kind == audit::DivergenceKind::legality);
    CHECK(a.divergences.front().move == 4u);
    const audit::Position& before = a.divergences.front().board_before;
    CHECK(std::find(before.cells.begin(), before.cells.end(), game::Cell::black) !=
          before.cells.end());
}

TEST_CASE("TT 7, TT 6, AGA 5, FFG 3: one-stone suicide", "[audit][suicide]") {
    // Black plays aa into White's eye.
    //   . O
    //   O .
    const std::string sgf = "(;GM[1]FF[4]SZ[3]PL[W]AW[ba][ab];W[cc];B[aa])";
    const audit::GameAudit a = run(sgf);
    const auto* tt = illegal_at(a.results[0], 2);
    REQUIRE(tt);
    CHECK(tt->reason == audit::Reason::suicide);
    CHECK(tt->repeats_move == 1u);
    const auto* aga = illegal_at(a.results[1], 2);
    REQUIRE(aga);
    CHECK(aga->reason == audit::Reason::suicide);
    CHECK(aga->clause == "AGA 5");
    const auto* ffg = illegal_at(a.results[2], 2);
    REQUIRE(ffg);
    CHECK(ffg->clause == "FFG 3");
}

TEST_CASE("TT 7: multi-stone suicide is legal under TT only", "[audit][suicide]") {
    //   . X O
    //   O O .      Black aa makes a two-stone string with no liberty -> TT removes it.
    const std::string sgf = "(;GM[1]FF[4]SZ[3]PL[B]AB[ba]AW[ca][ab][bb];B[aa])";
    const audit::GameAudit a = run(sgf);
    CHECK(a.results[0].illegal.empty());
    REQUIRE(illegal_at(a.results[1], 1));
    CHECK(illegal_at(a.results[1], 1)->reason == audit::Reason::suicide);
    REQUIRE(a.divergences.size() >= 1);
    CHECK(a.divergences.front().kind == audit::DivergenceKind::legality);
}

TEST_CASE("TT 8, AGA 10: resumption after two passes", "[audit][end]") {
    const std::string sgf = "(;GM[1]FF[4]SZ[5];B[cc];W[];B[];W[dd];B[];W[])";
    const audit::GameAudit a = run(sgf);
    CHECK(a.results[0].end_move == 3u);
    CHECK(a.results[0].moves_after_end == 3u);
    CHECK(a.results[1].end_move == 6u);
    CHECK(a.results[1].resumed);
    CHECK(a.results[2].end_move == 6u);
    bool end_divergence = false;
    for (const auto& d : a.divergences) end_divergence |= d.kind == audit::DivergenceKind::end;
    CHECK(end_divergence);
}

TEST_CASE("AGA 12, FFG 6a: area and territory agree on an even game ended W pass", "[audit]") {
    // 3x3: Black wall on column b, White none: B1 ba, W2 pass, B3 bb, W4 pass, B5 bc? That ends
    // with W4 pass then B5... Keep it: B1 bb W2 pass B3 pass: two passes, Black moved last.
    const std::string sgf = "(;GM[1]FF[4]SZ[3]KM[0.5];B[bb];W[];B[])";
    const audit::GameAudit a = run(sgf);
    const audit::Score& aga = a.results[1].score;
    CHECK(aga.scored);
    CHECK(aga.area.black == 9);
    CHECK(aga.area.white == 0.5);
    CHECK(aga.white_extra_pass);
    // territory: B 8 - (1 pass stone) = 7; W 0 - (1 W pass + 1 extra) + 0.5 = -1.5: margin 8.5
    CHECK(aga.territory.black == 7);
    CHECK(aga.territory.white == -1.5);
    CHECK(aga.area.margin == aga.territory.margin);
    const audit::Score& ffg = a.results[2].score;
    // quick: B 8 - 1 pass = 7; W 0 - 1 pass - 1 (Black moved last) + 0.5 = -1.5
    CHECK(ffg.quick.black == 7);
    CHECK(ffg.quick.white == -1.5);
}

TEST_CASE("board coordinates skip I (AGA 1 comment)", "[audit]") {
    CHECK(audit::board_coordinates({3, 3}, 19) == "D16");
    CHECK(audit::board_coordinates({8, 18}, 19) == "J1");
    auto p = audit::resolve_point("D16", 19, 19);
    REQUIRE(p);
    CHECK(p->x == 3);
    CHECK(p->y == 3);
    CHECK(audit::resolve_point("dd", 19, 19)->x == 3);
    CHECK(!audit::resolve_point("I5", 19, 19));
    CHECK(!audit::resolve_point("tt", 19, 19));
}

namespace {

// Per ruleset, illegal plays listed and omitted; per code, record issues listed and omitted.
std::size_t illegal_total(const audit::RulesetResult& r) {
    return r.illegal.size() + r.illegal_omitted;
}

std::size_t issues_of(const audit::GameAudit& a, std::string_view code) {
    std::size_t n = 0;
    for (const audit::RecordIssue& i : a.record_issues)
        n += audit::to_string(i.code()) == code ? 1 : 0;
    for (const audit::OmittedIssues& o : a.record_issues_omitted) n += o.code == code ? o.count : 0;
    return n;
}

std::size_t listed_issues_of(const audit::GameAudit& a, std::string_view code) {
    std::size_t n = 0;
    for (const audit::RecordIssue& i : a.record_issues)
        n += audit::to_string(i.code()) == code ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE(
    "max_listed (--max-listed): the first N illegal plays and record issues are kept, the rest "
    "counted",
    "[audit][limits]") {
    // 200 plays: every one after the first onto the occupied point aa.
    std::string sgf = "(;GM[1]FF[4]SZ[9]";
    for (int i = 0; i < 200; ++i) sgf += i % 2 == 0 ? ";B[aa]" : ";W[aa]";
    sgf += ")";
    audit::AuditOptions all;
    all.max_listed = 0;  // no cap
    const audit::GameAudit full = run(sgf, all);
    audit::AuditOptions capped;
    capped.max_listed = 7;
    const audit::GameAudit a = run(sgf, capped);
    REQUIRE(full.results.size() == 3);
    REQUIRE(a.results.size() == 3);
    CHECK(issues_of(full, "occupied") == 199);
    for (std::size_t r = 0; r < 3; ++r) {
        INFO(r);
        CHECK(full.results[r].illegal.size() == 199);
        CHECK(full.results[r].illegal_omitted == 0);
        CHECK(a.results[r].illegal.size() == 7);
        CHECK(illegal_total(a.results[r]) == 199);
        // The listed ones are the first ones.
        for (std::size_t i = 0; i < 7; ++i) {
            CHECK(a.results[r].illegal[i].move == full.results[r].illegal[i].move);
        }
        // The rest of the audit does not depend on the cap.
        CHECK(a.results[r].end == full.results[r].end);
        CHECK(a.results[r].score.area.black == full.results[r].score.area.black);
    }
    // Every code: as many in all, at most 7 listed.
    for (const audit::RecordIssue& i : full.record_issues) {
        INFO(audit::to_string(i.code()));
        CHECK(issues_of(a, audit::to_string(i.code())) ==
              issues_of(full, audit::to_string(i.code())));
        CHECK(listed_issues_of(a, audit::to_string(i.code())) ==
              std::min<std::size_t>(7, issues_of(full, audit::to_string(i.code()))));
    }
    CHECK(full.record_issues_omitted.empty());
    REQUIRE(a.record_issues_omitted.size() >= 1);
    CHECK(a.record_issues_omitted.front().code == "occupied");
    CHECK(a.record_issues_omitted.front().count == 192);
    CHECK(a.divergences.size() == full.divergences.size());
}

TEST_CASE("max_listed (--max-listed): the first N legality divergences are kept, the rest counted",
          "[audit][limits]") {
    // Black's two-stone suicide at ba (aa and ba, surrounded by White) is legal under
    // Tromp-Taylor and illegal under AGA and French; setup puts aa back, with a new stone far
    // away each time so that no position repeats.
    std::string sgf = "(;GM[1]FF[4]SZ[19]AB[aa]AW[ca][ab][bb]";
    for (int k = 0; k < 30; ++k) {
        sgf += ";B[ba];W[];AB[aa][";
        sgf += static_cast<char>('a' + k % 19);
        sgf += static_cast<char>('k' + k / 19);
        sgf += "]";
    }
    sgf += ")";
    audit::AuditOptions all;
    all.max_listed = 0;
    const audit::GameAudit full = run(sgf, all);
    audit::AuditOptions capped;
    capped.max_listed = 4;
    const audit::GameAudit a = run(sgf, capped);
    const auto legality = [](const audit::GameAudit& g) {
        std::size_t n = 0;
        for (const audit::Divergence& d : g.divergences)
            n += d.kind == audit::DivergenceKind::legality ? 1 : 0;
        return n;
    };
    constexpr auto kLegality = static_cast<std::size_t>(audit::DivergenceKind::legality);
    CHECK(legality(full) == 30);
    CHECK(full.divergences_omitted[kLegality] == 0);
    CHECK(legality(a) == 4);
    CHECK(a.divergences_omitted[kLegality] == 26);
    // The other kinds are not capped.
    CHECK(a.divergences.size() - legality(a) == full.divergences.size() - legality(full));
    for (std::size_t i = 0; i < 4; ++i) CHECK(a.divergences[i].move == full.divergences[i].move);
}
