// The text of `sgfaudit rules` (audit/ruleset.hpp): the spec grammar, the presets, every knob with
// each preset's value and the clause behind it, and the RU forms that map.

#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "ruleset_knobs.hpp"
#include "ruleset_presets.hpp"
#include "sgfaudit/audit/ruleset.hpp"

namespace sgfaudit::audit {

using namespace ruleset_detail;

namespace {

// Appends prefix + text, broken at spaces so that no line exceeds kTextWidth columns when it can
// be avoided; continuation lines start with `indent` spaces. Ends with '\n'.
constexpr std::size_t kTextWidth = 100;
void append_wrapped(std::string& out, std::string_view prefix, std::string_view text,
                    std::size_t indent) {
    std::string line(prefix);
    bool line_has_word = false;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        const std::string_view word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        if (line_has_word && line.size() + 1 + word.size() > kTextWidth) {
            out += line;
            out += '\n';
            line.assign(indent, ' ');
            line_has_word = false;
        }
        if (line_has_word) line += ' ';
        line += word;
        line_has_word = true;
    }
    out += line;
    out += '\n';
}

}  // namespace

std::string rules_text() {
    std::string out;
    out +=
        "Rulesets (rules.md section 1). Seeds: 000 AGA 1991 with commentary, 001\n"
        "Tromp-Taylor, 002 AGA 2004 (Swedish, with a list of differences), 003 French (FFG),\n"
        "004 an AGA tournament.\n\nPresets\n";
    for (const PresetRow& row : preset_table()) {
        append_wrapped(out, fmt::format("  {:<13} ", row.name), row.title, 16);
        const std::string knobs = describe(from_row(row)).substr(row.name.size() + 2);
        append_wrapped(out, std::string(16, ' '), knobs, 16);
    }
    out += "\nKnobs (each preset's value, with the seed clause behind it)\n";
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        const auto k = static_cast<Knob>(i);
        const KnobInfo& knob = info(k);
        append_wrapped(out, fmt::format("  {}: ", knob.name), knob.what, 6);
        for (const KnobValue& v : knob.values) {
            append_wrapped(out, fmt::format("      {:<18} ", v.name), v.help, 25);
        }
        if (k == Knob::komi) continue;
        for (const PresetRow& row : preset_table()) {
            append_wrapped(
                out, fmt::format("    {:<13} = {:<18} ", row.name, value_text(from_row(row), k)),
                row.knobs[i].why, 39);
        }
    }
    out +=
        "\nKomi: a record's KM is used when present, else default-komi (even game) or\n"
        "default-komi-handicap plus the bonus (handicap game); komi=X overrides both.\n"
        "\nSpecs: PRESET[:KNOB=VALUE]..., several rulesets separated by ','. An item that starts\n"
        "with KNOB=VALUE continues the ruleset before it, so \"aga:ko=ssk:komi=5.5\" and\n"
        "\"aga:ko=ssk,komi=5.5\" are one ruleset and \"aga,french:ko=psk,tromp-taylor\" three.\n"
        "Names and values are case-insensitive.\n"
        "\nRU[] values that map (case-insensitive; '-', '_', '/' and spaces alike; a last word\n"
        "\"rules\" ignored):\n"
        "  tromp-taylor  Tromp-Taylor, TT, Tromp Taylor, Tromp/Taylor, TrompTaylor, Logical "
        "rules\n"
        "  aga           AGA, American, American Go Association\n"
        "  french        French, FFG\n"
        "  japanese      Japanese, JP, Korean (Korean rules count as the Japanese do), as\n"
        "                japanese:seki-eyes=territory: servers count every region reaching one\n"
        "                colour\n"
        "  chinese       Chinese, CN, Chinese-OGS, Chinese-KGS\n"
        "  new-zealand   NZ, New Zealand\n"
        "  KataGo rules strings (koPOSITIONALscoreAREAtaxNONEsui1 and the like) are read knob by\n"
        "  knob on tromp-taylor with end=resumable (KataGo counts after removing the stones in\n"
        "  the opponent's pass-alive territory); ko SPIGHT is not mapped.\n"
        "Not mapped: GOE/Ing (Ing's ko rules are no ko value), BGA, old Chinese and other\n"
        "rulesets that are none of the presets.\n";
    return out;
}

}  // namespace sgfaudit::audit
