// Integration: every game of ../shared/corpus (real records) is audited under the three presets
// without a crash, the results hold together, and Tromp-Taylor's positional-superko verdicts
// agree with a naive replay that keeps every earlier position as text (no hashing at all).
// Skips where ../shared is absent (a user's clone). Set SGFAUDIT_STATS=1 to print the figures.

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <unordered_set>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "skip.hpp"

namespace fs = std::filesystem;
using namespace sgfaudit;

namespace {

const std::string kShared = std::string(SGFAUDIT_SHARED_DIR) + "/corpus";

// Moves (1-based) that strict Tromp-Taylor forbids by TT 6 (including one-stone suicides),
// found by brute force: every position of the game kept as its full picture.
std::set<std::uint32_t> naive_tt_repeats(const sgf::GameRecord& rec) {
    std::set<std::uint32_t> out;
    game::Board board(rec.size.width, rec.size.height);
    std::unordered_set<std::string> seen;
    std::uint32_t move = 0;
    bool started = false;
    int consecutive_passes = 0;
    for (const sgf::Event& e : rec.events) {
        if (e.kind != sgf::EventKind::move) {
            const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
            if (!board.on_board(v)) continue;
            if (e.kind == sgf::EventKind::add_black) board.set_stone(v, game::Color::black);
            if (e.kind == sgf::EventKind::add_white) board.set_stone(v, game::Color::white);
            if (e.kind == sgf::EventKind::add_empty) board.clear(v);
            if (started) seen.insert(board.to_ascii());
            continue;
        }
        if (!started) {
            seen.insert(board.to_ascii());
            started = true;
        }
        ++move;
        if (e.pass) {
            if (++consecutive_passes >= 2) break;  // TT 8: the game is over
            continue;
        }
        consecutive_passes = 0;
        const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
        if (!board.on_board(v) || board.at(v) != game::Cell::empty) continue;
        board.play(v, e.color == sgf::Color::black ? game::Color::black : game::Color::white, true);
        if (!seen.insert(board.to_ascii()).second) out.insert(move);
    }
    return out;
}

}  // namespace

TEST_CASE("Every game of the shared corpus is audited under the three presets",
          "[integration][shared][audit]") {
    if (!fs::is_directory(kShared)) {
        SGFAUDIT_SKIP(kShared << " is absent (it ships beside the repository in CI)");
    }
    const std::vector<std::string> args{kShared};
    const auto inputs = pipeline::collect_inputs(args);
    const std::vector<audit::Ruleset> rules{*audit::preset("tromp-taylor"), *audit::preset("aga"),
                                            *audit::preset("french")};
    std::size_t games = 0, audited = 0, tt_checked = 0;
    std::map<std::string, std::size_t> divergences, games_with, reasons, record_checks;
    for (const auto& path : inputs.files) {
        auto bytes = pipeline::read_file(path, sgf::ReadLimits{}.max_file_bytes);
        REQUIRE(bytes.ok);
        const sgf::Document doc = sgf::read_document(path, std::move(bytes.bytes));
        for (std::size_t g = 0; g < doc.games().size(); ++g) {
            ++games;
            const sgf::GameRecord rec = sgf::read_record(doc, g);
            const audit::GameAudit a = audit::audit_game(rec, rules);
            REQUIRE(a.results.size() == 3);
            if (!a.auditable) continue;
            ++audited;
            for (const audit::RulesetResult& r : a.results) {
                CHECK(r.end_move <= a.moves);
                for (const audit::Illegal& i : r.illegal) {
                    INFO(path << " game " << g << " move " << i.move);
                    CHECK(i.move >= 1);
                    CHECK(i.move <= a.moves);
                    if (i.repeats_move) CHECK(*i.repeats_move < i.move);
                    const std::string key =
                        std::string(audit::to_string(i.reason)) + " (" + r.ruleset.name + ")";
                    if (++reasons[key] <= 3 && std::getenv("SGFAUDIT_STATS")) {
                        std::cout << "example " << key << ": " << path << " game " << g << " move "
                                  << i.move << " repeats "
                                  << (i.repeats_move ? std::to_string(*i.repeats_move) : "-")
                                  << "\n";
                    }
                }
            }
            std::set<std::string> kinds;
            for (const audit::Divergence& d : a.divergences) {
                ++divergences[std::string(audit::to_string(d.kind))];
                kinds.insert(std::string(audit::to_string(d.kind)));
            }
            for (const auto& k : kinds) ++games_with[k];
            ++record_checks[std::string(audit::to_string(a.record.check))];

            // TT 6 against the naive replay (only where no setup follows the first move and no
            // play was out of turn, so both replays see the same turns).
            bool simple = true;
            for (const audit::RecordIssue& i : a.record_issues) {
                if (audit::to_string(i.code()) == "setup_after_start" ||
                    audit::to_string(i.code()) == "out_of_turn" ||
                    audit::to_string(i.code()) == "placement_interrupted") {
                    simple = false;
                }
            }
            if (!simple) continue;
            ++tt_checked;
            std::set<std::uint32_t> engine;
            for (const audit::Illegal& i : a.results[0].illegal) {
                if (i.reason == audit::Reason::positional_superko ||
                    i.reason == audit::Reason::suicide) {
                    engine.insert(i.move);
                }
            }
            INFO(path << " game " << g);
            CHECK(engine == naive_tt_repeats(rec));
        }
    }
    CHECK(games > 20000);
    CHECK(audited > 20000);
    if (std::getenv("SGFAUDIT_STATS")) {
        std::cout << "games " << games << ", audited " << audited << ", TT cross-checked "
                  << tt_checked << "\n";
        for (const auto& [k, n] : divergences)
            std::cout << "divergences " << k << ": " << n << "\n";
        for (const auto& [k, n] : games_with) std::cout << "games with " << k << ": " << n << "\n";
        for (const auto& [k, n] : reasons) std::cout << "illegal " << k << ": " << n << "\n";
        for (const auto& [k, n] : record_checks) std::cout << "record " << k << ": " << n << "\n";
    }
}
