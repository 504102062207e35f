#pragma once
// Internal: judging one board play under one ruleset (rules.md 2 and 3).
//
// The judge sees a play only through PlayFacts: what the physical replay found out about it
// (turn order, suicide, a ko shape retaken, earlier positions it repeats). The replay's fast
// path ("legal under every ruleset") is structurally tied to it: a play whose facts are all at
// their neutral value (PlayFacts{}, compared member by member with the defaulted ==, so a fact
// added to the struct is part of the comparison without another edit) is never judged, and
// judge_play must return no verdict for such facts under every ruleset. Dev and test builds
// assert that on every play taken by the fast path (judge.cpp), and tests/audit/judge.test.cpp
// checks it for every preset and reaches every Reason a play can have from facts.

#include <optional>

#include "history.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

// What the replay knows about one board play on an empty point of the board. Every member is
// neutral by default; a play with neutral facts is legal under every ruleset.
struct PlayFacts {
    bool out_of_turn = false;   // the same colour twice (AGA 8, TT 5, FFG 1)
    bool suicide = false;       // the played string has no liberty after captures
    bool lone_suicide = false;  // suicide of the lone stone, nothing captured: grid unchanged
    bool retake = false;        // retakes the ko shape made by the previous play
    Repeats repeats;            // earlier positions the new position repeats
    bool operator==(const PlayFacts&) const = default;
};

// Takes: facts. Gives: whether no ruleset needs to judge the play (all facts neutral).
inline bool is_quiet(const PlayFacts& facts) {
    return facts == PlayFacts{};
}

// Takes: a ruleset, the colour that played and the play's facts. Gives: the reason, clause and
// repeated move when the ruleset forbids the play, else nothing (move, colour and point are left
// for the caller). Guarantees: nothing for quiet facts (is_quiet), under any ruleset.
std::optional<Illegal> judge_play(const Ruleset& r, game::Color c, const PlayFacts& facts);

}  // namespace sgfaudit::audit::detail
