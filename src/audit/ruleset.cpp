// Rulesets as plain data: presets from the seeds, spec parsing, RU[] mapping, descriptions
// (rules-model.md section 1). All tables are constexpr; nothing here throws for bad input.

#include "sgfaudit/audit/ruleset.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <system_error>

#include "sgfaudit/text/text.hpp"

namespace sgfaudit::audit {

namespace {

// ---------------------------------------------------------------------------------------------
// The knob descriptor table: one row per knob drives its name, help, values, the citation of
// each value, parsing (apply_override), describe/canonical specs (value_text) and equality
// (same_rules). A new knob is one row here, one field in Ruleset and one column in the presets.

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

// An enum knob's value index in r, and its setter (i is in range).
using GetIndex = std::size_t (*)(const Ruleset&);
using SetIndex = void (*)(Ruleset&, std::size_t);
// A number knob's value in r (nullopt: unset), and its setter.
using GetNumber = std::optional<double> (*)(const Ruleset&);
using SetNumber = void (*)(Ruleset&, double);

template <class E>
constexpr E value_at(std::size_t i) {
    return static_cast<E>(static_cast<std::uint8_t>(i));
}

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

constexpr std::array<KnobInfo, kKnobCount> kKnobs{{
    {Knob::suicide, "suicide",
     "a board play that leaves its own string without liberties (rules-model.md 3)", kSuicideValues,
     [](const Ruleset& r) { return static_cast<std::size_t>(r.suicide); },
     [](Ruleset& r, std::size_t i) { r.suicide = value_at<Suicide>(i); }},
    {Knob::ko, "ko", "which earlier positions a board play may not recreate (rules-model.md 2)",
     kKoValues, [](const Ruleset& r) { return static_cast<std::size_t>(r.ko); },
     [](Ruleset& r, std::size_t i) { r.ko = value_at<Ko>(i); }},
    {Knob::scoring, "scoring",
     "the count that decides; both are always computed (rules-model.md 5)", kScoringValues,
     [](const Ruleset& r) { return static_cast<std::size_t>(r.scoring); },
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
    {Knob::end, "end", "what two consecutive passes do (rules-model.md 4)", kEndValues,
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

const KnobInfo& info(Knob k) {
    return kKnobs[static_cast<std::size_t>(k)];
}

constexpr bool is_enum_knob(Knob k) {
    return !kKnobs[static_cast<std::size_t>(k)].values.empty();
}

// Largest komi magnitude accepted: the points of a 52x52 board (as sgf::parse_komi).
constexpr double kMaxKomi = 2704.0;

// The name of value v of enum knob k ("?" when out of range).
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
// ---------------------------------------------------------------------------------------------
// Presets: each value with the seed clause behind it (rules-model.md section 1 table)

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

// Every preset leaves dead stones to the players and has no button.
constexpr std::string_view kPresetAgreed =
    "the players agree on dead stones after two passes; the run's --dead policy stands for them";
constexpr std::string_view kPresetNoButton = "no button: a pass earns nothing";

constexpr std::array<PresetRow, 7> kPresets{{
    {"tromp-taylor",
     "Tromp-Taylor, \"The Logical Rules\" (seed 001)",
     Suicide::multi_stone,  // TT 4, 7: clear the opponent, then clear one's own colour
     Ko::psk,               // TT 6: a move may not repeat an earlier grid colouring
     Scoring::area,         // TT 9
     SekiEyes::territory,   // TT 9: empty points that reach only one colour, in seki or not
     PassStones::no,        // TT 6, 9: a pass is a turn; only the grid is scored
     WhiteMovesLast::no,    // TT 5, 8: plain alternation, no last-move rule
     HandicapBonus::zero,   // TT comment 5: handicap stones are Black moves, scored by TT 9
     GameEnd::final,        // TT 8
     Cycle::play_on,        // TT 6: no position repeats
     7.5,                   // TT comment 10 leaves komi to agreement: rules-model.md default
     0.5,                   // TT is silent on handicap komi: rules-model.md default
     {"TT 4, 7", "TT 6", "TT 9",
      "TT 9: empty points that reach only one colour score for it, in a seki or not",
      "TT 6, 9: a pass is a turn; only the grid is scored",
      "TT 5, 8: plain alternation, no last-move rule",
      "TT comment 5: handicap stones are Black moves, scored by TT 9", "TT 8",
      "TT 6: no position may repeat, so no cycle",
      "TT 8: strict, the board is scored as it stands (no stone removed, the run's --dead never "
      "applies); TT comment 8's agreement is tromp-taylor:dead=agreement",
      kPresetNoButton, "TT comment 10 leaves komi to agreement; rules-model.md's default",
      "TT is silent; rules-model.md's default"},
     {{{"", "TT 7"},
       {"TT 6"},
       {"TT 9"},
       {"TT 9"},
       {"TT 9"},
       {"TT 5"},
       {"TT 9"},
       {"TT 8"},
       {"TT 6"}}},
     DeadRule::as_is},
    {"aga",
     "AGA rules 1991, revised 2004 (seeds 000, 002; 004 plays them)",
     Suicide::forbidden,          // AGA 5
     Ko::nssk,                    // AGA 6 as 002's list of differences reads it
     Scoring::territory,          // AGA 12: territory unless area was agreed
     SekiEyes::territory,         // AGA 12; 002 figure 3: a seki eye reaching one colour
     PassStones::yes,             // AGA 7
     WhiteMovesLast::pass_stone,  // AGA 11
     HandicapBonus::n_minus_1,    // AGA 4, second paragraph (area counting)
     GameEnd::resumable,          // AGA 9, 10
     Cycle::play_on,              // AGA 6: no position repeats
     7.5,                         // 002 rule 3 (AGA 3 said 5.5 in 1991)
     0.5,                         // AGA 3, 4
     {"AGA 5", "AGA 6, as 002's list of differences reads it (natural situational superko)",
      "AGA 12: territory unless the players agreed on area",
      "AGA 12 (a region is territory when only one colour surrounds it); 002 figure 3 counts "
      "the eye of a group in seki",
      "AGA 7", "AGA 11", "AGA 4 (with area counting)",
      "AGA 9, 10: play resumes, the opponent of the last passer first",
      "AGA 6: a superko forbids the repetition, so no cycle", kPresetAgreed, kPresetNoButton,
      "002 rule 3 (AGA 3 said 5.5 in 1991)", "AGA 3, 4"},
     {{{"AGA 5"},
       {"", "", "AGA 6"},
       {"AGA 12", "AGA 12"},
       {"AGA 12, 002 figure 3"},
       {"", "AGA 7"},
       {"", "AGA 11"},
       {"", "AGA 4"},
       {"", "AGA 10"},
       {"AGA 6"}}}},
    {"french",
     "French Go Federation (FFG) rules (seed 003)",
     Suicide::forbidden,                 // FFG 3
     Ko::ssk,                            // FFG 4: "after a previous move or a pass"
     Scoring::area,                      // FFG 6
     SekiEyes::territory,                // FFG 2, 6: territory touches one colour only
     PassStones::quick_count,            // FFG 1, 6a
     WhiteMovesLast::quick_count_point,  // FFG 6a; Appendix B's e
     HandicapBonus::n_minus_1,           // FFG preliminary rule: n - 1/2 = 1/2 + (n-1)
     GameEnd::resumable,                 // FFG 5, 5a
     Cycle::play_on,                     // FFG 4: no position repeats
     7.5,                                // FFG Part 4: 7.5 official from 2005
     0.5,                                // FFG preliminary rule
     {"FFG 3", "FFG 4: \"as after a previous move or a pass by the same player\"", "FFG 6",
      "FFG 2, 6: territory is empty points next to stones of one colour only, in a seki or not",
      "FFG 1, 6a: a pass pays a stone in the quick count only",
      "FFG 6a (Appendix B's e): White pays one more point if Black made the last turn",
      "FFG preliminary rule: handicap komi n - 1/2 = 1/2 + (n-1)",
      "FFG 5, 5a: a resumption is tolerated; under 6a two passes only pause the game",
      "FFG 4: situational superko forbids the repetition, so no cycle", kPresetAgreed,
      kPresetNoButton, "FFG Part 4: 7.5 official from 2005 (preliminary rule: 5.5 or 7.5)",
      "FFG preliminary rule (n - 1/2 with the bonus)"},
     {{{"FFG 3"},
       {"", "FFG 4"},
       {"FFG 6", "FFG 6a"},
       {"FFG 2, 6"},
       {"", "", "FFG 6a"},
       {"", "", "FFG 6a"},
       {"", "FFG preliminary rule"},
       {"", "FFG 5"},
       {"FFG 4"}}}},
    // Rulesets of real archives (issue 15), from their public texts: J = the Japanese Rules of
    // Go of 1989 (Nihon Ki-in and Kansai Ki-in; James Davies' translation), articles numbered
    // as there. J 8's eye points of stones in seki are not territory (seki-eyes=neutral); after
    // a repeated whole-board position the players may end the game without result (J 12,
    // cycle=no-result).
    {"japanese",
     "Japanese Rules of Go 1989 (J; territory counting, no territory in seki, no result after a "
     "repeated position)",
     Suicide::forbidden,   // J 4: a string without a liberty cannot exist on the board
     Ko::simple,           // J 6: no immediate recapture in a ko
     Scoring::territory,   // J 8, 10: territory and prisoners
     SekiEyes::neutral,    // J 8: eye points of stones in seki are not territory
     PassStones::no,       // J 9: a pass only stops the game; it hands over no prisoner
     WhiteMovesLast::no,   // J 2: plain alternation
     HandicapBonus::zero,  // J 10: handicap stones earn White nothing in a territory count
     GameEnd::resumable,   // J 9: two passes stop the game; a resumption may be asked for
     Cycle::no_result,     // J 12: a repeated position may void the game
     6.5,                  // not in J: the Nihon Ki-in's komi for even games (6.5 since 2002)
     0.5,                  // not in J: rules-model.md's default for handicap games
     {"J 4: a string without a liberty cannot exist, so a play that captures nothing and leaves "
      "its own string without a liberty cannot be made",
      "J 6: a stone captured in a ko may not be retaken at once (long cycles: J 12, the cycle "
      "knob)",
      "J 8, 10: territory and prisoners decide",
      "J 8: stones that are alive and have dame are in seki; their eye points are not territory",
      "J 9: passes stop the game and hand over nothing", "J 2: plain alternation",
      "J 10: a territory count; handicap stones earn no bonus",
      "J 9: two passes stop the game; either player may ask to resume, the opponent then moves "
      "first",
      "J 12: when a whole-board position repeats, the players may agree to end the game "
      "without result",
      kPresetAgreed, kPresetNoButton,
      "the Nihon Ki-in's komi for even games (6.5 since 2002); J itself sets none",
      "rules-model.md's default"},
     {{{"J 4"},
       {"", "", "", "J 6"},
       {"", "J 8, 10"},
       {"", "J 8"},
       {"J 9"},
       {"J 2"},
       {"J 10"},
       {"", "J 9"},
       {"", "J 12"}}}},
    // C = the rules of the Chinese Weiqi Association: area counting, no repetition of a whole
    // board position (C 2002 section 6, read as positional superko, as KataGo and KGS do), and
    // in handicap games White receives one point per handicap stone (Black returns half a
    // stone each).
    {"chinese",
     "Chinese Weiqi Association rules (C; area counting)",
     Suicide::forbidden,   // C: a play may not leave its own stones without a liberty
     Ko::psk,              // C 2002 section 6: a whole-board position may not be repeated
     Scoring::area,        // C: stones and territory are counted
     SekiEyes::territory,  // C: the points a colour surrounds count, in a seki too
     PassStones::no,       // C: a pass hands over nothing
     WhiteMovesLast::no,   // C: plain alternation
     HandicapBonus::n,     // C: Black returns half a stone (one point) per handicap stone
     GameEnd::resumable,   // C: disputes about life and death are settled by playing on
     Cycle::play_on,       // C 2002 section 6: no position repeats
     7.5,                  // C 2002: Black gives 3 3/4 stones, i.e. 7.5 points
     0.5,                  // rules-model.md's default (the n points come on top)
     {"C: suicide is not allowed",
      "C 2002 section 6: no whole-board repetition (positional superko)",
      "C: area counting (stones + territory)",
      "C: the points a colour surrounds count for it, the eyes of a group in seki too (KataGo's "
      "chinese rules: tax NONE)",
      "C: a pass hands over nothing", "C: plain alternation",
      "C: one point to White per handicap stone (half a stone each)",
      "C: after two passes a dispute is settled by playing on",
      "C 2002 section 6: no whole-board repetition, so no cycle", kPresetAgreed, kPresetNoButton,
      "C 2002: komi 3 3/4 stones = 7.5 points", "rules-model.md's default"},
     {{{"C"},
       {"C 2002 section 6"},
       {"C"},
       {"C"},
       {"C"},
       {"C"},
       {"", "", "C"},
       {"", "C"},
       {"C 2002 section 6"}}}},
    // NZ = the New Zealand Rules of Go (New Zealand Go Society): one page of unnumbered
    // paragraphs, cited by their defined terms (NZ play, NZ move, NZ territory, ...).
    {"new-zealand",
     "New Zealand rules (NZ; area counting, multi-stone suicide, situational superko)",
     Suicide::multi_stone,  // NZ play: the opponent's stones without liberties, then one's own
     Ko::ssk,               // NZ move: no repeat of the position after any own earlier move
     Scoring::area,         // NZ territory: stones plus the empty points reaching them
     SekiEyes::territory,   // NZ territory: a seki's eye reaches one colour, so it counts
     PassStones::no,        // NZ move: a pass is a move and hands over nothing
     WhiteMovesLast::no,    // NZ: players take turns, nothing more
     HandicapBonus::zero,   // NZ handicap: White passes n - 1 times, no compensation
     GameEnd::resumable,    // NZ end: by agreement; play on when dead stones are disputed
     Cycle::play_on,        // NZ move: no position repeats
     7,                     // NZ komi: 7 points in an even game
     0,                     // NZ handicap: no komi
     {"NZ play: the opponent's stones without liberties are removed, then the player's own",
      "NZ move: a play may not recreate the position after any of the player's previous moves, "
      "a pass being a move (situational superko)",
      "NZ territory: a player's stones and the empty points reaching them",
      "NZ territory: an empty point counts for a colour it reaches, in a seki too",
      "NZ move: a pass is a move that hands over nothing", "NZ: the players take turns",
      "NZ handicap: White passes the first n - 1 moves; no compensation",
      "NZ end: the players agree the game is over; disputed dead stones are played out",
      "NZ move: situational superko forbids the repetition, so no cycle", kPresetAgreed,
      kPresetNoButton, "NZ komi: 7 points in an even game", "NZ handicap: no komi"},
     {{{"", "NZ play"},
       {"", "NZ move"},
       {"NZ territory"},
       {"NZ territory"},
       {"NZ move"},
       {"NZ"},
       {"NZ handicap"},
       {"", "NZ end"},
       {"NZ move"}}}},
    // Seed 000 as written (rules-model.md section 8, Presets): AGA 6 "with the same player to
    // play" is situational superko, passes included; komi 5.5 (AGA 3 in 1991). Every other
    // knob as aga.
    {"aga-1991",
     "AGA rules 1991 as written (seed 000: situational superko, komi 5.5)",
     Suicide::forbidden,          // AGA 5
     Ko::ssk,                     // AGA 6: "with the same player to play"
     Scoring::territory,          // AGA 12
     SekiEyes::territory,         // AGA 12
     PassStones::yes,             // AGA 7
     WhiteMovesLast::pass_stone,  // AGA 11
     HandicapBonus::n_minus_1,    // AGA 4
     GameEnd::resumable,          // AGA 9, 10
     Cycle::play_on,              // AGA 6
     5.5,                         // AGA 3 (1991)
     0.5,                         // AGA 3, 4
     {"AGA 5",
      "AGA 6 as written in 1991: a play may not recreate the position with the same player to "
      "play (situational superko, a pass being a turn)",
      "AGA 12: territory unless the players agreed on area", "AGA 12", "AGA 7", "AGA 11",
      "AGA 4 (with area counting)",
      "AGA 9, 10: play resumes, the opponent of the last passer first",
      "AGA 6: a superko forbids the repetition, so no cycle", kPresetAgreed, kPresetNoButton,
      "AGA 3 (1991): 5.5", "AGA 3, 4"},
     {{{"AGA 5"},
       {"", "AGA 6"},
       {"AGA 12", "AGA 12"},
       {"AGA 12"},
       {"", "AGA 7"},
       {"", "AGA 11"},
       {"", "AGA 4"},
       {"", "AGA 10"},
       {"AGA 6"}}}},
}};

constexpr std::array<std::string_view, kPresets.size()> preset_name_array() {
    std::array<std::string_view, kPresets.size()> out{};
    for (std::size_t i = 0; i < kPresets.size(); ++i) out[i] = kPresets[i].name;
    return out;
}
constexpr std::array<std::string_view, kPresets.size()> kPresetNames = preset_name_array();

Ruleset from_row(const PresetRow& row) {
    Ruleset r;
    r.name = std::string(row.name);
    r.spec = std::string(row.name);
    r.suicide = row.suicide;
    r.ko = row.ko;
    r.scoring = row.scoring;
    r.seki_eyes = row.seki_eyes;
    r.pass_stones = row.pass_stones;
    r.white_moves_last = row.white_moves_last;
    r.handicap_bonus = row.bonus;
    r.end = row.end;
    r.cycle = row.cycle;
    r.dead = row.dead;
    r.default_komi_even = row.komi_even;
    r.default_komi_handicap = row.komi_handicap;
    return r;
}

const PresetRow* find_preset(std::string_view name) {
    for (const PresetRow& row : kPresets) {
        if (row.name == name) return &row;
    }
    return nullptr;
}

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

// ---------------------------------------------------------------------------------------------
// Specs

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
            out += fmt::format(":{}={}", kKnobNames[i], v);
        }
    }
    return out;
}

// Name of the preset r is, rules and komi (a komi override makes it another ruleset), else r's
// canonical spec: never a made-up name, and two rulesets of one list never share it.
std::string name_for(const Ruleset& r, const std::string& spec) {
    if (!r.komi_override) {
        for (const PresetRow& row : kPresets) {
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
        if (kKnobNames[i] == knob) index = i;
    }
    if (index == kKnobCount) {
        SpecError e = item_error(SpecErrorKind::unknown_knob, whole);
        e.knob = knob;
        e.allowed.assign(kKnobNames.begin(), kKnobNames.end());
        return e;
    }
    const auto k = static_cast<Knob>(index);
    if (b.set[index]) {
        SpecError e = item_error(SpecErrorKind::knob_set_twice, whole);
        e.knob = std::string(kKnobNames[index]);
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
        e.knob = std::string(kKnobNames[index]);
        e.allowed = value_names(k);
        return e;
    }
    const std::optional<double> x = parse_number(value);
    if (!x) {
        SpecError e = item_error(SpecErrorKind::bad_number, whole);
        e.part = std::string(value);
        e.knob = std::string(kKnobNames[index]);
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

// A KataGo rules string read knob by knob (issue 15), on the tromp-taylor preset: ko POSITIONAL
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

// ---------------------------------------------------------------------------------------------
// Text of `sgfaudit rules`

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

// ---------------------------------------------------------------------------------------------
// Public functions

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

std::string_view clause(CommonRule rule) noexcept {
    switch (rule) {
        case CommonRule::occupied:
            return "AGA 8, TT 7, FFG 1";
        case CommonRule::off_board:
            return "TT 1, AGA 1, FFG 1";
        case CommonRule::out_of_turn:
            return "AGA 8, TT 5, FFG 1";
        case CommonRule::lone_suicide_repeats:
            return "TT 7, TT 6";
    }
    return {};
}

std::string_view Ruleset::clause(Knob k) const noexcept {
    const KnobInfo& row = info(k);
    if (row.get_index == nullptr) return {};
    const std::size_t v = row.get_index(*this);
    if (v >= row.values.size()) return {};
    const std::string_view label = spec.empty() ? std::string_view(name) : std::string_view(spec);
    if (const PresetRow* base = find_preset(label.substr(0, label.find(':')))) {
        const std::string_view own = base->cites[static_cast<std::size_t>(k)][v];
        if (!own.empty()) return own;
    }
    return row.values[v].cite;
}

std::string_view Ruleset::accounting_clause() const noexcept {
    return kPassStonesValues[static_cast<std::size_t>(pass_stones) % kPassStonesValues.size()]
        .accounting;
}

std::vector<std::string_view> cited_clauses() {
    std::vector<std::string_view> out;
    const auto add = [&out](std::string_view c) {
        if (c.empty()) return;
        for (const std::string_view seen : out)
            if (seen == c) return;
        out.push_back(c);
    };
    for (const KnobInfo& knob : kKnobs)
        for (const KnobValue& v : knob.values) {
            add(v.cite);
            add(v.accounting);
        }
    for (const PresetRow& row : kPresets)
        for (const auto& values : row.cites)
            for (const std::string_view c : values) add(c);
    for (const CommonRule rule : {CommonRule::occupied, CommonRule::off_board,
                                  CommonRule::out_of_turn, CommonRule::lone_suicide_repeats})
        add(clause(rule));
    return out;
}

std::span<const std::string_view> preset_names() noexcept {
    return kPresetNames;
}

std::span<const std::string_view> knob_names() noexcept {
    return kKnobNames;
}

std::optional<Ruleset> preset(std::string_view name) {
    const PresetRow* row = find_preset(name);
    if (row == nullptr) return std::nullopt;
    return from_row(*row);
}

RulesetListParse parse_ruleset_list(std::string_view list) {
    RulesetListParse result;
    const auto fail = [&result](SpecError error) {
        result.rulesets.clear();
        result.error = std::move(error);
        return result;
    };
    // An error of `kind` about the whole list.
    const auto list_error = [list](SpecErrorKind kind) {
        SpecError e;
        e.kind = kind;
        e.text = std::string(list);
        return e;
    };
    if (trim(list).empty()) {
        SpecError e = list_error(SpecErrorKind::no_ruleset);
        e.allowed.assign(kPresetNames.begin(), kPresetNames.end());
        return fail(std::move(e));
    }
    std::vector<Building> built;
    const std::vector<std::string_view> items = split(list, ',');
    for (std::size_t n = 0; n < items.size(); ++n) {
        const std::string_view item = trim(items[n]);
        if (item.empty()) {
            SpecError e = list_error(SpecErrorKind::empty_item);
            e.item_number = n + 1;
            return fail(std::move(e));
        }
        const std::vector<std::string_view> parts = split(item, ':');
        std::size_t first_override = 0;
        if (trim(parts[0]).find('=') == std::string_view::npos) {
            const std::string name = lower_ascii(trim(parts[0]));
            if (name.empty()) {
                SpecError e = item_error(SpecErrorKind::missing_name, item);
                e.allowed.assign(kPresetNames.begin(), kPresetNames.end());
                return fail(std::move(e));
            }
            const PresetRow* row = find_preset(name);
            Building b;
            if (row == nullptr) {
                // Every form RU[] takes names a ruleset here too (a name such as "Korean" or
                // "NZ", a KataGo rules string such as koPOSITIONALscoreAREAtaxNONEsui1), read
                // as map_ru reads it: the ruleset it maps to, on the preset its spec starts
                // from. Preset names come first ("Japanese" is the japanese preset as it is).
                const RuMapping m = map_ru(trim(parts[0]));
                if (m.ruleset) {
                    const std::string_view spec = m.ruleset->spec;
                    row = find_preset(spec.substr(0, spec.find(':')));
                    b.rules = *m.ruleset;
                }
            } else {
                b.rules = from_row(*row);
            }
            if (row == nullptr) {
                SpecError e = list_error(SpecErrorKind::unknown_ruleset);
                e.item = std::string(item);
                e.part = std::string(trim(parts[0]));
                e.allowed.assign(kPresetNames.begin(), kPresetNames.end());
                return fail(std::move(e));
            }
            b.base = row;
            b.written = std::string(item);
            built.push_back(b);
            first_override = 1;
        } else if (built.empty()) {
            SpecError e = list_error(SpecErrorKind::knob_before_ruleset);
            e.item = std::string(item);
            e.part = std::string(trim(parts[0]));
            e.allowed.assign(kPresetNames.begin(), kPresetNames.end());
            return fail(std::move(e));
        }
        if (first_override == 0) built.back().written += fmt::format(",{}", item);
        for (std::size_t p = first_override; p < parts.size(); ++p) {
            const std::string_view part = trim(parts[p]);
            if (part.empty()) return fail(item_error(SpecErrorKind::empty_override, item));
            SpecError error = apply_override(built.back(), part, item);
            if (!error.ok()) return fail(std::move(error));
        }
    }
    for (std::size_t n = 0; n < built.size(); ++n) {
        Ruleset r = finish(built[n]);
        for (std::size_t m = 0; m < n; ++m) {
            const Ruleset& earlier = result.rulesets[m];
            if (same_rules(r, earlier) && r.komi_override == earlier.komi_override) {
                SpecError e = list_error(SpecErrorKind::same_ruleset);
                e.first = built[m].written;
                e.second = built[n].written;
                e.spec = r.spec;
                return fail(std::move(e));
            }
        }
        result.rulesets.push_back(std::move(r));
    }
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

// Server conventions (issue 15; docs/rules-notes.md, "Server conventions", gives the sources
// and the OGS archive's figures). OGS (PC[OGS: https://online-go.com/game/N]):
// - no KM when the komi was 0 (KaTrain issue 218: an OGS game with komi 0 exported without KM;
//   on ogs-9x9 every settled count of a record without KM differs from RE by exactly the
//   default komi);
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

std::string describe(const Ruleset& r) {
    // A hand-built value (no spec) is described by its spec relative to tromp-taylor, whose
    // knobs a default-constructed value holds.
    const std::string label = !r.spec.empty()   ? r.spec
                              : !r.name.empty() ? r.name
                                                : canonical_spec(r, kPresets.front());
    std::string out = label;
    if (!r.name.empty() && r.name != label) out += fmt::format(" ({})", r.name);
    out += ':';
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        const std::string v = value_text(r, static_cast<Knob>(i));
        if (!v.empty()) out += fmt::format(" {}={}", kKnobNames[i], v);
    }
    return out;
}

std::string rules_text() {
    std::string out;
    out +=
        "Rulesets (rules-model.md section 1). Seeds: 000 AGA 1991 with commentary, 001\n"
        "Tromp-Taylor, 002 AGA 2004 (Swedish, with a list of differences), 003 French (FFG),\n"
        "004 an AGA tournament.\n\nPresets\n";
    for (const PresetRow& row : kPresets) {
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
        for (const PresetRow& row : kPresets) {
            append_wrapped(
                out, fmt::format("    {:<13} = {:<18} ", row.name, value_text(from_row(row), k)),
                row.clauses[i], 39);
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
