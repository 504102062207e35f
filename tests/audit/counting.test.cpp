// Counting real games (rules.md section 8, revision 3): one or more cases per decision
// R11-R20, each named by its id. Expected values come from the text of section 8 and the seeds,
// computed by hand; the board and move notation is that of catalogue.test.cpp.

#include <algorithm>
#include <filesystem>

#include "catalogue_support.hpp"
#include "shared_records.hpp"
#include "skip.hpp"
#include "slurp.hpp"

using namespace catalogue;
using audit::IssueSeverity;

namespace {

std::size_t issue_count(const audit::GameAudit& a, std::string_view code) {
    return static_cast<std::size_t>(std::count_if(
        a.record_issues.begin(), a.record_issues.end(),
        [&](const audit::RecordIssue& i) { return audit::to_string(i.code()) == code; }));
}

const audit::RecordIssue* find_issue(const audit::GameAudit& a, std::string_view code) {
    for (const audit::RecordIssue& i : a.record_issues)
        if (audit::to_string(i.code()) == code) return &i;
    return nullptr;
}

// Record errors tied to a move (the boards drawn here are setup without a handicap, itself an
// error of the start position, move 0).
std::size_t errors(const audit::GameAudit& a) {
    return static_cast<std::size_t>(std::count_if(
        a.record_issues.begin(), a.record_issues.end(),
        [](const auto& i) { return i.severity == audit::IssueSeverity::error && i.move > 0; }));
}

// Three independent kos on a 15x3 board. Ko 1 (columns 0-3) and ko 3 (columns 10-13) hold a
// White stone that Black takes at cb / mb (White retakes at bb / lb); ko 2 (columns 5-8) holds
// a Black stone that White takes at hb (Black retakes at gb).
//   .XO...OX...XO..
//   XO.O.OX.X.XO.O.
//   .XO...OX...XO..
// B1 cb takes ko 1, W2 hb takes ko 2, B3 mb takes ko 3, W4 bb retakes ko 1, B5 gb retakes ko 2,
// W6 lb retakes ko 3: the start position again (a triple ko). W6 is no immediate retake (B5
// took at gb): J 6 allows it; TT 6 forbids it (the start position), and so do FFG 4 and 002's
// nssk (the start position counts as made by a board play of White, who does not move first).
const std::vector<std::string> triple_ko = {".XO...OX...XO..", "XO.O.OX.X.XO.O.",
                                            ".XO...OX...XO.."};
constexpr std::string_view triple_moves = "B@cb W@hb B@mb W@bb B@gb W@lb";

// A ko on a 5x5 board: B1 takes at cb, W2 retakes at bb at once (a simple ko retake).
//   .XO..
//   XO.O.
//   .XO..
const std::vector<std::string> one_ko = {".XO..", "XO.O.", ".XO..", ".....", "....."};

}  // namespace

// =============================================================================================
// R14 The record's own rules decide what is a record error

TEST_CASE("R14: a triple ko legal under the record's J 6 is no record error",
          "[audit][counting][R14]") {
    const auto a = run(game_sgf(triple_ko, "KM[0.5]RU[Japanese]", triple_moves));
    // Every chosen ruleset forbids W6: a finding of those rulesets (each lists it) ...
    illegal(a.results[TT], 6, Reason::positional_superko, "TT 6", 0);
    illegal(a.results[AGA], 6, Reason::natural_situational_superko, "", 0);
    illegal(a.results[FFG], 6, Reason::situational_superko, "FFG 4", 0);
    // ... never a record error: RU[Japanese] maps to japanese (ko=simple), which allows it.
    CHECK(issue_count(a, "illegal_everywhere") == 0);
    CHECK(issue_count(a, "illegal_under_record_rules") == 0);
    CHECK(issue_count(a, "superko_not_enforced") == 0);
    CHECK(errors(a) == 0);
}

TEST_CASE("R14: without RU a play is an error only when every preset forbids it",
          "[audit][counting][R14]") {
    // The triple ko: japanese allows W6, so it is no error though every chosen ruleset forbids it.
    const auto triple = run(game_sgf(triple_ko, "KM[0.5]", triple_moves));
    illegal(triple.results[TT], 6, Reason::positional_superko, "", 0);
    CHECK(errors(triple) == 0);
    // A simple ko retake: every preset forbids it.
    const auto retake = run(game_sgf(one_ko, "KM[0.5]", "B@cb W@bb"));
    const audit::RecordIssue* i = find_issue(retake, "illegal_everywhere");
    REQUIRE(i != nullptr);
    CHECK(i->move == 2);
    CHECK(i->severity == IssueSeverity::error);
    // An RU that maps to no preset is treated the same.
    const auto other = run(game_sgf(one_ko, "KM[0.5]RU[Ing]", "B@cb W@bb"));
    CHECK(issue_count(other, "illegal_everywhere") == 1);
    const auto other_triple = run(game_sgf(triple_ko, "KM[0.5]RU[Ing]", triple_moves));
    CHECK(errors(other_triple) == 0);
}

TEST_CASE("R14: the record's ruleset is judged even when it is not among the chosen rulesets",
          "[audit][counting][R14]") {
    // aXO..   B1 a (aa) joins ba: the string {aa, ba} has no liberty and captures nothing, a
    // OO...   two-stone suicide: TT allows it (TT 7), C forbids it. Only tromp-taylor is chosen.
    const std::vector<std::string> board = {"aXO..", "OO...", ".....", ".....", "....."};
    const std::vector<audit::Ruleset> tt = {*audit::preset("tromp-taylor")};
    const auto chinese = run(game_sgf(board, "KM[0.5]RU[Chinese]", "Ba W@ee"), tt);
    legal(chinese.results[0], 1);
    const audit::RecordIssue* i = find_issue(chinese, "illegal_under_record_rules");
    REQUIRE(i != nullptr);
    CHECK(i->move == 1);
    CHECK(i->severity == IssueSeverity::error);
    const auto& under_ru = std::get<audit::issue::IllegalUnderRecordRules>(i->payload).under_ru;
    CHECK(under_ru.ruleset == "chinese");
    CHECK(under_ru.reason == Reason::suicide);
    // RU[NZ] allows the suicide (NZ play): no error, though aga and french forbid it.
    const auto nz = run(game_sgf(board, "KM[0.5]RU[NZ]", "Ba W@ee"));
    illegal(nz.results[AGA], 1, Reason::suicide, "", std::nullopt);
    CHECK(errors(nz) == 0);
}

TEST_CASE(
    "R14: a simple ko retake is an error under the record's rules even when every chosen "
    "ruleset forbids it",
    "[audit][counting][R14]") {
    const auto a = run(game_sgf(one_ko, "KM[0.5]RU[Chinese]", "B@cb W@bb"));
    for (const auto& r : a.results) CHECK(find_illegal(r, 2) != nullptr);
    const audit::RecordIssue* i = find_issue(a, "illegal_under_record_rules");
    REQUIRE(i != nullptr);
    CHECK(i->move == 2);
    CHECK(i->severity == IssueSeverity::error);
    CHECK(issue_count(a, "illegal_everywhere") == 0);
    CHECK(issue_count(a, "superko_not_enforced") == 0);
}

// =============================================================================================
// R15 Superko the server did not enforce

TEST_CASE("R15: a whole-board repetition the record's rules forbid only by superko is a note",
          "[audit][counting][R15]") {
    // RU[Chinese] (psk, C 2002 section 6): W6 repeats the start position, not a simple retake.
    const std::vector<audit::Ruleset> both = {*audit::preset("japanese"),
                                              *audit::preset("chinese")};
    const auto a = run(game_sgf(triple_ko, "KM[0.5]RU[Chinese]", triple_moves), both);
    // The play stays an illegal play of chinese and a legality divergence with japanese.
    legal(a.results[0], 6);
    illegal(a.results[1], 6, Reason::positional_superko, "", 0);
    CHECK(has_divergence(a, audit::DivergenceKind::legality, 6));
    const audit::RecordIssue* i = find_issue(a, "superko_not_enforced");
    REQUIRE(i != nullptr);
    CHECK(i->move == 6);
    CHECK(i->severity == IssueSeverity::note);
    const auto& superko = std::get<audit::issue::SuperkoNotEnforced>(i->payload);
    CHECK(superko.under_ru.ruleset == "chinese");
    CHECK(superko.under_ru.reason == Reason::positional_superko);
    CHECK(superko.repeats_move == 0);  // the move after which the repeated position existed
    CHECK(errors(a) == 0);
    // The same when chinese is only the record's ruleset (judged for it, not chosen).
    const std::vector<audit::Ruleset> jp = {*audit::preset("japanese")};
    const auto b = run(game_sgf(triple_ko, "KM[0.5]RU[Chinese]", triple_moves), jp);
    CHECK(issue_count(b, "superko_not_enforced") == 1);
    CHECK(errors(b) == 0);
    // RU[AGA] (nssk) and RU[French] (ssk) likewise.
    for (const char* ru : {"RU[AGA]", "RU[French]"}) {
        const auto c = run(game_sgf(triple_ko, std::string("KM[0.5]") + ru, triple_moves));
        INFO(ru);
        CHECK(issue_count(c, "superko_not_enforced") == 1);
        CHECK(errors(c) == 0);
    }
}

// =============================================================================================
// R16 Results

namespace {

// 3x1: X.O, the middle point reaches both colours: area B 1, W 1 + komi.
const std::vector<std::string> two_stones = {"X.O"};
const std::vector<std::string> empty5 = {".....", ".....", ".....", ".....", "....."};

}  // namespace

TEST_CASE("R16: B+0 is a draw only in the records of a server that writes draws so",
          "[audit][counting][R16]") {
    // OGS (PC[OGS: ...]): B+0 is a draw; the count under chinese, KM 0, is a draw.
    const auto ogs =
        run(game_sgf(two_stones, "KM[0]RU[Chinese]RE[B+0]PC[OGS: https://x]", "B- W-"));
    CHECK(ogs.record.check == audit::RecordCheck::match);
    // Elsewhere B+0 names the winner only: Black did not win a drawn count.
    const auto fox = run(game_sgf(two_stones, "KM[0]RU[Chinese]RE[B+0]", "B- W-"));
    CHECK(fox.record.check == audit::RecordCheck::mismatch);
    CHECK(fox.record.winner_differs);
}

TEST_CASE("R16: W+0.0 outside OGS is compared by its winner only", "[audit][counting][R16]") {
    // 5x5, B1 cc, two passes: area under chinese B 25, W 0.5 (KM 0.5): B+24.5.
    const std::string moves = "B@cc W- B-";
    const auto black = run(game_sgf(empty5, "KM[0.5]RU[Chinese]RE[B+0.0]", moves));
    CHECK(black.record.check == audit::RecordCheck::match);
    CHECK(black.record.why == audit::RecordReason::winner_only);
    const auto white = run(game_sgf(empty5, "KM[0.5]RU[Chinese]RE[W+0.0]", moves));
    CHECK(white.record.check == audit::RecordCheck::mismatch);
    CHECK(white.record.why == audit::RecordReason::winner_differs);
    // No komi parity note for a winner-only result.
    CHECK(issue_count(black, "result_komi_parity") == 0);
}

TEST_CASE(
    "R16: a whole-board repetition followed by RE Void or 0 or Draw or Jigo is the cycle's "
    "outcome",
    "[audit][counting][R16]") {
    // The triple ko: W6 repeats the start position; the record stops there without passes.
    for (const char* re : {"Void", "0", "Draw", "Jigo"}) {
        INFO(re);
        // RU[Chinese]: cycle=play-on, yet RE is the cycle's outcome (C: a draw by the referee).
        const auto a =
            run(game_sgf(triple_ko, std::string("KM[0.5]RU[Chinese]RE[") + re + "]", triple_moves));
        CHECK(a.record.check == audit::RecordCheck::match);
        CHECK(a.record.why == audit::RecordReason::cycle_outcome);
        CHECK(a.record.repeated_move == 6);
        // RU[AGA] likewise, and with the play judged only for the record (RU not chosen).
        const std::vector<audit::Ruleset> tt = {*audit::preset("tromp-taylor")};
        const auto b =
            run(game_sgf(triple_ko, std::string("KM[0.5]RU[AGA]RE[") + re + "]", triple_moves), tt);
        CHECK(b.record.check == audit::RecordCheck::match);
        CHECK(b.record.why == audit::RecordReason::cycle_outcome);
    }
    // Without a repetition, a drawn RE of an unfinished record is not comparable.
    const auto none = run(game_sgf(triple_ko, "KM[0.5]RU[Chinese]RE[Draw]", "B@cb W@hb"));
    CHECK(none.record.check == audit::RecordCheck::not_comparable);
    // A repetition followed by a score is no cycle outcome.
    const auto scored = run(game_sgf(triple_ko, "KM[0.5]RU[Chinese]RE[B+3]", triple_moves));
    CHECK(scored.record.why != audit::RecordReason::cycle_outcome);
}

namespace {

// The record of `path` with two passes after its last move (the player after the last mover
// first), as if the game had ended by them: the text before the file's last ')' gets
// ";B[];W[]" or ";W[];B[]". Empty when the file has no ')' or no move.
std::string with_final_passes(const std::filesystem::path& path) {
    const std::string bytes = sgfaudit_test::slurp(path);
    const std::size_t close = bytes.rfind(')');
    const std::size_t black = bytes.rfind(";B["), white = bytes.rfind(";W[");
    if (close == std::string::npos || (black == std::string::npos && white == std::string::npos)) {
        return {};
    }
    const bool black_last =
        black != std::string::npos && (white == std::string::npos || black > white);
    return bytes.substr(0, close) + (black_last ? ";W[];B[]" : ";B[];W[]") + bytes.substr(close);
}

}  // namespace

TEST_CASE("R16: the +0 results of the corpus: Fox's name the winner only, OGS's is a draw",
          "[audit][counting][R16][shared]") {
    // ../shared/corpus/games holds 103 Fox records with RE B+0.0 or W+0.0 (grep
    // 'RE\[[BW]+0'), the winner-only form, and one OGS record (PC[OGS ...]) with RE W+0, a draw.
    // Fox's stop mid-game (114 to 198 moves): not counted (R13 counts a margin above zero only).
    // Each is also audited with two passes added after its last move, so that its count is
    // compared: a Fox record is then compared by its winner alone (R16), a match naming
    // `winner_only` or a mismatch of winners, never a margin (a B+0 read as a draw would be).
    namespace fs = std::filesystem;
    const fs::path games = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/games";
    if (!fs::is_directory(games / "foxwq-amateur-9dset")) SGFAUDIT_SKIP("no " << games.string());
    std::size_t fox = 0, fox_compared = 0, fox_winner_only = 0, ogs = 0;
    for (const char* folder : {"foxwq-amateur-9dset", "ogs-9x9-teenygo"}) {
        const bool is_ogs = std::string_view(folder) == "ogs-9x9-teenygo";
        for (const fs::path& p : sgfaudit_test::sgf_files_below(games / folder)) {
            const std::optional<sgf::GameRecord> read = sgfaudit_test::first_auditable_record(p);
            if (!read || !read->result || read->result->kind != sgf::ResultKind::score ||
                !read->result->margin || *read->result->margin != 0.0) {
                continue;
            }
            INFO(p.string() << " RE " << read->result->text);
            const audit::GameAudit as_is = audit::audit_game(*read, presets());
            if (is_ogs) {
                ++ogs;
                CHECK(as_is.record.check == audit::RecordCheck::match);
                continue;
            }
            ++fox;
            REQUIRE(read->result->winner);
            CHECK(as_is.record.check == audit::RecordCheck::not_comparable);
            CHECK(as_is.record.why == audit::RecordReason::not_two_passes);
            const std::string passed = with_final_passes(p);
            REQUIRE_FALSE(passed.empty());
            const sgf::Document doc = sgf::read_document(p.string(), passed);
            REQUIRE_FALSE(doc.games().empty());
            const audit::GameAudit a = audit::audit_game(sgf::read_record(doc, 0), presets());
            const audit::RecordVerdict& rv = a.record;
            if (rv.check == audit::RecordCheck::match) {
                CHECK(rv.why == audit::RecordReason::winner_only);
                ++fox_winner_only;
            } else if (rv.check == audit::RecordCheck::mismatch) {
                CHECK(rv.winner_differs);
            }
            fox_compared +=
                rv.check == audit::RecordCheck::match || rv.check == audit::RecordCheck::mismatch
                    ? 1
                    : 0;
        }
    }
    UNSCOPED_INFO("Fox +0 records " << fox << ", compared once passes are added " << fox_compared
                                    << ", of them matched by the winner " << fox_winner_only
                                    << "; OGS +0 records " << ogs);
    CHECK(fox == 103);
    CHECK(ogs == 1);
    // Read as draws, none would match (no count of these boards is a draw).
    CHECK(fox_winner_only > 0);
    CHECK(fox_compared >= fox_winner_only);
}

// =============================================================================================
// R13 Counted without passes

namespace {

// 5x5: Black's wall on column 2, White's on column 3 (setup).
//   ..XO.
//   ..XO.      B1 aa and W2 ee play inside their own territory; no passes.
//   ..XO.      Area: B 6 stones + 9 = 15, W 6 + 4 + 0.5 = 10.5: B+4.5.
//   ..XO.
//   ..XO.
const std::vector<std::string> walls = {"..XO.", "..XO.", "..XO.", "..XO.", "..XO."};

const audit::RulesetResult& counted(const audit::RulesetResult& r, std::uint32_t move) {
    INFO("ruleset " << r.ruleset.name);
    CHECK(audit::to_string(r.end) == "counted");
    CHECK(r.end_move == move);
    CHECK(r.score.scored);
    return r;
}

}  // namespace

TEST_CASE(
    "R13: a record counted without passes is scored as if passes followed with White moving "
    "last",
    "[audit][counting][R13]") {
    const auto a = run(game_sgf(walls, "KM[0.5]RU[AGA]RE[B+4.5]", "B@aa W@ee"));
    for (const auto& r : a.results) counted(r, 2);
    // B passes, then W (the opponent of the last mover first): one pass each, W's last.
    // TT area B 15, W 10.5. AGA territory: B 9 - 1 (pass stone to W) = 8, W 4 - 1 + 0.5 = 3.5;
    // FFG quick: B 9 - 1 = 8, W 4 - 1 + 0.5 = 3.5 (no extra point: White's turn was last).
    counts(a, {15, 10.5, 9, 4.5, 15, 10.5, 8, 3.5, 15, 10.5, 8, 3.5});
    CHECK(a.results[AGA].score.passes_black == 1);
    CHECK(a.results[AGA].score.passes_white == 1);
    CHECK_FALSE(a.results[AGA].score.white_extra_pass);
    CHECK(a.record.check == audit::RecordCheck::match);
    const audit::RecordIssue* i = find_issue(a, "end_by_result");
    REQUIRE(i != nullptr);
    CHECK(i->severity == IssueSeverity::note);
    CHECK(i->move == 2);
}

TEST_CASE("R13: counted after Black's last move the extra White pass of AGA 11 applies",
          "[audit][counting][R13]") {
    // B1 aa, W2 ee, B3 ba: area B 7 + 8 = 15, W 10.5. W passes, then B: B's turn is last, so
    // AGA 11 adds a White pass: AGA territory B 8 - 1 = 7, W 4 - 2 + 0.5 = 2.5; FFG quick:
    // B 8 - 1 = 7, W 4 - 1 - 1 (Appendix B's e) + 0.5 = 2.5.
    const auto a = run(game_sgf(walls, "KM[0.5]RU[AGA]RE[B+4.5]", "B@aa W@ee B@ba"));
    for (const auto& r : a.results) counted(r, 3);
    counts(a, {15, 10.5, 8, 4.5, 15, 10.5, 7, 2.5, 15, 10.5, 7, 2.5});
    CHECK(a.results[AGA].score.white_extra_pass);
    CHECK(a.record.check == audit::RecordCheck::match);
    // A record that ends with one pass: one more pass by the opponent ends it.
    const auto p = run(game_sgf(walls, "KM[0.5]RU[AGA]RE[B+4.5]", "B@aa W@ee B-"));
    for (const auto& r : p.results) counted(r, 3);
    CHECK(p.results[AGA].score.passes_black == 1);
    CHECK(p.results[AGA].score.passes_white == 1);
    CHECK_FALSE(p.results[AGA].score.white_extra_pass);
}

TEST_CASE("R13: resignations and time and forfeits and bare winners stay without a count",
          "[audit][counting][R13]") {
    for (const char* re : {"B+R", "B+T", "B+F", "B+", "B+0", "?"}) {
        INFO(re);
        const auto a =
            run(game_sgf(walls, std::string("KM[0.5]RU[AGA]RE[") + re + "]", "B@aa W@ee"));
        for (const auto& r : a.results) ends(r, EndKind::record_end, 2);
        CHECK(find_issue(a, "end_by_result") == nullptr);
    }
    // Two passes: the game ended by them, not counted by RE.
    const auto two = run(game_sgf(walls, "KM[0.5]RU[AGA]RE[B+4.5]", "B@aa W@ee B- W-"));
    for (const auto& r : two.results) ends(r, EndKind::two_passes, 4);
    CHECK(find_issue(two, "end_by_result") == nullptr);
}

TEST_CASE("R13: every Fox record of the corpus with a score in RE is counted and compared",
          "[audit][counting][R13][shared]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/games/foxwq-amateur-9dset";
    if (!fs::is_directory(dir)) SGFAUDIT_SKIP("no " << dir.string());
    const std::vector<fs::path> files = sgfaudit_test::sgf_files_below(dir);
    std::size_t scores = 0, others = 0;
    for (const fs::path& p : files) {
        const std::optional<sgf::GameRecord> read = sgfaudit_test::first_auditable_record(p);
        if (!read || !read->result) continue;
        const sgf::GameRecord& rec = *read;
        const audit::GameAudit a = audit::audit_game(rec, presets());
        INFO(p.string() << " RE " << rec.result->text);
        const bool score = rec.result->kind == sgf::ResultKind::score && rec.result->margin &&
                           *rec.result->margin > 0;
        if (score) {
            ++scores;
            for (const auto& r : a.results) CHECK(audit::to_string(r.end) == "counted");
            CHECK(issue_count(a, "end_by_result") == 1);
            CHECK(a.record.check != audit::RecordCheck::not_comparable);
        } else {
            ++others;
            CHECK(issue_count(a, "end_by_result") == 0);
        }
    }
    // 408 of the 2,000 games have a number in RE (grep 'RE\[[BW]+[0-9]'); 103 of them are
    // B+0.0 / W+0.0, Fox's winner-only form (R16): 305 scores above zero.
    CHECK(scores == 305);
    CHECK(others > 1000);
}

// =============================================================================================
// R11 Markup is the server's count

namespace {

// 5x5, Black's wall on column 2, White's on column 3, a dead White stone at (1,2) (bc).
//   ..XO.
//   ..XO.      B1 pass, W2 pass. The final node marks TB on columns 0-1 but for aa (the server
//   .OXO.      left it out) and TW on column 4. Markup count: bc is dead (a White stone on a
//   ..XO.      point marked for Black); Black's territory is the 9 marked points, White's 5.
//   ..XO.      Area B 5 + 9 = 14, W 5 + 5 + 0.5 = 10.5: B+3.5. The recount by regions gives
//              Black 10 (aa too): B+4.5.
const std::vector<std::string> marked = {"..XO.", "..XO.", ".OXO.", "..XO.", "..XO."};
constexpr std::string_view kMarkup = "TB[ab][ac][ad][ae][ba][bb][bc][bd][be]TW[ea][eb][ec][ed][ee]";

std::string with_markup(std::string sgf, std::string_view markup) {
    sgf.insert(sgf.size() - 1, markup);  // into the final node
    return sgf;
}

audit::AuditOptions markup_policy(audit::DeadPolicy p = audit::DeadPolicy::markup) {
    audit::AuditOptions o;
    o.dead = p;
    return o;
}

}  // namespace

TEST_CASE("R11: the final node's TB/TW markup is the count and the recount is a note",
          "[audit][counting][R11]") {
    for (const auto policy : {audit::DeadPolicy::markup, audit::DeadPolicy::automatic}) {
        const auto a =
            run(with_markup(game_sgf(marked, "KM[0.5]RU[Chinese]RE[B+3.5]", "B- W-"), kMarkup),
                {*audit::preset("chinese"), *audit::preset("japanese")}, markup_policy(policy));
        const audit::Score& cn = a.results[0].score;
        CHECK(cn.dead_white == 1);
        CHECK(cn.black_territory == 9);
        CHECK(cn.white_territory == 5);
        count(cn.area, 14, 10.5, "chinese area (markup)");
        // Japanese territory: B 9, W 5 - 1 (the dead stone) + 0.5.
        count(a.results[1].score.territory, 9, 4.5, "japanese territory (markup)");
        CHECK(a.record.check == audit::RecordCheck::match);
        const audit::RecordIssue* i = find_issue(a, "markup_recount_differs");
        REQUIRE(i != nullptr);
        CHECK(i->severity == IssueSeverity::note);
        // Both counts: the markup's territory, then the recount's.
        const auto& differs = std::get<audit::issue::MarkupRecountDiffers>(i->payload);
        CHECK(differs.markup_black == 9);
        CHECK(differs.markup_white == 5);
        CHECK(differs.recount_black == 10);
        CHECK(differs.recount_white == 5);
    }
}

TEST_CASE("R11: markup that agrees with the regions gives no note and strict TT ignores it",
          "[audit][counting][R11]") {
    const std::string all = "TB[aa][ab][ac][ad][ae][ba][bb][bc][bd][be]TW[ea][eb][ec][ed][ee]";
    const auto a =
        run(with_markup(game_sgf(marked, "KM[0.5]RU[Chinese]RE[B+4.5]", "B- W-"), all),
            {*audit::preset("chinese"), *audit::preset("tromp-taylor")}, markup_policy());
    count(a.results[0].score.area, 15, 10.5, "chinese area");
    CHECK(a.record.check == audit::RecordCheck::match);
    CHECK(find_issue(a, "markup_recount_differs") == nullptr);
    // TT 8 strict: the board as it stands: the dead stone counts for White and makes columns
    // 0-1 neutral.
    CHECK(a.results[1].score.dead_white == 0);
    count(a.results[1].score.area, 5, 11.5, "tromp-taylor area");
}

TEST_CASE("R11: the KGS games whose final node is the server's count reproduce RE",
          "[audit][counting][R11][shared]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/games/kgs-markup";
    if (!fs::is_directory(dir)) SGFAUDIT_SKIP("no " << dir.string());
    const std::vector<fs::path> files = sgfaudit_test::sgf_files_below(dir);
    std::size_t games = 0, scores = 0, matched = 0;
    for (const fs::path& p : files) {
        const std::optional<sgf::GameRecord> read = sgfaudit_test::first_auditable_record(p);
        if (!read) continue;
        const sgf::GameRecord& rec = *read;
        ++games;
        const audit::GameAudit a = audit::audit_game(rec, presets(), markup_policy());
        if (!rec.result || rec.result->kind != sgf::ResultKind::score) continue;
        ++scores;
        if (a.record.check == audit::RecordCheck::match) {
            ++matched;
        } else {
            UNSCOPED_INFO(p.filename().string() << " RE " << rec.result->text << ": "
                                                << audit::to_string(a.record.check));
        }
    }
    // 412 games, 400 with a score in RE (the others resigned); 398 reproduced (99.5 %): the two
    // left are 2017-01-31-2 (W+20.50) and 2017-02-20-1 (B+3.50), Japanese, margin differs.
    CHECK(games == 412);
    CHECK(scores == 400);
    CHECK(matched * 100 >= scores * 99);
    CHECK(matched == 398);
}

// =============================================================================================
// R12 Agreement

namespace {

audit::AuditOptions dead_list(std::vector<std::string> points) {
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::list;
    o.dead_points = std::move(points);
    return o;
}

}  // namespace

TEST_CASE("R12: RE equal to the count with some dead strings left on the board is agreed",
          "[audit][counting][R12]") {
    // The board of R11 without markup; the user's list calls the White stone at bc dead.
    // Removed: B 5 + 10 = 15, W 5 + 5 + 0.5 = 10.5: B+4.5. Left on the board (the players
    // agreed it lives): columns 0-1 touch both colours, B 5, W 6 + 5 + 0.5 = 11.5: W+6.5.
    const std::vector<audit::Ruleset> cn = {*audit::preset("chinese")};
    const auto removed =
        run(game_sgf(marked, "KM[0.5]RU[Chinese]RE[B+4.5]", "B- W-"), cn, dead_list({"bc"}));
    CHECK(removed.record.check == audit::RecordCheck::match);
    const auto agreed =
        run(game_sgf(marked, "KM[0.5]RU[Chinese]RE[W+6.5]", "B- W-"), cn, dead_list({"bc"}));
    agreed_with(agreed, sgf::Point{1, 2}, audit::Winner::white, 6.5);
    CHECK_FALSE(has_divergence(agreed, audit::DivergenceKind::record));
    // No subset reaches B+10: a mismatch. Strings the source calls alive are never removed.
    const auto wrong =
        run(game_sgf(marked, "KM[0.5]RU[Chinese]RE[B+10]", "B- W-"), cn, dead_list({"bc"}));
    CHECK(wrong.record.check == audit::RecordCheck::mismatch);
    CHECK(has_divergence(wrong, audit::DivergenceKind::record));
}

TEST_CASE("R12: past 12 dead strings the search stops and the check is unsettled",
          "[audit][counting][R12]") {
    // 19x19: Black's wall on column 9, White's on column 10; 20 lone White stones on Black's
    // side (even rows of columns 1, 3, 5 and 7 ...), all called dead: 20 strings, more than the
    // bound (12, 4,095 subsets), so no search: unsettled, never a long run.
    std::vector<std::string> rows(19, std::string(19, '.'));
    std::vector<std::string> dead;
    for (int y = 0; y < 19; ++y) {
        rows[y][9] = 'X';
        rows[y][10] = 'O';
    }
    for (int y = 0; y < 19 && dead.size() < 20; y += 2) {
        for (int x : {1, 5}) {
            rows[y][x] = 'O';
            dead.push_back(sgf_point(x, y));
        }
    }
    REQUIRE(dead.size() == 20);
    const std::vector<audit::Ruleset> cn = {*audit::preset("chinese")};
    const auto a = run(game_sgf(rows, "KM[0.5]RU[Chinese]RE[W+100]", "B- W-"), cn, dead_list(dead));
    CHECK(a.record.check == audit::RecordCheck::unsettled);
    CHECK(a.record.why == audit::RecordReason::agreement_unbounded);
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::record));
}

// =============================================================================================
// Presets (rules.md section 8)

TEST_CASE("Presets: aga-1991 is seed 000 as written with situational superko and komi 5.5",
          "[audit][counting][presets]") {
    const auto old = audit::preset("aga-1991");
    REQUIRE(old.has_value());
    const audit::Ruleset aga = *audit::preset("aga");
    CHECK(old->ko == audit::Ko::ssk);  // AGA 6: "with the same player to play", passes included
    CHECK(old->default_komi_even == 5.5);
    CHECK(aga.ko == audit::Ko::nssk);
    CHECK(aga.default_komi_even == 7.5);
    // Every other knob as aga.
    CHECK(old->suicide == aga.suicide);
    CHECK(old->scoring == aga.scoring);
    CHECK(old->pass_stones == aga.pass_stones);
    CHECK(old->white_moves_last == aga.white_moves_last);
    CHECK(old->handicap_bonus == aga.handicap_bonus);
    CHECK(old->end == aga.end);
    CHECK(old->dead == audit::DeadRule::agreement);
    // The model's section-2 example: B1 fills, W2 passes, B3 takes the ko, W4 retakes at once:
    // W4 recreates the position after W2's pass: illegal under ssk (aga-1991), legal under
    // nssk (aga).
    const std::vector<std::string> board = {".OX..", "O.OX.", ".OX..", ".....", "....."};
    const auto a =
        run(game_sgf(board, "KM[0.5]", "B@ee W- B@bb W@cb"), {*audit::preset("aga"), *old});
    legal(a.results[0], 4);
    illegal(a.results[1], 4, Reason::situational_superko, "AGA 6", 2);
    // No KM: 5.5 in an even game.
    const auto k = run(game_sgf(board, "", "B- W-"), {*old});
    CHECK(k.results[0].score.komi == 5.5);
}

TEST_CASE("Presets: tromp-taylor counts the board as it stands whatever --dead says",
          "[audit][counting][presets]") {
    CHECK(audit::preset("tromp-taylor")->dead == audit::DeadRule::as_is);
    // R11's board: the White stone at bc called dead by the user's list.
    const auto a = run(game_sgf(marked, "KM[0.5]", "B- W-"),
                       {*audit::preset("tromp-taylor"), spec("tromp-taylor:dead=agreement")},
                       dead_list({"bc"}));
    // Strict TT 8: bc stays, columns 0-1 are neutral: B 5, W 11.5.
    CHECK(a.results[0].score.dead_white == 0);
    CHECK(a.results[0].score.dead_source == audit::DeadSource::strict_tt);
    count(a.results[0].score.area, 5, 11.5, "tromp-taylor");
    // TT comment 8 (dead=agreement) takes the run's --dead: B 15, W 10.5.
    CHECK(a.results[1].score.dead_white == 1);
    count(a.results[1].score.area, 15, 10.5, "tromp-taylor:dead=agreement");
    // The rules text says so.
    const std::string text = audit::rules_text();
    CHECK_THAT(text, Catch::Contains("as-is"));
    CHECK_THAT(text, Catch::Contains("aga-1991"));
}

// =============================================================================================
// R18 Server conventions with two readings

TEST_CASE("R18: OGS's one-stone handicap is tried with and without its point",
          "[audit][counting][R18]") {
    // One Black setup stone at ca, White first (OGS's one-stone handicap), Black fills column c,
    // White column d, two passes. Area under chinese: B 15, W 10 + 0.5, plus 1 with OGS's point.
    const std::string game =
        "(;GM[1]FF[4]SZ[5]PC[OGS: https://online-go.com/game/1]KM[0.5]RU[Chinese]RE[{}]"
        "AB[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
    const auto with_re = [&](std::string_view re) {
        std::string text = game;
        text.replace(text.find("{}"), 2, re);
        return run(text, {*audit::preset("chinese")});
    };
    // With the point (the convention's first reading): B+3.5, a plain match.
    const auto point = with_re("B+3.5");
    CHECK(point.record.check == audit::RecordCheck::match);
    // Without it: B+4.5 is the other reading, named.
    const auto none = with_re("B+4.5");
    CHECK(none.record.check == audit::RecordCheck::convention);
    CHECK(none.record.why == audit::RecordReason::convention_no_handicap_point);
    REQUIRE(none.record.count.has_value());
    CHECK(none.record.count->margin == Approx(4.5));
    CHECK_FALSE(has_divergence(none, audit::DivergenceKind::record));
    // Neither reading gives B+10.
    CHECK(with_re("B+10").record.check == audit::RecordCheck::mismatch);
}
