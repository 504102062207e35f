// audit_file: every game handed on with its own diagnostics (the reader's for it, those of the
// file as a whole with the first game, then its record's), and the file's diagnostics all of
// them, in order.

#include "sgfaudit/pipeline/audit_file.hpp"

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace sgfaudit;

namespace {

struct Seen {
    std::vector<std::vector<std::string>> games;  // per game: its diagnostics, formatted
};

pipeline::FileAudit audit_text(const std::string& text, Seen& seen) {
    pipeline::AuditSettings settings;
    settings.rulesets = audit::parse_ruleset_list("tromp-taylor,aga").rulesets;
    pipeline::FileInput input;
    input.path = "t.sgf";
    input.bytes.ok = true;
    input.bytes.bytes = text;
    return pipeline::audit_file(input, settings, [&](const pipeline::AuditedGame& g) {
        std::vector<std::string> mine;
        for (const sgf::Diagnostic& d : g.input.diagnostics) {
            // Its own, or (the first game) the file's as a whole.
            CHECK((d.game == g.input.game || (g.input.game == 0 && d.game < 0)));
            mine.push_back(sgf::format(d));
        }
        seen.games.push_back(mine);
    });
}

std::vector<std::string> formatted(const std::vector<sgf::Diagnostic>& ds) {
    std::vector<std::string> out;
    for (const sgf::Diagnostic& d : ds) out.push_back(sgf::format(d));
    return out;
}

}  // namespace

TEST_CASE("audit_file: the file's diagnostics are the games', each game's its own",
          "[pipeline][audit_file]") {
    const std::vector<std::string> texts = {
        "(;GM[1]SZ[9];B[aa];W[bb])",                                      // none
        "(;GM[1]SZ[9]KM[x];B[aa])",                                       // record only
        "junk (;GM[1]SZ[9];B[aa])(;GM[1]SZ[9]KM[x];B[zz];W[aa])",         // reader and record
        "(;GM[1]SZ[9]KM[x];B[aa])(;GM[1]SZ[9];B[aa]C[\\x];W[)]",          // record, then reader
        "(;GM[1]SZ[9]KM[y]HA[q];B[aa])(;GM[1]SZ[9]KM[z];B[bb])(;GM[1])",  // record, three games
        "nothing here",                                                   // no game
    };
    std::size_t with_diagnostics = 0;
    for (const std::string& text : texts) {
        INFO(text);
        Seen seen;
        const pipeline::FileAudit file = audit_text(text, seen);
        REQUIRE(seen.games.size() == file.games);
        std::vector<std::string> all;
        for (const auto& g : seen.games) all.insert(all.end(), g.begin(), g.end());
        const std::vector<std::string> listed = formatted(file.diagnostics);
        if (file.games > 0) {
            // The same diagnostics, each once; the reader's come first in the file's list.
            std::vector<std::string> a = all, b = listed;
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            CHECK(a == b);
        }
        with_diagnostics += listed.empty() ? 0 : 1;
        // Handed twice, the same.
        Seen again;
        const pipeline::FileAudit file2 = audit_text(text, again);
        CHECK(again.games == seen.games);
        CHECK(formatted(file2.diagnostics) == listed);
    }
    CHECK(with_diagnostics >= 3);
}

TEST_CASE("A cancel flag stops a file of many games between two games", "[pipeline][cancel]") {
    std::string text;
    for (int i = 0; i < 50; ++i) text += "(;GM[1]SZ[9];B[ee];W[cc])";
    std::atomic<int> cancel{0};
    pipeline::AuditSettings settings;
    settings.rulesets = audit::parse_ruleset_list("aga").rulesets;
    settings.cancel = &cancel;
    pipeline::FileInput input;
    input.path = "t.sgf";
    input.bytes.ok = true;
    input.bytes.bytes = text;
    int handed = 0;
    pipeline::audit_file(input, settings, [&](const pipeline::AuditedGame&) {
        // A signal comes during the tenth game: no game after it is audited.
        if (++handed == 10) cancel = 2;
    });
    CHECK(handed == 10);
    // Without a signal, every game.
    cancel = 0;
    handed = 0;
    input.bytes.ok = true;
    input.bytes.bytes = text;
    pipeline::audit_file(input, settings, [&](const pipeline::AuditedGame&) { ++handed; });
    CHECK(handed == 50);
}
