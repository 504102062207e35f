#pragma once
// The preset table of audit/ruleset.hpp (rules-model.md section 1), private to the audit module:
// each preset with the value of every knob and the clause behind it, from the seeds and the
// public rule texts.

#include <span>
#include <string_view>

#include "ruleset_knobs.hpp"
#include "sgfaudit/audit/ruleset.hpp"

namespace sgfaudit::audit::ruleset_detail {

struct PresetRow {
    std::string_view name;
    std::string_view title;
    Suicide suicide;
    Ko ko;
    Scoring scoring;
    SekiEyes seki_eyes;
    PassStones pass_stones;
    WhiteMovesLast white_moves_last;
    HandicapBonus bonus;
    GameEnd end;
    Cycle cycle;
    double komi_even;
    double komi_handicap;
    std::array<std::string_view, kRuleKnobCount> clauses;  // per knob, in kKnobNames order
    // What a finding cites, per enum knob and value, where this preset's text addresses the
    // value ("" where it does not: the knob table's citation is used).
    std::array<std::array<std::string_view, 4>, kEnumKnobCount> cites;
    DeadRule dead = DeadRule::agreement;  // who decides dead stones (the players, unless named)
};

// Every preset, in the order `sgfaudit rules` lists them.
std::span<const PresetRow> preset_table() noexcept;
// The preset row called `name` (exact, lower case), or nullptr.
const PresetRow* find_preset(std::string_view name) noexcept;
// The ruleset of a preset row, named and specified by the preset's name.
Ruleset from_row(const PresetRow& row);

}  // namespace sgfaudit::audit::ruleset_detail
