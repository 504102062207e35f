// The count drawn (RulesetResult::count_map) is the count as it was made: every point has the
// role the count gave it. Written from the counts' rules before the code:
// - R19 (rules.md 8): under seki-eyes=neutral the eyes of stones in seki and the points their
//   owner must fill are no one's; an open dame that either side can fill makes no seki;
// - R11: a markup count's territory is the final node's TB/TW, not the regions.
// So each map's points add up to the count's terms: its territory, neutral points, stones and
// dead stones. Maps are drawn only in games with findings: each game below has an RE that its
// count does not reproduce. The notation is that of catalogue.test.cpp (rows top to bottom).

#include <filesystem>
#include <map>
#include <set>

#include "catalogue_support.hpp"
#include "shared_records.hpp"
#include "skip.hpp"

using namespace catalogue;

namespace {

using audit::PointRole;

// The map as rows: X O stones, x o dead stones, b w territory, s t the points of Black's and
// White's one-colour regions that are no one's under seki-eyes=neutral (R19), . neutral.
std::vector<std::string> rows_of(const audit::GameAudit& a, const audit::RulesetResult& r) {
    std::vector<std::string> rows;
    if (r.count_map.empty()) return rows;
    for (int y = 0; y < a.height; ++y) {
        std::string row;
        for (int x = 0; x < a.width; ++x) {
            switch (r.count_map[static_cast<std::size_t>(y * a.width + x)]) {
                case PointRole::black_stone:
                    row += 'X';
                    break;
                case PointRole::white_stone:
                    row += 'O';
                    break;
                case PointRole::dead_black:
                    row += 'x';
                    break;
                case PointRole::dead_white:
                    row += 'o';
                    break;
                case PointRole::black_territory:
                    row += 'b';
                    break;
                case PointRole::white_territory:
                    row += 'w';
                    break;
                case PointRole::seki_eye_black:
                    row += 's';
                    break;
                case PointRole::seki_eye_white:
                    row += 't';
                    break;
                case PointRole::neutral:
                    row += '.';
                    break;
            }
        }
        rows.push_back(row);
    }
    return rows;
}

std::map<PointRole, int> roles(const audit::RulesetResult& r) {
    std::map<PointRole, int> n;
    for (const PointRole p : r.count_map) ++n[p];
    return n;
}

}  // namespace

TEST_CASE("The count drawn: an open dame either side can fill makes no seki eyes (R19)",
          "[audit][count_map][R19]") {
    // 7x3, two living walls with a column of dame between them (japanese_count.test.cpp):
    //   ..X.O..   either side can fill column 3: no seki. Each wall's two columns are its
    //   ..X.O..   territory (6 points), under japanese as under chinese; column 3 is neutral.
    //   ..X.O..   J 8 read with the dame open would have put both walls in seki.
    const std::vector<std::string> board = {"..X.O..", "..X.O..", "..X.O.."};
    const auto a = run(game_sgf(board, "KM[0.5]RU[Japanese]RE[B+99]", "B- W-"),
                       {spec("japanese"), spec("chinese")});
    REQUIRE(audit::has_findings(a));
    const std::vector<std::string> drawn = {"bbX.Oww", "bbX.Oww", "bbX.Oww"};
    for (const audit::RulesetResult& r : a.results) {
        INFO(r.ruleset.name);
        CHECK(rows_of(a, r) == drawn);
        CHECK(r.score.black_territory == 6);
        CHECK(r.score.white_territory == 6);
    }
}

TEST_CASE(
    "The count drawn: a point its owner must fill is no one's under seki-eyes=neutral "
    "only (R19)",
    "[audit][count_map][R19]") {
    // 6x3 (japanese_count.test.cpp): Black's stone (3,0) has one liberty, e = (2,0), so Black
    // must fill e: no territory under japanese (drawn as a no one's point, s), Black's under
    // seki-eyes=territory (b). Black's column 0 and White's four points on the right are
    // territory under both.
    //   .XeXO.
    //   .XXOO.
    //   .XOO..
    const std::vector<std::string> board = {".X.XO.", ".XXOO.", ".XOO.."};
    const auto a = run(game_sgf(board, "KM[0.5]RU[Japanese]RE[B+99]", "B- W-"),
                       {spec("japanese"), spec("japanese:seki-eyes=territory")});
    REQUIRE(audit::has_findings(a));
    CHECK(rows_of(a, a.results[0]) == std::vector<std::string>{"bXsXOw", "bXXOOw", "bXOOww"});
    CHECK(a.results[0].score.black_territory == 3);
    CHECK(rows_of(a, a.results[1]) == std::vector<std::string>{"bXbXOw", "bXXOOw", "bXOOww"});
    CHECK(a.results[1].score.black_territory == 4);
}

TEST_CASE("The count drawn: a markup count draws the markup's territory (R11)",
          "[audit][count_map][R11]") {
    // 5x3, the final node's markup TB[aa][ab] TW[da][db][dc][ea][eb][ec]:
    //   .XO..   the White stone at (0,1) stands on a point marked for Black: dead (o), and
    //   OXO..   its point counts for Black. The markup leaves (0,2) out: neutral, though its
    //   .XO..   region reaches Black only. Black territory 2, White 6.
    const std::vector<std::string> board = {".XO..", "OXO..", ".XO.."};
    const std::string text = game_sgf(board, "KM[0.5]RU[Japanese]RE[W+99]", "B- W-");
    const std::string marked =
        text.substr(0, text.size() - 1) + "TB[aa][ab]TW[da][db][dc][ea][eb][ec])";
    audit::AuditOptions o;
    o.dead = audit::DeadPolicy::markup;
    const auto a = run(marked, {spec("japanese"), spec("chinese")}, o);
    REQUIRE(audit::has_findings(a));
    for (const audit::RulesetResult& r : a.results) {
        INFO(r.ruleset.name);
        CHECK(r.score.dead_source == audit::DeadSource::markup);
        CHECK(rows_of(a, r) == std::vector<std::string>{"bXOww", "oXOww", ".XOww"});
        CHECK(r.score.black_territory == 2);
        CHECK(r.score.white_territory == 6);
    }
}

TEST_CASE("The count drawn: not under KataGo's reading of independent life (KG tax)",
          "[audit][count_map]") {
    // The seki of japanese_count.test.cpp under seki-eyes=taxed and independent: the count takes
    // out the regions without independent life, which the map does not show, so no map is
    // drawn; the same game under chinese has one.
    const std::vector<std::string> board = {"aXdOfOX..", "XXXOOOX..", "OOOXXXX..", "..OX....."};
    const auto a = run(
        game_sgf(board, "KM[0.5]RU[Japanese]RE[W+99]", "B- W-"),
        {spec("chinese:seki-eyes=taxed"), spec("chinese:seki-eyes=independent"), spec("chinese")});
    REQUIRE(audit::has_findings(a));
    CHECK(a.results[0].score.scored);
    CHECK(a.results[0].count_map.empty());
    CHECK(a.results[1].count_map.empty());
    CHECK(a.results[2].count_map.size() == 36);
}

namespace {

// Whether the map of `r` adds up to its count: stones, dead stones, each colour's territory (a
// dead stone's point counts where its count put it: on a point marked for the opponent in a
// markup count; `dead_in` gives the dead stones each colour's territory holds) and the neutral
// points, the seki eyes among them (drawn under seki-eyes=neutral only).
void adds_up(const audit::RulesetResult& r, int dead_in_black, int dead_in_white) {
    const audit::Score& s = r.score;
    std::map<PointRole, int> n = roles(r);
    CHECK(n[PointRole::black_stone] == s.black_stones);
    CHECK(n[PointRole::white_stone] == s.white_stones);
    CHECK(n[PointRole::dead_black] == s.dead_black);
    CHECK(n[PointRole::dead_white] == s.dead_white);
    const int seki_black = n[PointRole::seki_eye_black], seki_white = n[PointRole::seki_eye_white];
    if (r.ruleset.seki_eyes != audit::SekiEyes::neutral) CHECK(seki_black + seki_white == 0);
    CHECK(n[PointRole::black_territory] + dead_in_black == s.black_territory);
    CHECK(n[PointRole::white_territory] + dead_in_white == s.white_territory);
    CHECK(n[PointRole::neutral] + seki_black + seki_white == s.neutral);
}

}  // namespace

TEST_CASE("The count drawn adds up to the count on the KGS games with the server's count",
          "[audit][count_map][R11][R19][shared]") {
    // Each of the 412 games of ../shared/corpus/games/kgs-markup counted twice: by the board
    // as it stands (--dead none: R19's reading of seki and must-fill points under japanese),
    // and by the final node's markup (R11: its TB/TW). Every map drawn adds up to its count.
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/games/kgs-markup";
    if (!fs::is_directory(dir)) SGFAUDIT_SKIP("no " << dir.string());
    const std::vector<fs::path> files = sgfaudit_test::sgf_files_below(dir);
    const std::vector<audit::Ruleset> rulesets = {
        spec("japanese"), spec("japanese:seki-eyes=territory"), spec("chinese")};
    audit::AuditOptions as_it_stands;
    as_it_stands.dead = audit::DeadPolicy::none;
    audit::AuditOptions by_markup;
    by_markup.dead = audit::DeadPolicy::markup;
    int maps = 0, with_seki_eyes = 0, markup_maps = 0;
    for (const fs::path& p : files) {
        const std::optional<sgf::GameRecord> read = sgfaudit_test::first_auditable_record(p);
        if (!read) continue;
        const sgf::GameRecord& rec = *read;
        INFO(p.filename().string());
        const audit::GameAudit plain = audit::audit_game(rec, rulesets, as_it_stands);
        for (const audit::RulesetResult& r : plain.results) {
            if (r.count_map.empty()) continue;
            INFO(r.ruleset.name << ", the board as it stands");
            ++maps;
            const std::map<PointRole, int> n = roles(r);
            with_seki_eyes +=
                n.count(PointRole::seki_eye_black) + n.count(PointRole::seki_eye_white) ? 1 : 0;
            adds_up(r, 0, 0);
        }
        // The markup count: a dead stone counts for the colour whose territory marks its point.
        std::set<std::pair<int, int>> black_marks, white_marks;
        for (const sgf::Point& q : rec.territory_black) black_marks.insert({q.x, q.y});
        for (const sgf::Point& q : rec.territory_white) white_marks.insert({q.x, q.y});
        const audit::GameAudit marked = audit::audit_game(rec, rulesets, by_markup);
        for (const audit::RulesetResult& r : marked.results) {
            if (r.count_map.empty() || r.score.dead_source != audit::DeadSource::markup) continue;
            INFO(r.ruleset.name << ", by the markup");
            ++markup_maps;
            int dead_in_black = 0, dead_in_white = 0;
            for (int y = 0; y < marked.height; ++y) {
                for (int x = 0; x < marked.width; ++x) {
                    const PointRole role =
                        r.count_map[static_cast<std::size_t>(y * marked.width + x)];
                    if (role != PointRole::dead_black && role != PointRole::dead_white) continue;
                    const bool b = black_marks.count({x, y}) != 0;
                    const bool w = white_marks.count({x, y}) != 0;
                    if (b && !w && role == PointRole::dead_white) ++dead_in_black;
                    if (w && !b && role == PointRole::dead_black) ++dead_in_white;
                }
            }
            adds_up(r, dead_in_black, dead_in_white);
        }
    }
    INFO("maps: " << maps << " (" << with_seki_eyes << " with seki eyes), by the markup "
                  << markup_maps);
    // Measured: most of these games have an RE the board as it stands does not reproduce (the
    // dead stones are still on it), and every markup count reproduces RE in all but a few
    // (counting.test.cpp): each side is checked on many maps.
    CHECK(maps >= 1000);
    CHECK(with_seki_eyes >= 100);
    CHECK(markup_maps >= 2);
}

TEST_CASE("The count drawn: a record mismatch under RU's own ruleset keeps that count",
          "[audit][count_map]") {
    // The walls above, RU[Japanese] (japanese:seki-eyes=territory, none of the presets run) and
    // an RE the count does not give: the record check's count is kept with its map, so that
    // the reports can draw the count RE disagrees with (RecordVerdict::own_count).
    const std::vector<std::string> board = {"..X.O..", "..X.O..", "..X.O.."};
    const auto mismatch = run(game_sgf(board, "KM[0.5]RU[Japanese]RE[B+99]", "B- W-"));
    REQUIRE(mismatch.record.check == audit::RecordCheck::mismatch);
    REQUIRE(mismatch.record.own_count);
    const audit::RulesetResult& own = *mismatch.record.own_count;
    CHECK(own.ruleset.name == "japanese:seki-eyes=territory");
    CHECK(own.ruleset.seki_eyes == audit::SekiEyes::territory);
    CHECK(own.illegal.empty());
    CHECK(rows_of(mismatch, own) == std::vector<std::string>{"bbX.Oww", "bbX.Oww", "bbX.Oww"});
    CHECK(own.score.decision().black == mismatch.record.count->black);
    CHECK(own.score.decision().white == mismatch.record.count->white);
    adds_up(own, 0, 0);
    // None where RE is reproduced, where RU's ruleset is one of the run's (its count is in
    // results), or without diagrams.
    const auto match = run(game_sgf(board, "KM[0.5]RU[Japanese]RE[W+0.5]", "B- W-"));
    CHECK(match.record.check == audit::RecordCheck::match);
    CHECK_FALSE(match.record.own_count);
    const auto chosen = run(game_sgf(board, "KM[0.5]RU[AGA]RE[B+99]", "B- W-"));
    CHECK(chosen.record.check == audit::RecordCheck::mismatch);
    CHECK_FALSE(chosen.record.own_count);
    audit::AuditOptions plain;
    plain.diagrams = false;
    const auto undrawn =
        run(game_sgf(board, "KM[0.5]RU[Japanese]RE[B+99]", "B- W-"), presets(), plain);
    CHECK_FALSE(undrawn.record.own_count);
}
