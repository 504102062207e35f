// RU[] mapping (audit/ruleset.hpp): the names of rules a record's RU[] may give, KataGo's rules
// strings read knob by knob, a user's --map-ru mappings, and the conventions of servers.

#include <fmt/format.h>

#include <array>
#include <cstddef>
#include <cstdint>

#include "ruleset_knobs.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::audit {

using ruleset_detail::parse_number;

namespace {

// ---------------------------------------------------------------------------------------------
// Text helpers

constexpr bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
constexpr bool is_alnum(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
using text::lower_ascii;
using text::to_lower_ascii;

std::string_view trim(std::string_view s) {
    return text::trim_ascii_whitespace(s);
}

// ---------------------------------------------------------------------------------------------
// RU[] names

enum class NameKind : std::uint8_t { preset, other };

struct RuName {
    std::string_view normalized;  // after normalize_ru_name
    NameKind kind;
    std::string_view target;  // preset name, or what the other ruleset is called
    RuNote note;              // why it maps as it does, or why it is not a preset
    // For a preset: overrides the RU name implies (":knob=value"...; empty: the preset itself).
    std::string_view overrides = {};
};

// The notes (RuNote) are worded by the report: why RU Japanese and Korean map to
// japanese:seki-eyes=territory (server_seki, korean), why Ing's rules are no preset (ing).
constexpr RuName kRuNames[] = {
    // AGA (seeds 000, 002, 004)
    {"aga", NameKind::preset, "aga", RuNote::none},
    {"american", NameKind::preset, "aga", RuNote::none},
    {"american go association", NameKind::preset, "aga", RuNote::none},
    // French (seed 003)
    {"french", NameKind::preset, "french", RuNote::none},
    {"ffg", NameKind::preset, "french", RuNote::none},
    // Tromp-Taylor (seed 001, "The Logical Rules")
    {"tromp taylor", NameKind::preset, "tromp-taylor", RuNote::none},
    {"tromptaylor", NameKind::preset, "tromp-taylor", RuNote::none},
    {"tt", NameKind::preset, "tromp-taylor", RuNote::none},
    {"logical", NameKind::preset, "tromp-taylor", RuNote::none},
    {"the logical", NameKind::preset, "tromp-taylor", RuNote::none},
    // Japanese 1989 (KGS, OGS, Fox write "Japanese"). Korean rules (KBA 2016, cited K) set every
    // knob as J does: territory with prisoners (K 1), no suicide (K 5), a ko may not be retaken
    // at once, no territory in seki, komi 6.5. They differ where no knob reaches: a repeated
    // position makes a draw rather than J 12's no result, and life and death are judged locally.
    // A row of their own would equal `japanese` knob for knob, so RU Korean names that preset.
    // Both read as servers score them: RuNote::server_seki.
    {"japanese", NameKind::preset, "japanese", RuNote::server_seki, ":seki-eyes=territory"},
    {"jp", NameKind::preset, "japanese", RuNote::server_seki, ":seki-eyes=territory"},
    {"korean", NameKind::preset, "japanese", RuNote::korean, ":seki-eyes=territory"},
    // Chinese (KGS, OGS, Fox; OGS and KGS spellings).
    {"chinese", NameKind::preset, "chinese", RuNote::none},
    {"cn", NameKind::preset, "chinese", RuNote::none},
    {"chinese ogs", NameKind::preset, "chinese", RuNote::none},
    {"chineseogs", NameKind::preset, "chinese", RuNote::none},
    {"chinese kgs", NameKind::preset, "chinese", RuNote::none},
    {"chinesekgs", NameKind::preset, "chinese", RuNote::none},
    {"old chinese", NameKind::other, "old Chinese", RuNote::none},
    // New Zealand (KGS and OGS write "NZ").
    {"nz", NameKind::preset, "new-zealand", RuNote::none},
    {"new zealand", NameKind::preset, "new-zealand", RuNote::none},
    {"newzealand", NameKind::preset, "new-zealand", RuNote::none},
    // Rulesets that are none of the presets.
    {"goe", NameKind::other, "Ing (GOE)", RuNote::ing},
    {"ing", NameKind::other, "Ing (GOE)", RuNote::ing},
    {"ing goe", NameKind::other, "Ing (GOE)", RuNote::ing},
    {"sst", NameKind::other, "Ing (GOE)", RuNote::ing},
    {"bga", NameKind::other, "British (BGA)", RuNote::none},
    {"british", NameKind::other, "British (BGA)", RuNote::none},
    {"aga button", NameKind::other, "AGA with a button (KataGo)", RuNote::button},
    {"agabutton", NameKind::other, "AGA with a button (KataGo)", RuNote::button},
    {"stonescoring", NameKind::other, "stone scoring (KataGo)", RuNote::none},
    {"stone scoring", NameKind::other, "stone scoring (KataGo)", RuNote::none},
    {"ancientarea", NameKind::other, "ancient area (KataGo)", RuNote::none},
    {"ancient area", NameKind::other, "ancient area (KataGo)", RuNote::none},
    {"ancientterritory", NameKind::other, "ancient territory (KataGo)", RuNote::none},
    {"ancient territory", NameKind::other, "ancient territory (KataGo)", RuNote::none},
};

constexpr bool is_name_separator(char c) {
    return is_space(c) || c == '-' || c == '_' || c == '/';
}

// Lower case; a run of white space, '-', '_' or '/' between two letters or digits becomes one
// space ("Tromp/Taylor", "tromp_taylor" -> "tromp taylor"); other characters stay ("TT--" stays
// "tt--"). A last word "rules", "rule" or "ruleset" is dropped ("AGA rules" -> "aga").
// Precondition: s is trimmed.
std::string normalize_ru_name(std::string_view s) {
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        if (is_name_separator(s[i]) && !out.empty() && is_alnum(out.back())) {
            std::size_t j = i;
            while (j < s.size() && is_name_separator(s[j])) ++j;
            if (j < s.size() && is_alnum(s[j])) {
                out += ' ';
                i = j;
                continue;
            }
        }
        out += to_lower_ascii(s[i]);
        ++i;
    }
    for (std::string_view word : {" rules", " rule", " ruleset"}) {
        if (out.size() > word.size() && out.ends_with(word)) {
            // erase, not resize: GCC 12 sees resize's growing branch and warns -Wrestrict
            // about a copy that cannot happen when the string shrinks (GCC bug 105329).
            out.erase(out.size() - word.size());
            break;
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// KataGo rules strings (lightvector/KataGo cpp/game/rules.cpp, the compact form written by
// Rules::toString): tokens ko{SIMPLE,POSITIONAL,SITUATIONAL,SPIGHT}, score or scoring
// {AREA,TERRITORY}, tax{NONE,SEKI,ALL}, sui{0,1} (multi-stone suicide legal), button{0,1},
// whb{0,N,N-1} (white handicap bonus), fpok{0,1} (friendly pass ok), komi<number>. KataGo's
// parser fills a missing key with its Tromp-Taylor default, except tax, which defaults to SEKI for
// territory scoring and NONE for area. Read here case-insensitively.

enum class KgKo : std::uint8_t { simple, positional, situational, spight };
enum class KgTax : std::uint8_t { none, seki, all };
enum class KgWhb : std::uint8_t { zero, n, n_minus_1 };

struct KataGoRules {
    KgKo ko = KgKo::positional;
    bool territory = false;
    KgTax tax = KgTax::none;
    bool sui = true;
    bool button = false;
    KgWhb whb = KgWhb::zero;
    bool fpok = false;
    bool has_ko = false;
    bool has_score = false;
    bool has_tax = false;
    bool has_sui = false;
    bool has_komi = false;
};

// Removes prefix p from s when s starts with it.
bool eat(std::string_view& s, std::string_view p) {
    if (!s.starts_with(p)) return false;
    s.remove_prefix(p.size());
    return true;
}

// Parses a lower-cased KataGo compact rules string; nullopt when s is not one.
std::optional<KataGoRules> parse_katago(std::string_view s) {
    KataGoRules k;
    bool any = false;
    while (true) {
        while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
        if (s.empty()) break;
        any = true;
        if (eat(s, "komi")) {  // before "ko"
            std::size_t n = 0;
            while (n < s.size() && !is_space(s[n]) && !(s[n] >= 'a' && s[n] <= 'z')) ++n;
            if (!parse_number(s.substr(0, n))) return std::nullopt;
            s.remove_prefix(n);
            k.has_komi = true;
        } else if (eat(s, "ko")) {
            if (eat(s, "simple")) {
                k.ko = KgKo::simple;
            } else if (eat(s, "positional")) {
                k.ko = KgKo::positional;
            } else if (eat(s, "situational")) {
                k.ko = KgKo::situational;
            } else if (eat(s, "spight")) {
                k.ko = KgKo::spight;
            } else {
                return std::nullopt;
            }
            k.has_ko = true;
        } else if (eat(s, "scoring") || eat(s, "score")) {
            if (eat(s, "area")) {
                k.territory = false;
            } else if (eat(s, "territory")) {
                k.territory = true;
            } else {
                return std::nullopt;
            }
            k.has_score = true;
        } else if (eat(s, "tax")) {
            if (eat(s, "none")) {
                k.tax = KgTax::none;
            } else if (eat(s, "seki")) {
                k.tax = KgTax::seki;
            } else if (eat(s, "all")) {
                k.tax = KgTax::all;
            } else {
                return std::nullopt;
            }
            k.has_tax = true;
        } else if (eat(s, "sui")) {
            if (eat(s, "1")) {
                k.sui = true;
            } else if (eat(s, "0")) {
                k.sui = false;
            } else {
                return std::nullopt;
            }
            k.has_sui = true;
        } else if (eat(s, "button")) {
            if (eat(s, "1")) {
                k.button = true;
            } else if (eat(s, "0")) {
                k.button = false;
            } else {
                return std::nullopt;
            }
        } else if (eat(s, "whb")) {
            if (eat(s, "0")) {
                k.whb = KgWhb::zero;
            } else if (eat(s, "n-1")) {  // before "n"
                k.whb = KgWhb::n_minus_1;
            } else if (eat(s, "n")) {
                k.whb = KgWhb::n;
            } else {
                return std::nullopt;
            }
        } else if (eat(s, "fpok")) {
            if (eat(s, "1")) {
                k.fpok = true;
            } else if (eat(s, "0")) {
                k.fpok = false;
            } else {
                return std::nullopt;
            }
        } else {
            return std::nullopt;
        }
    }
    if (!any) return std::nullopt;
    if (!k.has_tax) k.tax = k.territory ? KgTax::seki : KgTax::none;
    return k;
}

// A KataGo rules string read knob by knob, on the tromp-taylor preset: ko POSITIONAL
// psk, SITUATIONAL ssk, SIMPLE simple; score AREA / TERRITORY; sui1 multi-stone, sui0
// forbidden; whb 0 / N / N-1 the bonus 0 / n / n-1 (KG whb); button1 button=yes (KG button).
// KataGo has no pass stones and no last-move rule; its rules themselves say which stones are
// dead (KG score: those inside the opponent's pass-alive territory), so dead=pass-alive, and
// play goes on after two passes (end=resumable; under territory scoring, KG encore). fpok
// (friendly pass) is not in KataGo's count (the scoring, passes and phases of boardhistory.cpp
// do not read it): with
// dead=pass-alive a pass before dead stones are captured leaves them on the board, counted as
// KG score says. tax NONE is seki-eyes=territory, tax SEKI seki-eyes=independent and tax ALL
// seki-eyes=taxed (KG tax: KataGo's regions of independent life, and its group tax). Not read,
// so not mapped: ko SPIGHT.
RuMapping map_katago(const KataGoRules& k, std::string_view ru) {
    RuMapping m;
    m.reason.text = std::string(ru);
    if (!k.has_ko || !k.has_score || !k.has_sui) {
        m.reason.form = RuForm::katago_incomplete;
        return m;
    }
    std::vector<KataGoUnread>& unread = m.reason.unread;
    if (k.ko == KgKo::spight) unread.push_back(KataGoUnread::ko_spight);
    if (!unread.empty()) {
        m.reason.form = RuForm::katago_unread;
        return m;
    }
    constexpr std::array<std::string_view, 4> kKo{"simple", "psk", "ssk", ""};
    constexpr std::array<std::string_view, 3> kWhb{"0", "n", "n-1"};
    constexpr std::array<std::string_view, 3> kTax{"territory", "independent", "taxed"};
    const std::string spec = fmt::format(
        "tromp-taylor:suicide={}:ko={}:scoring={}:seki-eyes={}:bonus={}:end=resumable:dead=pass-"
        "alive:button={}",
        k.sui ? "multi-stone" : "forbidden", kKo[static_cast<std::size_t>(k.ko)],
        k.territory ? "territory" : "area", kTax[static_cast<std::size_t>(k.tax)],
        kWhb[static_cast<std::size_t>(k.whb)], k.button ? "yes" : "no");
    m.ruleset = parse_ruleset_spec(spec).ruleset;
    m.reason.form = RuForm::katago;
    m.reason.spec = m.ruleset->spec;
    m.reason.komi_ignored = k.has_komi;
    return m;
}

}  // namespace

// Server conventions (docs/rules-notes.md, "Server conventions", gives the sources
// and the OGS archive's figures). OGS (PC[OGS: https://online-go.com/game/N]):
// - no KM when the komi was 0 (a report on KaTrain's tracker: an OGS game with komi 0 exported
//   without KM; on ogs-9x9 every settled count of a record without KM differs from RE by exactly
//   the default komi);
// - its scorer (online-go/goban, GobanEngine getHandicapPointAdjustmentForWhite) gives White
//   the game's handicap in points under Chinese rules and handicap - 1 under AGA, a handicap of
//   1 included; its records write that one stone as AB without HA, White to move (R10).
constexpr std::array<ServerConvention, 1> kServerConventions{{
    {"OGS", "OGS:", 0.0, true, true},
}};

const ServerConvention* server_convention(std::string_view place) noexcept {
    for (const ServerConvention& c : kServerConventions) {
        if (place.starts_with(c.place_prefix)) return &c;
    }
    return nullptr;
}

RuMapping map_ru(std::string_view ru) {
    const std::string_view text = trim(ru);
    RuMapping m;
    if (text.empty()) return m;  // RuForm::empty
    m.reason.text = std::string(text);
    const std::string name = normalize_ru_name(text);
    for (const RuName& entry : kRuNames) {
        if (entry.normalized != name) continue;
        if (entry.kind == NameKind::preset) {
            m.ruleset = entry.overrides.empty()
                            ? preset(entry.target)
                            : parse_ruleset_spec(fmt::format("{}{}", entry.target, entry.overrides))
                                  .ruleset;
            m.reason.form = RuForm::preset;
            m.reason.overrides = std::string(entry.overrides);
        } else {
            m.reason.form = RuForm::other_rules;
        }
        m.reason.name = std::string(entry.target);
        m.reason.note = entry.note;
        return m;
    }
    if (text.front() == '{') {
        m.reason.form = RuForm::katago_json;
        return m;
    }
    if (const std::optional<KataGoRules> k = parse_katago(lower_ascii(text)))
        return map_katago(*k, text);
    m.reason.form = RuForm::unknown;
    return m;
}

std::optional<RuMapping> map_ru_override(std::string_view ru,
                                         std::span<const RuOverride> overrides) {
    if (overrides.empty()) return std::nullopt;
    const std::string_view text = trim(ru);
    if (text.empty()) return std::nullopt;
    const std::string name = normalize_ru_name(text);
    for (const RuOverride& o : overrides) {
        const std::string_view given = trim(o.name);
        if (given.empty() || normalize_ru_name(given) != name) continue;
        RuMapping m;
        m.ruleset = o.ruleset;
        m.reason.form = RuForm::user_mapping;
        m.reason.text = std::string(text);
        m.reason.name = o.name;
        m.reason.spec = o.ruleset.spec;
        return m;
    }
    return std::nullopt;
}

std::optional<Ruleset> ruleset_from_ru(std::string_view ru) {
    return map_ru(ru).ruleset;
}

}  // namespace sgfaudit::audit
