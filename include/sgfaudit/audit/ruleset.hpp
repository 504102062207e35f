#pragma once
// Rulesets as plain data (rules.md section 1): a Ruleset is a value made of independent
// knobs, never a class hierarchy. Presets (from the seed rule texts and from the public texts of
// the rules real archives were played under; preset_names() lists them) are named values; a user
// names a preset with overrides; a record's RU[] text maps to a ruleset when it names exactly one.
// This file knows no SGF and no files: it takes strings and returns data. Nothing here throws for
// bad input: errors are returned as typed facts (SpecError), worded by report::spec_error_text.
//
// Spec grammar (`--rules`, and one ruleset with parse_ruleset_spec):
//
//   list     := item ( ',' item )*
//   item     := ruleset ( ':' override )*    starts a new ruleset
//             | override ( ':' override )*   continues the ruleset started by the item before it
//   override := knob '=' value
//   ruleset  := preset | ru
//   preset   := a name of preset_names() (`sgfaudit rules` lists them)
//   ru       := any RU[] text map_ru maps to a ruleset (a rules name such as "Korean" or "NZ",
//               a KataGo rules string such as "koPOSITIONALscoreAREAtaxNONEsui1"; without ':'
//               or ','): that ruleset, its overrides counted from the preset its spec starts with
//
// An item is an override when its first ':'-separated part contains '='; otherwise that part is a
// preset name. So "aga:ko=ssk:komi=5.5", "aga:ko=ssk,komi=5.5" and "aga,ko=ssk,komi=5.5" are the
// same single ruleset, and "aga:ko=ssk,french,tromp-taylor:end=resumable" is three. White space
// around any part is ignored; preset names, knob names and values are case-insensitive.
//
// Knobs and their values (the stable names used in specs and reports):
//   suicide=forbidden|multi-stone         ko=psk|ssk|nssk|simple       scoring=area|territory
//   seki-eyes=territory|neutral|independent|taxed
//   pass-stones=no|yes|quick-count        white-moves-last=no|pass-stone|quick-count-point
//   bonus=0|n-1|n                         end=final|resumable      cycle=play-on|no-result
//   dead=agreement|pass-alive|as-is       button=no|yes
//   default-komi=X            komi when the record has no KM, even game
//   default-komi-handicap=X   komi when the record has no KM, handicap game (before the bonus)
//   komi=X                    komi used for every game, overriding the record's KM and the
//                             defaults (rules.md 1: "--komi overrides both")
// X is a decimal number ("7.5", "-0.5", "+6", "7") with |X| <= 2704 (the points of a 52x52
// board). A knob may be set once per ruleset; a list may not name the same ruleset twice.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sgfaudit::audit {

// What a board play whose own string is left without liberties does (rules.md 3).
enum class Suicide : std::uint8_t {
    forbidden,    // the play is illegal (AGA 5, FFG 3)
    multi_stone,  // the string is removed (TT 7); a one-stone suicide then repeats the position
};

// Which earlier positions a board play may not recreate (rules.md 2).
enum class Ko : std::uint8_t {
    psk,     // any earlier position (TT 6)
    ssk,     // a position right after an earlier turn (play or pass) of the mover (FFG 4)
    nssk,    // a position right after an earlier board play of the mover (002, differences list)
    simple,  // only the immediate single-stone retake
};

// The count that decides the game; both are always computed (rules.md 1, 5).
enum class Scoring : std::uint8_t { area, territory };

// Whether the eyes of strings in seki are territory (rules-notes.md, "Seki"). After dead stones
// are removed, an empty region that reaches both colours is neutral (J 8's dame); a string next to
// one is in seki (J 8: alive stones that have dame); an empty region that reaches one colour only
// and borders a string in seki is an eye in seki.
enum class SekiEyes : std::uint8_t {
    territory,  // they are territory like any other region reaching one colour (TT 9, 002 fig. 3)
    neutral,    // they are no one's territory, in both counts (J 8)
    // KG tax SEKI (KataGo's "independent life"): a region is the stones of one colour with the
    // territory they surround, joined where adjacent. It keeps its territory only when none of
    // its points is next to a neutral point and none of its stones is in atari on the board as
    // the game ended; the territory of any other region is no one's, in both counts.
    independent,
    // KG tax ALL: as independent, and each side pays two points for each of its regions that
    // keeps its territory (KataGo's group tax).
    taxed,
};

// Whether a pass hands the opponent a prisoner.
enum class PassStones : std::uint8_t {
    no,           // TT: prisoners play no part
    yes,          // AGA 7: in the territory count
    quick_count,  // FFG 6a: only in the quick count; FFG 6 (area) ignores them
};

// What happens when the turns end with Black's.
enum class WhiteMovesLast : std::uint8_t {
    no,                 // TT
    pass_stone,         // AGA 11: White adds a pass, handing over a pass stone
    quick_count_point,  // FFG 6a: White pays one more point in the quick count
};

// Extra points to White under area counting for n >= 2 handicap stones.
enum class HandicapBonus : std::uint8_t { zero, n_minus_1, n };

// What two consecutive passes do (rules.md 4).
enum class GameEnd : std::uint8_t {
    final,      // the game is over (TT 8)
    resumable,  // play may resume after them (AGA 10, FFG 5a)
};

// What a repeated whole-board position does beyond the ko rule (rules-notes.md, "Long cycles").
enum class Cycle : std::uint8_t {
    play_on,    // nothing: the ko knob alone limits repetition (every superko forbids it)
    no_result,  // J 12: once a position has repeated, the players may end the game without
                // result; a record that stops without two passes after one, RE Void, did so
};

// Who decides which stones are dead at the end (rules-notes.md, "KataGo").
enum class DeadRule : std::uint8_t {
    agreement,   // the players (TT comment 8, AGA 9): the run's `--dead` policy stands for them
    pass_alive,  // the rules (KG score): stones inside the opponent's pass-alive territory are
                 // removed, every other stone counts as it stands; `--dead` is not asked. Under
                 // scoring=territory the game goes on after two passes in two cleanup phases
                 // (KG encore) and a side's count is its area minus the stones it played
                 // before the second one.
    // Strict TT 8 (tromp-taylor): the board as it stands at the end, no stone removed; the
    // run's `--dead` never applies.
    as_is,
};

// Half a point to the first player to pass (KG button).
enum class Button : std::uint8_t { no, yes };

// The knobs, in canonical order (the order of knob_names(), specs and describe()). Each knob is
// one row of the descriptor table in ruleset_knobs.cpp: its name, help, values, the citation of
// each value, parsing, describe and equality all come from that row.
enum class Knob : std::uint8_t {
    suicide,
    ko,
    scoring,
    seki_eyes,
    pass_stones,
    white_moves_last,
    bonus,
    end,
    cycle,
    dead,
    button,
    default_komi,
    default_komi_handicap,
    komi,
};
inline constexpr std::size_t kKnobCount = 14;

// Rules every seed states alike, whatever the knobs: the findings cite all three seeds.
enum class CommonRule : std::uint8_t {
    occupied,              // a play on an occupied point (AGA 8, TT 7, FFG 1)
    off_board,             // a play off the grid (TT 1, AGA 1, FFG 1)
    out_of_turn,           // alternation (AGA 8, TT 5, FFG 1)
    lone_suicide_repeats,  // TT 7 clears a lone suicide stone, so TT 6 forbids the play
};
// The clause a finding cites for a common rule, e.g. "AGA 8, TT 5, FFG 1".
std::string_view clause(CommonRule rule) noexcept;

// Stable names of knob values, as used in specs and reports ("multi-stone", "n-1", ...).
std::string_view to_string(Suicide v) noexcept;
std::string_view to_string(Ko v) noexcept;
std::string_view to_string(Scoring v) noexcept;
std::string_view to_string(SekiEyes v) noexcept;
std::string_view to_string(PassStones v) noexcept;
std::string_view to_string(WhiteMovesLast v) noexcept;
std::string_view to_string(HandicapBonus v) noexcept;
std::string_view to_string(GameEnd v) noexcept;
std::string_view to_string(Cycle v) noexcept;
std::string_view to_string(DeadRule v) noexcept;
std::string_view to_string(Button v) noexcept;

// A ruleset. A default-constructed value holds the tromp-taylor knobs, unnamed (a hand-built
// value: `name` and `spec` empty); use preset() or parse_ruleset_spec() for named values (they
// fill `name` and `spec`).
struct Ruleset {
    // The preset whose knobs equal these (without a komi override), else the canonical spec: no
    // made-up name, and two rulesets of one list never share it (a preset with a komi override
    // is named by its spec, "aga:komi=6.5"). Empty for a hand-built value.
    std::string name;
    // Canonical spec text naming this value in reports, its label (JSON, CSV, text, summary):
    // the preset it started from, then ":knob=value" for every knob that differs from that
    // preset, in the order of knob_names(), komi last; so the preset's own name for a preset as
    // it is. Two rulesets of one run never share it (parse_ruleset_list refuses the same rules
    // and komi twice). parse_ruleset_spec(spec) gives the value back. Empty for a hand-built
    // value.
    std::string spec;

    Suicide suicide = Suicide::multi_stone;
    Ko ko = Ko::psk;
    Scoring scoring = Scoring::area;
    SekiEyes seki_eyes = SekiEyes::territory;
    PassStones pass_stones = PassStones::no;
    WhiteMovesLast white_moves_last = WhiteMovesLast::no;
    HandicapBonus handicap_bonus = HandicapBonus::zero;
    GameEnd end = GameEnd::final;
    Cycle cycle = Cycle::play_on;
    DeadRule dead = DeadRule::as_is;
    Button button = Button::no;
    double default_komi_even = 7.5;      // used when the record has no KM, even game
    double default_komi_handicap = 0.5;  // same, handicap game (the bonus comes on top)
    // Set by komi=X: used instead of the record's KM and of the defaults.
    std::optional<double> komi_override;

    // The one label of this ruleset in the audit's facts and in every report (JSON, CSV, text,
    // summary, the run's list): its spec, else (a value built by hand without one) its name.
    std::string_view label() const noexcept {
        return spec.empty() ? std::string_view(name) : std::string_view(spec);
    }

    // The clause a finding cites for this ruleset's value of knob k ("AGA 5", "FFG 4", "TT 8"):
    // the base preset's own clause for that value when its text addresses it (the preset named
    // first in `spec`), else the clause the knob table gives the value. Empty for the number
    // knobs, and for a value no seed states (then the finding names the knob value itself).
    std::string_view clause(Knob k) const noexcept;
    // The clause that says this ruleset's area count and its other count (the territory count
    // under pass-stones=yes, the quick count under pass-stones=quick-count) must agree, cited
    // by an accounting finding: "AGA 12", "FFG 6, FFG 6a". Empty under pass-stones=no.
    std::string_view accounting_clause() const noexcept;

    friend bool operator==(const Ruleset&, const Ruleset&) = default;
};

// Every citation a finding can carry (each preset's own clauses per knob value, the knob table's
// citation of every value, the accounting clauses and the common rules' clauses), each once, in
// table order. A citation may list several clause ids ("J 8, 10", "TT 7, TT 6") or wrap them in
// words ("suicide=forbidden (AGA 5, FFG 3)"); the report splits them (report::clause_ids).
std::vector<std::string_view> cited_clauses();

// True when a and b agree on every rule knob and both default komis (name, spec and
// komi_override are not compared).
bool same_rules(const Ruleset& a, const Ruleset& b) noexcept;

// The preset names, in the order of the preset table (src/audit/ruleset_presets.cpp), which is
// the order `sgfaudit rules` lists them in.
std::span<const std::string_view> preset_names() noexcept;
// The knob names, in canonical order: suicide, ko, scoring, seki-eyes, pass-stones,
// white-moves-last, bonus, end, cycle, dead, button, default-komi, default-komi-handicap, komi.
std::span<const std::string_view> knob_names() noexcept;

// The preset called `name` (exact, lower case), or nullopt.
std::optional<Ruleset> preset(std::string_view name);

// Why a spec, a list of rulesets or a `--map-ru NAME=SPEC` does not parse (SpecError::kind).
// The report words it (report::spec_error_text); the fields each kind uses are listed with it.
enum class SpecErrorKind : std::uint8_t {
    none,                 // no error
    no_ruleset,           // the list is empty or white space (allowed: the presets)
    empty_item,           // item `item_number` (from 1) of `text` is empty
    missing_name,         // `item` has nothing before its first ':' (allowed: the presets)
    unknown_ruleset,      // `part`, the first part of an item of `text`, names no preset
                          // (allowed: the presets)
    knob_before_ruleset,  // `part`, an override, is the first part of `text` (allowed: presets)
    empty_override,       // `item` has an empty part after a ':'
    not_knob_value,       // `part` of `item` has no '='
    unknown_knob,         // `knob` (trimmed, lower case) in `item` is no knob (allowed: the knobs)
    knob_set_twice,       // `knob` is set twice in `item`
    bad_value,            // `part` is not a value of `knob` in `item` (allowed: its values)
    bad_number,           // `part` is not a number for `knob` in `item`, |X| <= `max_number`
    same_ruleset,         // items `first` and `second` of `text` give the same ruleset `spec`
    not_one_ruleset,      // `text` names `count` rulesets where one is expected
    not_name_spec,        // `text` (a --map-ru) is not NAME=SPEC
    in_ru_override,       // the SPEC of --map-ru `part`=SPEC does not parse: `inner`
};
// A spec error as facts: the texts are as written (the report quotes them), the allowed names or
// values as data. Fields a kind does not use stay empty.
struct SpecError {
    SpecErrorKind kind = SpecErrorKind::none;
    std::string text;  // the whole list or spec, or the --map-ru text
    std::string item;  // the item (its ':'-separated parts) the error is in
    std::string part;  // the offending part: a name, an override, a value, the --map-ru NAME
    std::string knob;  // the knob's name
    std::size_t item_number = 0;            // empty_item: from 1
    std::size_t count = 0;                  // not_one_ruleset: how many rulesets
    double max_number = 0;                  // bad_number: the largest magnitude accepted
    std::vector<std::string_view> allowed;  // the allowed names or values (static tables)
    std::string first;                      // same_ruleset: the earlier item, as written
    std::string second;                     // same_ruleset: the later item, as written
    std::string spec;                       // same_ruleset: the canonical spec both give
    std::vector<SpecError> inner;           // in_ru_override: the SPEC's error (one)
    bool ok() const noexcept { return kind == SpecErrorKind::none; }
};

// The result of parsing one spec: a ruleset, or an error naming the bad part and listing the
// allowed names or values.
struct RulesetParse {
    std::optional<Ruleset> ruleset;
    SpecError error;  // kind none on success
    bool ok() const noexcept { return ruleset.has_value(); }
};
// Parses a spec naming exactly one ruleset ("aga", "aga:ko=ssk", "french:komi=5.5,ko=psk"); see
// the grammar above. A spec naming several rulesets is an error.
RulesetParse parse_ruleset_spec(std::string_view spec);

// The result of parsing a list: the rulesets in the order given, or an error (then no rulesets).
struct RulesetListParse {
    std::vector<Ruleset> rulesets;
    SpecError error;  // kind none on success
    bool ok() const noexcept { return error.ok(); }
};
// Parses a list of rulesets ("aga,french,tromp-taylor", "aga:ko=ssk,komi=5.5,french"); see the
// grammar above. Two items giving the same rules and komi override are an error.
RulesetListParse parse_ruleset_list(std::string_view list);

// Which form of RU text was recognised, or why it is not mapped (RuReason::form). The report
// words it (report::ru_mapping_text).
enum class RuForm : std::uint8_t {
    empty,              // RU is empty or white space: not mapped
    preset,             // a name of a preset (RuReason::name, overrides, note)
    other_rules,        // a name of rules that are none of the presets (RuReason::name, note)
    katago_json,        // KataGo's JSON rules form, which is not read: not mapped
    katago_incomplete,  // a KataGo rules string without ko, score or sui: not mapped
    katago_unread,      // a KataGo rules string with rules no knob says (RuReason::unread)
    katago,             // a KataGo rules string read knob by knob (RuReason::spec, komi_ignored)
    unknown,            // no ruleset name sgfaudit knows: not mapped
    user_mapping,       // a `--map-ru NAME=SPEC` (RuReason::name, spec)
};
// Why an RU name maps as it does, or why it names no preset (RuReason::note).
enum class RuNote : std::uint8_t {
    none,
    server_seki,  // Japanese: as servers score it, seki-eyes=territory (J 8 gives no territory)
    korean,       // Korean: counted as the Japanese rules, read as servers score them
    ing,          // Ing (GOE): Ing's ko rules and komi 8 are no knob values
    button,       // AGA with a button: the button replaces AGA 7 and AGA 11
};
// A rule of a KataGo rules string that no knob says (RuReason::unread), in the order written.
enum class KataGoUnread : std::uint8_t { ko_spight };

// How a record's RU[] text was read, as facts (the fields a form does not name stay empty).
struct RuReason {
    RuForm form = RuForm::empty;
    std::string text;  // RU, trimmed (else verbatim)
    // preset: the preset's name. other_rules: what the rules are called ("Ing (GOE)").
    // user_mapping: NAME as the user gave it.
    std::string name;
    std::string overrides;  // preset: the overrides the name implies (":seki-eyes=territory")
    std::string spec;       // katago: the spec it reads as. user_mapping: the ruleset's spec.
    RuNote note = RuNote::none;
    std::vector<KataGoUnread> unread;  // katago_unread
    bool komi_ignored = false;         // katago: the string gives a komi (KM gives the komi)
    friend bool operator==(const RuReason&, const RuReason&) = default;
};

// How a record's RU[] text maps to a preset.
struct RuMapping {
    std::optional<Ruleset> ruleset;  // the preset, when the text names exactly one
    // Why: which form was recognised, or why the text is not mapped (unknown name, a ruleset
    // that is none of the presets, a KataGo rules string that does not describe one exactly).
    RuReason reason;
};
// Maps RU text (already unescaped), trimmed and case-insensitively: AGA / American / AGA rules,
// French / FFG, Tromp-Taylor / TT / Tromp Taylor / Tromp/Taylor / TrompTaylor / Logical rules,
// Japanese / JP / Korean, Chinese / CN / Chinese-OGS / Chinese-KGS, NZ / New Zealand, and
// KataGo's compact rules strings ("koPOSITIONALscoreAREAtaxNONEsui1") read knob by knob.
// GOE/Ing, BGA and others are not mapped (the reason says why).
RuMapping map_ru(std::string_view ru);
// A user's mapping of an RU name to a ruleset (`--map-ru NAME=SPEC`); it takes precedence over
// map_ru. Names compare as map_ru compares them (case, '-', '_', '/' and spaces alike, a last
// word "rules" ignored), so "--map-ru nz=tromp-taylor:ko=ssk" catches RU[NZ] and RU[nz rules].
struct RuOverride {
    std::string name;  // as given
    Ruleset ruleset;
};
// Parses "NAME=SPEC" (SPEC one ruleset, as for parse_ruleset_spec); on failure returns nullopt and
// sets `error` (not_name_spec, or in_ru_override with the SPEC's error).
std::optional<RuOverride> parse_ru_override(std::string_view text, SpecError& error);
// The mapping of `ru` by the first override whose name matches, or nullopt when none does.
std::optional<RuMapping> map_ru_override(std::string_view ru,
                                         std::span<const RuOverride> overrides);

// A server's conventions, recognised from a record's PC (docs/rules-notes.md
// "Server conventions"): what the server's records leave unsaid that its scoring used.
struct ServerConvention {
    std::string_view server;        // "OGS"
    std::string_view place_prefix;  // PC begins with it (case-sensitive)
    // The komi of a record without KM (OGS writes none for komi 0); nullopt: the defaults.
    std::optional<double> komi_without_km;
    // A one-stone handicap (one Black setup stone, no HA, White to move: R10's form) counts
    // as n = 1 for the area bonus (bonus=n gives White 1 point, n-1 and 0 nothing).
    bool one_stone_handicap = false;
    // R16: `B+0` / `W+0` is how the server writes a draw (elsewhere it names the winner only).
    bool zero_margin_is_draw = false;
};
// The convention of the server whose records begin their PC so, or nullptr.
const ServerConvention* server_convention(std::string_view place) noexcept;

// `r` with komi=X (`--komi`): its komi override set, its spec and name made again as
// parse_ruleset_spec gives them for its spec with ":komi=X" (komi is the spec's last knob, and a
// preset with a komi override is named by its spec). A value built by hand (no spec) only gets the
// override.
Ruleset with_komi(Ruleset r, double komi);

// map_ru without the reason.
std::optional<Ruleset> ruleset_from_ru(std::string_view ru);

// One line: the spec (with the name when it differs) and every knob as knob=value.
std::string describe(const Ruleset& r);

// The text of `sgfaudit rules`: the spec grammar, every preset, every knob with its values and
// the seed clause behind each preset's value, and the RU forms that map. Ends with '\n'.
std::string rules_text();

}  // namespace sgfaudit::audit
