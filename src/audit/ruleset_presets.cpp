// The preset table (ruleset_presets.hpp): each preset's knob values with the clauses behind them,
// and what reads them: preset, preset_names, the clause a finding cites, cited_clauses.

#include "ruleset_presets.hpp"

#include <array>
#include <cstddef>

namespace sgfaudit::audit {

namespace ruleset_detail {

namespace {

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

}  // namespace

std::span<const PresetRow> preset_table() noexcept {
    return kPresets;
}

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

const PresetRow* find_preset(std::string_view name) noexcept {
    for (const PresetRow& row : kPresets) {
        if (row.name == name) return &row;
    }
    return nullptr;
}

}  // namespace ruleset_detail

using namespace ruleset_detail;

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
    const std::string_view own_label = label();
    if (const PresetRow* base = find_preset(own_label.substr(0, own_label.find(':')))) {
        const std::string_view own = base->cites[static_cast<std::size_t>(k)][v];
        if (!own.empty()) return own;
    }
    return row.values[v].cite;
}

std::vector<std::string_view> cited_clauses() {
    std::vector<std::string_view> out;
    const auto add = [&out](std::string_view c) {
        if (c.empty()) return;
        for (const std::string_view seen : out)
            if (seen == c) return;
        out.push_back(c);
    };
    for (const KnobInfo& knob : knob_table())
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

std::optional<Ruleset> preset(std::string_view name) {
    const PresetRow* row = find_preset(name);
    if (row == nullptr) return std::nullopt;
    return from_row(*row);
}

}  // namespace sgfaudit::audit
