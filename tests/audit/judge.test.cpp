// The judge of one play (src/audit/judge.hpp, internal) and the replay's fast path: a play with
// quiet facts is legal under every ruleset, and every Reason is either decided by the judge or
// is one of the plays that cannot stand (decided before the judge, turns.cpp). A new reason for
// illegality that the fast path would skip fails here.

#include "../../src/audit/judge.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"

using namespace sgfaudit;
using audit::detail::PlayFacts;

namespace {

// Every preset, and every preset under every value of the knobs the judge reads.
std::vector<audit::Ruleset> rulesets() {
    std::vector<audit::Ruleset> out;
    for (const std::string_view name : audit::preset_names()) {
        const audit::Ruleset base = *audit::preset(name);
        out.push_back(base);
        for (const audit::Ko ko :
             {audit::Ko::psk, audit::Ko::ssk, audit::Ko::nssk, audit::Ko::simple}) {
            for (const audit::Suicide s :
                 {audit::Suicide::forbidden, audit::Suicide::multi_stone}) {
                audit::Ruleset r = base;
                r.ko = ko;
                r.suicide = s;
                out.push_back(r);
            }
        }
    }
    return out;
}

// Facts in every combination of their members (earlier positions: none, or one at move 3
// after a play, or only after a pass, of either colour).
std::vector<PlayFacts> all_facts() {
    std::vector<PlayFacts> out;
    for (int bits = 0; bits < 16; ++bits) {
        for (int rep = 0; rep < 6; ++rep) {
            PlayFacts f;
            f.out_of_turn = (bits & 1) != 0;
            f.suicide = (bits & 2) != 0;
            f.lone_suicide = f.suicide && (bits & 4) != 0;
            f.retake = (bits & 8) != 0;
            if (rep > 0) {
                const int c = (rep - 1) % 2;
                f.repeats.any = 3;
                f.repeats.after_turn[c] = 3;
                if (rep <= 2) f.repeats.after_play[c] = 3;
                if (rep == 5) f.repeats.after_turn[c].reset();  // after setup only
            }
            out.push_back(f);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("judge: quiet facts are legal under every ruleset (the replay's fast path)") {
    const PlayFacts quiet;
    REQUIRE(audit::detail::is_quiet(quiet));
    for (const audit::Ruleset& r : rulesets()) {
        for (const game::Color c : {game::Color::black, game::Color::white}) {
            INFO(audit::describe(r));
            CHECK_FALSE(audit::detail::judge_play(r, c, quiet).has_value());
        }
    }
}

TEST_CASE("judge: facts that are not quiet are judged (every member counts for is_quiet)") {
    PlayFacts f;
    f.out_of_turn = true;
    CHECK_FALSE(audit::detail::is_quiet(f));
    f = {};
    f.suicide = true;
    CHECK_FALSE(audit::detail::is_quiet(f));
    f = {};
    f.lone_suicide = true;
    CHECK_FALSE(audit::detail::is_quiet(f));
    f = {};
    f.retake = true;
    CHECK_FALSE(audit::detail::is_quiet(f));
    f = {};
    f.repeats.after_play[1] = 0;
    CHECK_FALSE(audit::detail::is_quiet(f));
}

TEST_CASE("judge: every Reason is decided by the judge or is a play that cannot stand") {
    std::set<audit::Reason> judged;
    for (const audit::Ruleset& r : rulesets()) {
        for (const PlayFacts& f : all_facts()) {
            for (const game::Color c : {game::Color::black, game::Color::white}) {
                const auto ill = audit::detail::judge_play(r, c, f);
                if (!ill) continue;
                judged.insert(ill->reason);
                CHECK_FALSE(audit::detail::is_quiet(f));
                CHECK_FALSE(ill->clause.empty());
            }
        }
    }
    // Decided before the judge (turns.cpp: Replay::skipped): no ruleset lets them stand.
    const std::set<audit::Reason> cannot_stand = {audit::Reason::occupied,
                                                  audit::Reason::off_board};
    // Every value of the enum, up to the first without a name.
    int values = 0;
    for (int i = 0; i < 256; ++i) {
        const auto reason = static_cast<audit::Reason>(i);
        if (audit::to_string(reason) == "?") break;
        ++values;
        INFO(audit::to_string(reason));
        CHECK(judged.count(reason) + cannot_stand.count(reason) == 1);
    }
    CHECK(values == 8);  // a new Reason changes this count, and must pass the check above
}
