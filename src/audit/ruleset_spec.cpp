// Ruleset specs (audit/ruleset.hpp's grammar): parsing a list, one spec or a --map-ru NAME=SPEC
// into rulesets on the preset table, with typed errors; the canonical spec and name of a ruleset,
// and describe. Nothing here throws for bad input.

#include <fmt/format.h>

#include <array>
#include <cstddef>

#include "ruleset_knobs.hpp"
#include "ruleset_presets.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::audit {

using namespace ruleset_detail;

namespace {

using text::lower_ascii;

std::string_view trim(std::string_view s) {
    return text::trim_ascii_whitespace(s);
}

// A ruleset being built from a spec: its preset, knobs, and which knobs the spec set.
struct Building {
    const PresetRow* base = nullptr;
    Ruleset rules;
    std::array<bool, kKnobCount> set{};
    std::string written;  // the items that gave it, as written (trimmed), joined by ','
};

// The canonical spec of r relative to the preset `base`: base, then ":knob=value" for each knob
// that differs from base, komi last.
std::string canonical_spec(const Ruleset& r, const PresetRow& base) {
    const Ruleset b = from_row(base);
    std::string out(base.name);
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        const auto k = static_cast<Knob>(i);
        const std::string v = value_text(r, k);
        if (k == Knob::komi) {
            if (!v.empty()) out += fmt::format(":komi={}", v);
        } else if (v != value_text(b, k)) {
            out += fmt::format(":{}={}", knob_names()[i], v);
        }
    }
    return out;
}

// Name of the preset r is, rules and komi (a komi override makes it another ruleset), else r's
// canonical spec: never a made-up name, and two rulesets of one list never share it.
std::string name_for(const Ruleset& r, const std::string& spec) {
    if (!r.komi_override) {
        for (const PresetRow& row : preset_table()) {
            if (same_rules(r, from_row(row))) return std::string(row.name);
        }
    }
    return spec;
}

Ruleset finish(Building& b) {
    Ruleset r = b.rules;
    r.spec = canonical_spec(r, *b.base);
    r.name = name_for(r, r.spec);
    return r;
}

// An error of `kind` in `item`.
SpecError item_error(SpecErrorKind kind, std::string_view item) {
    SpecError e;
    e.kind = kind;
    e.item = std::string(item);
    return e;
}

// Applies one "knob=value" part of `whole` to b. Returns the error (kind none on success).
SpecError apply_override(Building& b, std::string_view part, std::string_view whole) {
    const std::size_t eq = part.find('=');
    if (eq == std::string_view::npos) {
        SpecError e = item_error(SpecErrorKind::not_knob_value, whole);
        e.part = std::string(part);
        return e;
    }
    const std::string knob = lower_ascii(trim(part.substr(0, eq)));
    const std::string_view value = trim(part.substr(eq + 1));
    std::size_t index = kKnobCount;
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        if (knob_names()[i] == knob) index = i;
    }
    if (index == kKnobCount) {
        SpecError e = item_error(SpecErrorKind::unknown_knob, whole);
        e.knob = knob;
        e.allowed.assign(knob_names().begin(), knob_names().end());
        return e;
    }
    const auto k = static_cast<Knob>(index);
    if (b.set[index]) {
        SpecError e = item_error(SpecErrorKind::knob_set_twice, whole);
        e.knob = std::string(knob_names()[index]);
        return e;
    }
    b.set[index] = true;
    const KnobInfo& row = info(k);
    if (row.set_index != nullptr) {
        const std::string v = lower_ascii(value);
        for (std::size_t i = 0; i < row.values.size(); ++i) {
            if (row.values[i].name == v) {
                row.set_index(b.rules, i);
                return {};
            }
        }
        SpecError e = item_error(SpecErrorKind::bad_value, whole);
        e.part = std::string(value);
        e.knob = std::string(knob_names()[index]);
        e.allowed = value_names(k);
        return e;
    }
    const std::optional<double> x = parse_number(value);
    if (!x) {
        SpecError e = item_error(SpecErrorKind::bad_number, whole);
        e.part = std::string(value);
        e.knob = std::string(knob_names()[index]);
        e.max_number = kMaxKomi;
        return e;
    }
    row.set_number(b.rules, *x);
    return {};
}

// Splits s at every occurrence of sep (empty parts kept).
std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t pos = s.find(sep, start);
        if (pos == std::string_view::npos) {
            parts.push_back(s.substr(start));
            return parts;
        }
        parts.push_back(s.substr(start, pos - start));
        start = pos + 1;
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Public functions

namespace {

// An error of `kind` about the whole list.
SpecError list_error(SpecErrorKind kind, std::string_view list) {
    SpecError e;
    e.kind = kind;
    e.text = std::string(list);
    return e;
}

// Starts a ruleset in `built` from `first`, the first part of `item` of `list`: a preset, or any
// form RU[] takes (a name such as "Korean" or "NZ", a KataGo rules string such as
// koPOSITIONALscoreAREAtaxNONEsui1), read as map_ru reads it: the ruleset it maps to, on the
// preset its spec starts from. Preset names come first ("Japanese" is the japanese preset as it
// is). Returns the error (kind none on success).
SpecError start_ruleset(std::vector<Building>& built, std::string_view list, std::string_view item,
                        std::string_view first) {
    const std::string name = lower_ascii(first);
    if (name.empty()) {
        SpecError e = item_error(SpecErrorKind::missing_name, item);
        e.allowed.assign(preset_names().begin(), preset_names().end());
        return e;
    }
    const PresetRow* row = find_preset(name);
    Building b;
    if (row == nullptr) {
        const RuMapping m = map_ru(first);
        if (m.ruleset) {
            const std::string_view spec = m.ruleset->spec;
            row = find_preset(spec.substr(0, spec.find(':')));
            b.rules = *m.ruleset;
        }
    } else {
        b.rules = from_row(*row);
    }
    if (row == nullptr) {
        SpecError e = list_error(SpecErrorKind::unknown_ruleset, list);
        e.item = std::string(item);
        e.part = std::string(first);
        e.allowed.assign(preset_names().begin(), preset_names().end());
        return e;
    }
    b.base = row;
    b.written = std::string(item);
    built.push_back(std::move(b));
    return {};
}

// The rulesets `built` gives, in order, or the error of two that give the same rules and komi.
SpecError finish_all(std::vector<Building>& built, std::string_view list,
                     std::vector<Ruleset>& out) {
    for (std::size_t n = 0; n < built.size(); ++n) {
        Ruleset r = finish(built[n]);
        for (std::size_t m = 0; m < n; ++m) {
            const Ruleset& earlier = out[m];
            if (same_rules(r, earlier) && r.komi_override == earlier.komi_override) {
                SpecError e = list_error(SpecErrorKind::same_ruleset, list);
                e.first = built[m].written;
                e.second = built[n].written;
                e.spec = r.spec;
                return e;
            }
        }
        out.push_back(std::move(r));
    }
    return {};
}

}  // namespace

RulesetListParse parse_ruleset_list(std::string_view list) {
    RulesetListParse result;
    const auto fail = [&result](SpecError error) {
        result.rulesets.clear();
        result.error = std::move(error);
        return result;
    };
    if (trim(list).empty()) {
        SpecError e = list_error(SpecErrorKind::no_ruleset, list);
        e.allowed.assign(preset_names().begin(), preset_names().end());
        return fail(std::move(e));
    }
    std::vector<Building> built;
    const std::vector<std::string_view> items = split(list, ',');
    for (std::size_t n = 0; n < items.size(); ++n) {
        const std::string_view item = trim(items[n]);
        if (item.empty()) {
            SpecError e = list_error(SpecErrorKind::empty_item, list);
            e.item_number = n + 1;
            return fail(std::move(e));
        }
        const std::vector<std::string_view> parts = split(item, ':');
        std::size_t first_override = 0;
        if (trim(parts[0]).find('=') == std::string_view::npos) {
            SpecError error = start_ruleset(built, list, item, trim(parts[0]));
            if (!error.ok()) return fail(std::move(error));
            first_override = 1;
        } else if (built.empty()) {
            SpecError e = list_error(SpecErrorKind::knob_before_ruleset, list);
            e.item = std::string(item);
            e.part = std::string(trim(parts[0]));
            e.allowed.assign(preset_names().begin(), preset_names().end());
            return fail(std::move(e));
        } else {
            built.back().written += fmt::format(",{}", item);
        }
        for (std::size_t p = first_override; p < parts.size(); ++p) {
            const std::string_view part = trim(parts[p]);
            if (part.empty()) return fail(item_error(SpecErrorKind::empty_override, item));
            SpecError error = apply_override(built.back(), part, item);
            if (!error.ok()) return fail(std::move(error));
        }
    }
    SpecError error = finish_all(built, list, result.rulesets);
    if (!error.ok()) return fail(std::move(error));
    return result;
}

RulesetParse parse_ruleset_spec(std::string_view spec) {
    RulesetParse result;
    RulesetListParse list = parse_ruleset_list(spec);
    if (!list.ok()) {
        result.error = std::move(list.error);
    } else if (list.rulesets.size() != 1) {
        result.error.kind = SpecErrorKind::not_one_ruleset;
        result.error.text = std::string(spec);
        result.error.count = list.rulesets.size();
    } else {
        result.ruleset = std::move(list.rulesets.front());
    }
    return result;
}

std::optional<RuOverride> parse_ru_override(std::string_view text, SpecError& error) {
    const std::size_t eq = text.find('=');
    const std::string_view name = trim(text.substr(0, eq));
    if (eq == std::string_view::npos || name.empty()) {
        error = SpecError{};
        error.kind = SpecErrorKind::not_name_spec;
        error.text = std::string(text);
        return std::nullopt;
    }
    RulesetParse p = parse_ruleset_spec(text.substr(eq + 1));
    if (!p.ok()) {
        error = SpecError{};
        error.kind = SpecErrorKind::in_ru_override;
        error.text = std::string(text);
        error.part = std::string(name);
        error.inner.push_back(std::move(p.error));
        return std::nullopt;
    }
    return RuOverride{std::string(name), std::move(*p.ruleset)};
}

Ruleset with_komi(Ruleset r, double komi) {
    r.komi_override = komi;
    const std::string_view spec = r.spec;
    const PresetRow* base = spec.empty() ? nullptr : find_preset(spec.substr(0, spec.find(':')));
    if (base == nullptr) return r;
    r.spec = canonical_spec(r, *base);
    r.name = name_for(r, r.spec);
    return r;
}

std::string describe(const Ruleset& r) {
    // A hand-built value without a name is described by its spec relative to tromp-taylor,
    // whose knobs a default-constructed value holds.
    const std::string label =
        !r.label().empty() ? std::string(r.label()) : canonical_spec(r, preset_table().front());
    std::string out = label;
    if (!r.name.empty() && r.name != label) out += fmt::format(" ({})", r.name);
    out += ':';
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        const std::string v = value_text(r, static_cast<Knob>(i));
        if (!v.empty()) out += fmt::format(" {}={}", knob_names()[i], v);
    }
    return out;
}

}  // namespace sgfaudit::audit
