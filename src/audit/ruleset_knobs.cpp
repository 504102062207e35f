// The knob table (ruleset_knobs.hpp): every knob with its values, their help and citations, and
// what reads them: to_string, same_rules, knob_names, the number rules of the komi knobs.

#include "ruleset_knobs.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>

namespace sgfaudit::audit {

namespace ruleset_detail {

namespace {

constexpr std::array<KnobValue, 2> kSuicideValues{{
    {"forbidden", "the play is illegal", "suicide=forbidden (AGA 5, FFG 3)"},
    {"multi-stone", "the string is removed; a one-stone suicide repeats the position", "TT 7"},
}};
constexpr std::array<KnobValue, 4> kKoValues{{
    {"psk", "any earlier position", "TT 6"},
    {"ssk", "a position after an earlier turn (play or pass) of the mover", "FFG 4"},
    {"nssk", "a position after an earlier board play of the mover", "AGA 6"},
    {"simple", "only the immediate retake of a single stone", "ko=simple (AGA 6 figure 3)"},
}};
constexpr std::array<KnobValue, 2> kScoringValues{{
    {"area", "stones + territory", "TT 9"},
    {"territory", "territory - prisoners", "AGA 12"},
}};
constexpr std::array<KnobValue, 4> kSekiEyesValues{{
    {"territory", "territory like any region reaching one colour", "TT 9"},
    {"neutral", "no one's territory: eye points of stones in seki are not territory", "J 8"},
    {"independent",
     "KataGo's tax SEKI: only a region (stones and the territory they surround) next to no "
     "neutral point and with none of its stones in atari keeps its territory",
     "KG tax"},
    {"taxed", "KataGo's tax ALL: as independent, and each region that keeps its territory pays 2",
     "KG tax"},
}};
constexpr std::array<KnobValue, 3> kPassStonesValues{{
    {"no", "never", "TT 9", ""},
    {"yes", "in the territory count", "AGA 7", "AGA 12"},
    {"quick-count", "in the quick count only", "FFG 6a", "FFG 6, FFG 6a"},
}};
constexpr std::array<KnobValue, 3> kWhiteLastValues{{
    {"no", "nothing", "TT 5"},
    {"pass-stone", "White adds one pass, with its pass stone", "AGA 11"},
    {"quick-count-point", "White pays one more point in the quick count", "FFG 6a"},
}};
constexpr std::array<KnobValue, 3> kBonusValues{{
    {"0", "none", "TT 9"},
    {"n-1", "n - 1", "AGA 4"},
    {"n", "n", ""},  // no seed gives n (Chinese rules do; not a seed)
}};
constexpr std::array<KnobValue, 2> kEndValues{{
    {"final", "the game is over", "TT 8"},
    {"resumable", "play may resume; the game ends at the last double pass", "AGA 10"},
}};

constexpr std::array<KnobValue, 2> kCycleValues{{
    {"play-on", "nothing: the ko rule alone limits repetition", "TT 6"},
    {"no-result",
     "once a whole-board position repeats, the players may end the game without result", "J 12"},
}};

constexpr std::array<KnobValue, 3> kDeadValues{{
    {"agreement", "the players agree (the run's --dead policy stands for them)", "TT comment 8"},
    {"pass-alive",
     "the rules: stones inside the opponent's pass-alive territory are removed, every other "
     "stone counts as it stands; under territory scoring two cleanup phases follow two passes",
     "KG score"},
    {"as-is", "no one: the board is counted as it stands, the run's --dead never applies", "TT 8"},
}};
constexpr std::array<KnobValue, 2> kButtonValues{{
    {"no", "no button", "TT 9"},
    {"yes", "half a point to the first player to pass", "KG button"},
}};

template <class E>
constexpr E value_at(std::size_t i) {
    return static_cast<E>(static_cast<std::uint8_t>(i));
}

constexpr std::array<KnobInfo, kKnobCount> kKnobs{{
    {Knob::suicide, "suicide",
     "a board play that leaves its own string without liberties (rules.md 3)", kSuicideValues,
     [](const Ruleset& r) { return static_cast<std::size_t>(r.suicide); },
     [](Ruleset& r, std::size_t i) { r.suicide = value_at<Suicide>(i); }},
    {Knob::ko, "ko", "which earlier positions a board play may not recreate (rules.md 2)",
     kKoValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.ko); },
     [](Ruleset& r, std::size_t i) { r.ko = value_at<Ko>(i); }},
    {Knob::scoring, "scoring", "the count that decides; both are always computed (rules.md 5)",
     kScoringValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.scoring); },
     [](Ruleset& r, std::size_t i) { r.scoring = value_at<Scoring>(i); }},
    {Knob::seki_eyes, "seki-eyes",
     "whether the eyes of strings in seki (strings next to an empty region reaching both "
     "colours, once dead stones are removed) are territory, in both counts",
     kSekiEyesValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.seki_eyes); },
     [](Ruleset& r, std::size_t i) { r.seki_eyes = value_at<SekiEyes>(i); }},
    {Knob::pass_stones, "pass-stones", "whether a pass hands the opponent a prisoner",
     kPassStonesValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.pass_stones); },
     [](Ruleset& r, std::size_t i) { r.pass_stones = value_at<PassStones>(i); }},
    {Knob::white_moves_last, "white-moves-last", "what happens when the turns end with Black's",
     kWhiteLastValues,
     [](const Ruleset& r) { return static_cast<std::size_t>(r.white_moves_last); },
     [](Ruleset& r, std::size_t i) { r.white_moves_last = value_at<WhiteMovesLast>(i); }},
    {Knob::bonus, "bonus", "extra points to White under area counting for n >= 2 handicap stones",
     kBonusValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.handicap_bonus); },
     [](Ruleset& r, std::size_t i) { r.handicap_bonus = value_at<HandicapBonus>(i); }},
    {Knob::end, "end", "what two consecutive passes do (rules.md 4)", kEndValues,
     [](const Ruleset& r) { return static_cast<std::size_t>(r.end); },
     [](Ruleset& r, std::size_t i) { r.end = value_at<GameEnd>(i); }},
    {Knob::cycle, "cycle",
     "what a repeated whole-board position does beyond the ko rule (a game void under J 12)",
     kCycleValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.cycle); },
     [](Ruleset& r, std::size_t i) { r.cycle = value_at<Cycle>(i); }},
    {Knob::dead, "dead",
     "who decides which stones are dead at the end: the players, or the rules (pass-alive)",
     kDeadValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.dead); },
     [](Ruleset& r, std::size_t i) { r.dead = value_at<DeadRule>(i); }},
    {Knob::button, "button", "whether the first player to pass earns half a point", kButtonValues,
     [](const Ruleset& r) { return static_cast<std::size_t>(r.button); },
     [](Ruleset& r, std::size_t i) { r.button = value_at<Button>(i); }},
    {Knob::default_komi,
     "default-komi",
     "komi when the record has no KM, even game (a number)",
     {},
     nullptr,
     nullptr,
     [](const Ruleset& r) { return std::optional<double>(r.default_komi_even); },
     [](Ruleset& r, double x) { r.default_komi_even = x; }},
    {Knob::default_komi_handicap,
     "default-komi-handicap",
     "komi when the record has no KM, handicap game, before the bonus (a number)",
     {},
     nullptr,
     nullptr,
     [](const Ruleset& r) { return std::optional<double>(r.default_komi_handicap); },
     [](Ruleset& r, double x) { r.default_komi_handicap = x; }},
    {Knob::komi,
     "komi",
     "komi for every game, overriding KM and the defaults (a number; unset in every preset)",
     {},
     nullptr,
     nullptr,
     [](const Ruleset& r) { return r.komi_override; },
     [](Ruleset& r, double x) { r.komi_override = x; }},
}};

// The table's rows are in Knob order, and each enum knob's values are in enumerator order.
constexpr bool table_in_order() {
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        if (static_cast<std::size_t>(kKnobs[i].knob) != i) return false;
        if (kKnobs[i].values.empty() != (kKnobs[i].get_index == nullptr)) return false;
        if (kKnobs[i].values.empty() == (kKnobs[i].get_number == nullptr)) return false;
    }
    return true;
}
static_assert(table_in_order());
static_assert(kKnobs[kRuleKnobCount].knob == Knob::komi);
static_assert(!kKnobs[kEnumKnobCount - 1].values.empty() && kKnobs[kEnumKnobCount].values.empty());

constexpr std::array<std::string_view, kKnobCount> knob_name_array() {
    std::array<std::string_view, kKnobCount> out{};
    for (std::size_t i = 0; i < kKnobCount; ++i) out[i] = kKnobs[i].name;
    return out;
}
constexpr std::array<std::string_view, kKnobCount> kKnobNames = knob_name_array();

}  // namespace

const KnobInfo& info(Knob k) noexcept {
    return kKnobs[static_cast<std::size_t>(k)];
}

std::span<const KnobInfo> knob_table() noexcept {
    return kKnobs;
}

std::string_view value_name(Knob k, std::size_t v) noexcept {
    const auto values = info(k).values;
    return v < values.size() ? values[v].name : std::string_view{"?"};
}

// The value names of enum knob k, in enumerator order (empty for a number knob).
std::vector<std::string_view> value_names(Knob k) {
    std::vector<std::string_view> out;
    for (const KnobValue& v : info(k).values) out.push_back(v.name);
    return out;
}

// Shortest text that reads back as x ("7.5", "0.5", "7", "-2").
std::string number_text(double x) {
    return fmt::format("{}", x);
}

// The value of knob k in r as it is written in specs ("" for komi when not overridden).
std::string value_text(const Ruleset& r, Knob k) {
    const KnobInfo& row = info(k);
    if (row.get_index != nullptr) return std::string(value_name(k, row.get_index(r)));
    const std::optional<double> x = row.get_number(r);
    return x ? number_text(*x) : std::string();
}

// A decimal number for a komi knob: optional sign, digits with an optional fraction or exponent;
// finite, |x| <= kMaxKomi. -0 reads as 0.
std::optional<double> parse_number(std::string_view text) {
    std::string_view s = text;
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    if (s.empty() ||
        !(s.front() == '-' || s.front() == '.' || (s.front() >= '0' && s.front() <= '9'))) {
        return std::nullopt;
    }
    double x = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    if (!std::isfinite(x) || std::fabs(x) > kMaxKomi) return std::nullopt;
    return x == 0 ? 0.0 : x;
}

}  // namespace ruleset_detail

using namespace ruleset_detail;

std::string_view to_string(Suicide v) noexcept {
    return value_name(Knob::suicide, static_cast<std::size_t>(v));
}
std::string_view to_string(Ko v) noexcept {
    return value_name(Knob::ko, static_cast<std::size_t>(v));
}
std::string_view to_string(Scoring v) noexcept {
    return value_name(Knob::scoring, static_cast<std::size_t>(v));
}
std::string_view to_string(SekiEyes v) noexcept {
    return value_name(Knob::seki_eyes, static_cast<std::size_t>(v));
}
std::string_view to_string(PassStones v) noexcept {
    return value_name(Knob::pass_stones, static_cast<std::size_t>(v));
}
std::string_view to_string(WhiteMovesLast v) noexcept {
    return value_name(Knob::white_moves_last, static_cast<std::size_t>(v));
}
std::string_view to_string(HandicapBonus v) noexcept {
    return value_name(Knob::bonus, static_cast<std::size_t>(v));
}
std::string_view to_string(GameEnd v) noexcept {
    return value_name(Knob::end, static_cast<std::size_t>(v));
}
std::string_view to_string(Cycle v) noexcept {
    return value_name(Knob::cycle, static_cast<std::size_t>(v));
}
std::string_view to_string(DeadRule v) noexcept {
    return value_name(Knob::dead, static_cast<std::size_t>(v));
}
std::string_view to_string(Button v) noexcept {
    return value_name(Knob::button, static_cast<std::size_t>(v));
}

bool same_rules(const Ruleset& a, const Ruleset& b) noexcept {
    for (std::size_t i = 0; i < kRuleKnobCount; ++i) {
        const KnobInfo& row = kKnobs[i];
        if (row.get_index != nullptr ? row.get_index(a) != row.get_index(b)
                                     : row.get_number(a) != row.get_number(b)) {
            return false;
        }
    }
    return true;
}

std::string_view Ruleset::accounting_clause() const noexcept {
    return kPassStonesValues[static_cast<std::size_t>(pass_stones) % kPassStonesValues.size()]
        .accounting;
}

std::span<const std::string_view> knob_names() noexcept {
    return kKnobNames;
}

}  // namespace sgfaudit::audit
