// The preset table (ruleset_presets.hpp): each preset as one row, and what reads it: preset,
// preset_names, the clause a finding cites (Ruleset::clause), cited_clauses.
//
// A new preset is one row of kPresets: its name, title and a set(...) for each knob (value, what a
// finding cites, the clause text), komi(...) and komi_handicap(...). Dead stones and the button
// may be left out (agreement, no). Tests name it where they list the presets.

#include "ruleset_presets.hpp"

#include <array>
#include <cstddef>

namespace sgfaudit::audit {

namespace ruleset_detail {

namespace {

constexpr auto kPresets = std::to_array<PresetRow>({
    preset_row(
        "tromp-taylor", "Tromp-Taylor, \"The Logical Rules\" (seed 001)",
        {
            // TT 4, 7: clear the opponent, then clear one's own colour
            set(Suicide::multi_stone, "TT 7", "TT 4, 7"),
            set(Ko::psk, "TT 6", "TT 6"),  // a move may not repeat an earlier grid colouring
            set(Scoring::area, "TT 9", "TT 9"),
            set(SekiEyes::territory, "TT 9",
                "TT 9: empty points that reach only one colour score for it, in a seki or not"),
            set(PassStones::no, "TT 9", "TT 6, 9: a pass is a turn; only the grid is scored"),
            set(WhiteMovesLast::no, "TT 5", "TT 5, 8: plain alternation, no last-move rule"),
            set(HandicapBonus::zero, "TT 9",
                "TT comment 5: handicap stones are Black moves, scored by TT 9"),
            set(GameEnd::final, "TT 8", "TT 8"),
            set(Cycle::play_on, "TT 6", "TT 6: no position may repeat, so no cycle"),
            set(DeadRule::as_is, "",
                "TT 8: strict, the board is scored as it stands (no stone removed, the run's "
                "--dead never applies); TT comment 8's agreement is tromp-taylor:dead=agreement"),
            komi(7.5, "TT comment 10 leaves komi to agreement; rules.md's default"),
            komi_handicap(0.5, "TT is silent; rules.md's default"),
        }),
    preset_row(
        "aga", "AGA rules 1991, revised 2004 (seeds 000, 002; 004 plays them)",
        {
            set(Suicide::forbidden, "AGA 5", "AGA 5"),
            set(Ko::nssk, "AGA 6",
                "AGA 6, as 002's list of differences reads it (natural situational superko)"),
            set(Scoring::territory, "AGA 12", "AGA 12: territory unless the players agreed on area")
                .also(Scoring::area, "AGA 12"),
            set(SekiEyes::territory, "AGA 12, 002 figure 3",
                "AGA 12 (a region is territory when only one colour surrounds it); 002 figure 3 "
                "counts the eye of a group in seki"),
            set(PassStones::yes, "AGA 7", "AGA 7"),
            set(WhiteMovesLast::pass_stone, "AGA 11", "AGA 11"),
            set(HandicapBonus::n_minus_1, "AGA 4", "AGA 4 (with area counting)"),
            set(GameEnd::resumable, "AGA 10",
                "AGA 9, 10: play resumes, the opponent of the last passer first"),
            set(Cycle::play_on, "AGA 6", "AGA 6: a superko forbids the repetition, so no cycle"),
            komi(7.5, "002 rule 3 (AGA 3 said 5.5 in 1991)"),
            komi_handicap(0.5, "AGA 3, 4"),
        }),
    preset_row(
        "french", "French Go Federation (FFG) rules (seed 003)",
        {
            set(Suicide::forbidden, "FFG 3", "FFG 3"),
            set(Ko::ssk, "FFG 4",
                "FFG 4: \"as after a previous move or a pass by the same player\""),
            set(Scoring::area, "FFG 6", "FFG 6").also(Scoring::territory, "FFG 6a"),
            set(SekiEyes::territory, "FFG 2, 6",
                "FFG 2, 6: territory is empty points next to stones of one colour only, in a seki "
                "or not"),
            set(PassStones::quick_count, "FFG 6a",
                "FFG 1, 6a: a pass pays a stone in the quick count only"),
            set(WhiteMovesLast::quick_count_point, "FFG 6a",
                "FFG 6a (Appendix B's e): White pays one more point if Black made the last turn"),
            set(HandicapBonus::n_minus_1, "FFG preliminary rule",
                "FFG preliminary rule: handicap komi n - 1/2 = 1/2 + (n-1)"),
            set(GameEnd::resumable, "FFG 5",
                "FFG 5, 5a: a resumption is tolerated; under 6a two passes only pause the game"),
            set(Cycle::play_on, "FFG 4",
                "FFG 4: situational superko forbids the repetition, so no cycle"),
            komi(7.5, "FFG Part 4: 7.5 official from 2005 (preliminary rule: 5.5 or 7.5)"),
            komi_handicap(0.5, "FFG preliminary rule (n - 1/2 with the bonus)"),
        }),
    // Rulesets of real archives, from their public texts: J = the Japanese Rules of
    // Go of 1989 (Nihon Ki-in and Kansai Ki-in; James Davies' translation), articles numbered
    // as there. J 8's eye points of stones in seki are not territory (seki-eyes=neutral); after
    // a repeated whole-board position the players may end the game without result (J 12,
    // cycle=no-result).
    preset_row(
        "japanese",
        "Japanese Rules of Go 1989 (J; territory counting, no territory in seki, no result after "
        "a repeated position)",
        {
            set(Suicide::forbidden, "J 4",
                "J 4: a string without a liberty cannot exist, so a play that captures nothing "
                "and leaves its own string without a liberty cannot be made"),
            set(Ko::simple, "J 6",
                "J 6: a stone captured in a ko may not be retaken at once (long cycles: J 12, the "
                "cycle knob)"),
            set(Scoring::territory, "J 8, 10", "J 8, 10: territory and prisoners decide"),
            set(SekiEyes::neutral, "J 8",
                "J 8: stones that are alive and have dame are in seki; their eye points are not "
                "territory"),
            set(PassStones::no, "J 9", "J 9: passes stop the game and hand over nothing"),
            set(WhiteMovesLast::no, "J 2", "J 2: plain alternation"),
            set(HandicapBonus::zero, "J 10",
                "J 10: a territory count; handicap stones earn no bonus"),
            set(GameEnd::resumable, "J 9",
                "J 9: two passes stop the game; either player may ask to resume, the opponent "
                "then moves first"),
            set(Cycle::no_result, "J 12",
                "J 12: when a whole-board position repeats, the players may agree to end the "
                "game without result"),
            komi(6.5, "the Nihon Ki-in's komi for even games (6.5 since 2002); J itself sets none"),
            komi_handicap(0.5, "rules.md's default"),
        }),
    // C = the rules of the Chinese Weiqi Association: area counting, no repetition of a whole
    // board position (C 2002 section 6, read as positional superko, as KataGo and KGS do), and
    // in handicap games White receives one point per handicap stone (Black returns half a
    // stone each).
    preset_row(
        "chinese", "Chinese Weiqi Association rules (C; area counting)",
        {
            set(Suicide::forbidden, "C", "C: suicide is not allowed"),
            set(Ko::psk, "C 2002 section 6",
                "C 2002 section 6: no whole-board repetition (positional superko)"),
            set(Scoring::area, "C", "C: area counting (stones + territory)"),
            set(SekiEyes::territory, "C",
                "C: the points a colour surrounds count for it, the eyes of a group in seki too "
                "(KataGo's chinese rules: tax NONE)"),
            set(PassStones::no, "C", "C: a pass hands over nothing"),
            set(WhiteMovesLast::no, "C", "C: plain alternation"),
            set(HandicapBonus::n, "C",
                "C: one point to White per handicap stone (half a stone each)"),
            set(GameEnd::resumable, "C", "C: after two passes a dispute is settled by playing on"),
            set(Cycle::play_on, "C 2002 section 6",
                "C 2002 section 6: no whole-board repetition, so no cycle"),
            komi(7.5, "C 2002: komi 3 3/4 stones = 7.5 points"),
            komi_handicap(0.5, "rules.md's default"),
        }),
    // NZ = the New Zealand Rules of Go (New Zealand Go Society): one page of unnumbered
    // paragraphs, cited by their defined terms (NZ play, NZ move, NZ territory, ...).
    preset_row(
        "new-zealand",
        "New Zealand rules (NZ; area counting, multi-stone suicide, situational superko)",
        {
            set(Suicide::multi_stone, "NZ play",
                "NZ play: the opponent's stones without liberties are removed, then the player's "
                "own"),
            set(Ko::ssk, "NZ move",
                "NZ move: a play may not recreate the position after any of the player's "
                "previous moves, a pass being a move (situational superko)"),
            set(Scoring::area, "NZ territory",
                "NZ territory: a player's stones and the empty points reaching them"),
            set(SekiEyes::territory, "NZ territory",
                "NZ territory: an empty point counts for a colour it reaches, in a seki too"),
            set(PassStones::no, "NZ move", "NZ move: a pass is a move that hands over nothing"),
            set(WhiteMovesLast::no, "NZ", "NZ: the players take turns"),
            set(HandicapBonus::zero, "NZ handicap",
                "NZ handicap: White passes the first n - 1 moves; no compensation"),
            set(GameEnd::resumable, "NZ end",
                "NZ end: the players agree the game is over; disputed dead stones are played out"),
            set(Cycle::play_on, "NZ move",
                "NZ move: situational superko forbids the repetition, so no cycle"),
            komi(7, "NZ komi: 7 points in an even game"),
            komi_handicap(0, "NZ handicap: no komi"),
        }),
    // Seed 000 as written (rules.md section 8, Presets): AGA 6 "with the same player to
    // play" is situational superko, passes included; komi 5.5 (AGA 3 in 1991). Every other
    // knob as aga.
    preset_row(
        "aga-1991", "AGA rules 1991 as written (seed 000: situational superko, komi 5.5)",
        {
            set(Suicide::forbidden, "AGA 5", "AGA 5"),
            set(Ko::ssk, "AGA 6",
                "AGA 6 as written in 1991: a play may not recreate the position with the same "
                "player to play (situational superko, a pass being a turn)"),
            set(Scoring::territory, "AGA 12", "AGA 12: territory unless the players agreed on area")
                .also(Scoring::area, "AGA 12"),
            set(SekiEyes::territory, "AGA 12", "AGA 12"),
            set(PassStones::yes, "AGA 7", "AGA 7"),
            set(WhiteMovesLast::pass_stone, "AGA 11", "AGA 11"),
            set(HandicapBonus::n_minus_1, "AGA 4", "AGA 4 (with area counting)"),
            set(GameEnd::resumable, "AGA 10",
                "AGA 9, 10: play resumes, the opponent of the last passer first"),
            set(Cycle::play_on, "AGA 6", "AGA 6: a superko forbids the repetition, so no cycle"),
            komi(5.5, "AGA 3 (1991): 5.5"),
            komi_handicap(0.5, "AGA 3, 4"),
        }),
});

constexpr std::array<std::string_view, kPresets.size()> preset_name_array() {
    std::array<std::string_view, kPresets.size()> out{};
    for (std::size_t i = 0; i < kPresets.size(); ++i) out[i] = kPresets[i].name;
    return out;
}
constexpr std::array<std::string_view, kPresets.size()> kPresetNames = preset_name_array();

// Preset names are distinct and lower case (find_preset compares them exactly).
constexpr bool names_distinct() {
    for (std::size_t i = 0; i < kPresets.size(); ++i) {
        for (const char c : kPresets[i].name)
            if (c >= 'A' && c <= 'Z') return false;
        for (std::size_t j = 0; j < i; ++j)
            if (kPresets[i].name == kPresets[j].name) return false;
    }
    return true;
}
static_assert(names_distinct());

}  // namespace

std::span<const PresetRow> preset_table() noexcept {
    return kPresets;
}

Ruleset from_row(const PresetRow& row) {
    Ruleset r;
    r.name = std::string(row.name);
    r.spec = std::string(row.name);
    for (std::size_t i = 0; i < kRuleKnobCount; ++i) {
        const KnobInfo& knob = info(static_cast<Knob>(i));
        if (knob.set_index != nullptr) {
            knob.set_index(r, row.knobs[i].value);
        } else {
            knob.set_number(r, row.knobs[i].number);
        }
    }
    return r;
}

const PresetRow* find_preset(std::string_view name) noexcept {
    for (const PresetRow& row : kPresets) {
        if (row.name == name) return &row;
    }
    return nullptr;
}

std::string_view preset_cite(const PresetRow& row, Knob k, std::size_t v) noexcept {
    const PresetKnob& own = row[k];
    if (v == own.value) return own.cite;
    if (v == own.other_value) return own.other_cite;
    return {};
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
    const std::string_view spec_label = label();
    if (const PresetRow* base = find_preset(spec_label.substr(0, spec_label.find(':')))) {
        const std::string_view own = preset_cite(*base, k, v);
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
        for (const KnobInfo& knob : knob_table())
            for (std::size_t v = 0; v < knob.values.size(); ++v)
                add(preset_cite(row, knob.knob, v));
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
