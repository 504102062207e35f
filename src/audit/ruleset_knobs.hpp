#pragma once
// The knob table of audit/ruleset.hpp (rules.md section 1), private to the audit module:
// one row per knob gives its name, help, values, the citation of each value, parsing, the text of
// a value in specs (value_text) and equality (same_rules). A new knob is one row in
// ruleset_knobs.cpp, one field in Ruleset and one setting in the presets (ruleset_presets.cpp).

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/ruleset.hpp"

namespace sgfaudit::audit::ruleset_detail {

constexpr std::size_t kRuleKnobCount = 13;  // every knob but komi (the override)
constexpr std::size_t kEnumKnobCount = 11;  // suicide .. button

// One value of an enum knob.
struct KnobValue {
    std::string_view name;  // as written in specs and reports
    std::string_view help;  // for `sgfaudit rules`
    // What a finding cites for this value when the ruleset's base preset does not address it.
    std::string_view cite;
    // pass-stones only: the clause saying the area count and this value's other count agree.
    std::string_view accounting = {};
};

// An enum knob's value index in r, and its setter (i is in range).
using GetIndex = std::size_t (*)(const Ruleset&);
using SetIndex = void (*)(Ruleset&, std::size_t);
// A number knob's value in r (nullopt: unset), and its setter.
using GetNumber = std::optional<double> (*)(const Ruleset&);
using SetNumber = void (*)(Ruleset&, double);

struct KnobInfo {
    Knob knob;
    std::string_view name;
    std::string_view what;              // for `sgfaudit rules`
    std::span<const KnobValue> values;  // empty for a number knob
    GetIndex get_index = nullptr;       // enum knobs
    SetIndex set_index = nullptr;
    GetNumber get_number = nullptr;  // number knobs
    SetNumber set_number = nullptr;
};

// The row of knob k.
const KnobInfo& info(Knob k) noexcept;
// Every row, in Knob order.
std::span<const KnobInfo> knob_table() noexcept;

// Largest komi magnitude accepted: the points of a 52x52 board (as sgf::parse_komi).
constexpr double kMaxKomi = 2704.0;

// The name of value v of enum knob k ("?" when out of range).
std::string_view value_name(Knob k, std::size_t v) noexcept;
// The value names of enum knob k, in enumerator order (empty for a number knob).
std::vector<std::string_view> value_names(Knob k);
// Shortest text that reads back as x ("7.5", "0.5", "7", "-2").
std::string number_text(double x);
// The value of knob k in r as it is written in specs ("" for komi when not overridden).
std::string value_text(const Ruleset& r, Knob k);
// A decimal number for a komi knob: optional sign, digits with an optional fraction or exponent;
// finite, |x| <= kMaxKomi. -0 reads as 0.
std::optional<double> parse_number(std::string_view text);

}  // namespace sgfaudit::audit::ruleset_detail
