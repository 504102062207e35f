#pragma once
// The preset table of audit/ruleset.hpp (rules.md section 1), private to the audit module:
// each preset is one row (ruleset_presets.cpp, kPresets) giving, per knob, its value, what a
// finding cites for it and the clause text `sgfaudit rules` prints. Everything else that names
// presets (preset_names, preset, spec parsing, the R14 every-preset judge, `sgfaudit rules`, the
// errors that list the allowed names, cited_clauses) reads the table.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <string_view>

#include "ruleset_knobs.hpp"
#include "sgfaudit/audit/ruleset.hpp"

namespace sgfaudit::audit::ruleset_detail {

constexpr std::size_t kNoValue = 0xff;

// One knob of a preset: its value, what a finding cites for it and why (the clause text).
struct PresetKnob {
    Knob knob = Knob::komi;  // komi: not set (the komi override is never a preset's)
    std::size_t value = 0;   // an enum knob's value (its index)
    double number = 0;       // default-komi, default-komi-handicap
    // What a finding cites for this value ("": the knob table's citation of the value).
    std::string_view cite;
    std::string_view why;  // the clause behind the value, as `sgfaudit rules` prints it
    // One other value the preset's text addresses (aga: area by agreement, AGA 12), and its cite.
    std::size_t other_value = kNoValue;
    std::string_view other_cite;

    // This setting, with `other` (a value of the same knob) cited as `other_cite_text`.
    template <class E>
    constexpr PresetKnob also(E other, std::string_view other_cite_text) const {
        PresetKnob k = *this;
        k.other_value = static_cast<std::size_t>(other);
        k.other_cite = other_cite_text;
        return k;
    }
};

// The knob an enum type is the value of.
constexpr Knob knob_of(Suicide) {
    return Knob::suicide;
}
constexpr Knob knob_of(Ko) {
    return Knob::ko;
}
constexpr Knob knob_of(Scoring) {
    return Knob::scoring;
}
constexpr Knob knob_of(SekiEyes) {
    return Knob::seki_eyes;
}
constexpr Knob knob_of(PassStones) {
    return Knob::pass_stones;
}
constexpr Knob knob_of(WhiteMovesLast) {
    return Knob::white_moves_last;
}
constexpr Knob knob_of(HandicapBonus) {
    return Knob::bonus;
}
constexpr Knob knob_of(GameEnd) {
    return Knob::end;
}
constexpr Knob knob_of(Cycle) {
    return Knob::cycle;
}
constexpr Knob knob_of(DeadRule) {
    return Knob::dead;
}
constexpr Knob knob_of(Button) {
    return Knob::button;
}

// A preset's value of an enum knob, cited as `cite`, with the clause text `why`.
template <class E>
constexpr PresetKnob set(E value, std::string_view cite, std::string_view why) {
    PresetKnob k;
    k.knob = knob_of(value);
    k.value = static_cast<std::size_t>(value);
    k.cite = cite;
    k.why = why;
    return k;
}
// A preset's default komi, even game and handicap game (before the bonus).
constexpr PresetKnob komi(double x, std::string_view why) {
    PresetKnob k;
    k.knob = Knob::default_komi;
    k.number = x;
    k.why = why;
    return k;
}
constexpr PresetKnob komi_handicap(double x, std::string_view why) {
    PresetKnob k = komi(x, why);
    k.knob = Knob::default_komi_handicap;
    return k;
}

// A preset: its name, title and every rule knob (in Knob order).
struct PresetRow {
    std::string_view name;
    std::string_view title;
    std::array<PresetKnob, kRuleKnobCount> knobs{};

    const PresetKnob& operator[](Knob k) const { return knobs[static_cast<std::size_t>(k)]; }
};

// Unless a preset says otherwise, the players decide dead stones and there is no button.
constexpr std::string_view kPresetAgreed =
    "the players agree on dead stones after two passes; the run's --dead policy stands for them";
constexpr std::string_view kPresetNoButton = "no button: a pass earns nothing";

// A preset row from its knobs, in any order: each rule knob once, dead and button optional
// (agreement, no). A knob missing or given twice is a compile error (a throw in a constant
// expression).
constexpr PresetRow preset_row(std::string_view name, std::string_view title,
                               std::initializer_list<PresetKnob> knobs) {
    PresetRow row{name, title, {}};
    std::array<bool, kRuleKnobCount> given{};
    row.knobs[static_cast<std::size_t>(Knob::dead)] = set(DeadRule::agreement, "", kPresetAgreed);
    row.knobs[static_cast<std::size_t>(Knob::button)] = set(Button::no, "", kPresetNoButton);
    for (const PresetKnob& k : knobs) {
        const auto i = static_cast<std::size_t>(k.knob);
        if (i >= kRuleKnobCount || given[i]) throw "a preset gives a knob twice, or komi";
        given[i] = true;
        row.knobs[i] = k;
    }
    for (std::size_t i = 0; i < kRuleKnobCount; ++i) {
        const auto k = static_cast<Knob>(i);
        if (!given[i] && k != Knob::dead && k != Knob::button) throw "a preset misses a knob";
    }
    return row;
}

// Every preset, in the order `sgfaudit rules` lists them.
std::span<const PresetRow> preset_table() noexcept;
// The preset row called `name` (exact, lower case), or nullptr.
const PresetRow* find_preset(std::string_view name) noexcept;
// The ruleset of a preset row, named and specified by the preset's name.
Ruleset from_row(const PresetRow& row);
// What a finding cites for value v of enum knob k under a ruleset whose spec starts from `row`:
// the preset's own citation when its text addresses the value, else "" (the knob table's).
std::string_view preset_cite(const PresetRow& row, Knob k, std::size_t v) noexcept;

}  // namespace sgfaudit::audit::ruleset_detail
