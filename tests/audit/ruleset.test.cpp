// Rulesets as data (rules.md section 1): every preset knob against the table and its seed
// clause, spec and list parsing with every kind of error (as typed facts), RU[] mapping for names,
// KataGo rules strings and the real RU values of the shared corpus, descriptions and the `sgfaudit
// rules` text.

#include "sgfaudit/audit/ruleset.hpp"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

using namespace sgfaudit::audit;

namespace {

Ruleset tt() {
    return *preset("tromp-taylor");
}
Ruleset aga() {
    return *preset("aga");
}
Ruleset french() {
    return *preset("french");
}

// The ruleset of a spec that must parse.
Ruleset parsed(std::string_view spec) {
    const RulesetParse p = parse_ruleset_spec(spec);
    INFO("spec: " << spec << " error kind: " << static_cast<int>(p.error.kind));
    REQUIRE(p.ok());
    return *p.ruleset;
}

// The error of a spec that must not parse.
SpecError spec_error(std::string_view spec) {
    const RulesetParse p = parse_ruleset_spec(spec);
    INFO("spec: " << spec);
    REQUIRE_FALSE(p.ok());
    REQUIRE_FALSE(p.error.ok());
    return p.error;
}

// The error of a list that must not parse.
SpecError list_error(std::string_view list) {
    const RulesetListParse p = parse_ruleset_list(list);
    INFO("list: " << list);
    REQUIRE_FALSE(p.ok());
    REQUIRE(p.rulesets.empty());
    return p.error;
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Presets against the table of rules.md section 1

TEST_CASE(
    "rules.md 1 + issue 15 + section 8: the presets are tromp-taylor aga french "
    "japanese chinese new-zealand and aga-1991 in that order",
    "[audit][ruleset]") {
    const auto names = preset_names();
    REQUIRE(names.size() == 7);
    CHECK(names[0] == "tromp-taylor");
    CHECK(names[1] == "aga");
    CHECK(names[2] == "french");
    CHECK(names[3] == "japanese");
    CHECK(names[4] == "chinese");
    CHECK(names[5] == "new-zealand");
    CHECK(names[6] == "aga-1991");
    for (std::string_view name : names) {
        const std::optional<Ruleset> r = preset(name);
        REQUIRE(r);
        CHECK(r->name == name);
        CHECK(r->spec == name);
        CHECK_FALSE(r->komi_override);
    }
    CHECK_FALSE(preset("korean"));  // an RU name (mapped to japanese), not a preset
    CHECK_FALSE(preset("AGA"));     // preset() takes the exact name; specs are case-insensitive
    CHECK_FALSE(preset(""));
}

TEST_CASE("TT 4, 7: the tromp-taylor preset allows multi-stone suicide", "[audit][ruleset]") {
    CHECK(tt().suicide == Suicide::multi_stone);
}
TEST_CASE("TT 6: the tromp-taylor preset uses positional superko", "[audit][ruleset]") {
    CHECK(tt().ko == Ko::psk);
}
TEST_CASE("TT 9: the tromp-taylor preset decides by area", "[audit][ruleset]") {
    CHECK(tt().scoring == Scoring::area);
}
TEST_CASE("TT 6, 9: the tromp-taylor preset has no pass stones", "[audit][ruleset]") {
    CHECK(tt().pass_stones == PassStones::no);
}
TEST_CASE("TT 5, 8: the tromp-taylor preset has no last-move rule", "[audit][ruleset]") {
    CHECK(tt().white_moves_last == WhiteMovesLast::no);
}
TEST_CASE("TT comment 5: the tromp-taylor preset gives no handicap bonus", "[audit][ruleset]") {
    CHECK(tt().handicap_bonus == HandicapBonus::zero);
}
TEST_CASE("TT 8: under the tromp-taylor preset two passes end the game for good",
          "[audit][ruleset]") {
    CHECK(tt().end == GameEnd::final);
}
TEST_CASE("TT comment 10: the tromp-taylor default komi is rules.md's 7.5 / 0.5",
          "[audit][ruleset]") {
    CHECK(tt().default_komi_even == 7.5);
    CHECK(tt().default_komi_handicap == 0.5);
}

TEST_CASE("AGA 5: the aga preset forbids suicide", "[audit][ruleset]") {
    CHECK(aga().suicide == Suicide::forbidden);
}
TEST_CASE("AGA 6 (002's list of differences): the aga preset uses natural situational superko",
          "[audit][ruleset]") {
    CHECK(aga().ko == Ko::nssk);
}
TEST_CASE("AGA 12: the aga preset decides by territory unless area was agreed",
          "[audit][ruleset]") {
    CHECK(aga().scoring == Scoring::territory);
    CHECK(parsed("aga:scoring=area").scoring == Scoring::area);
}
TEST_CASE("AGA 7: under the aga preset a pass hands over a pass stone", "[audit][ruleset]") {
    CHECK(aga().pass_stones == PassStones::yes);
}
TEST_CASE("AGA 11: under the aga preset White moves last with an extra pass stone",
          "[audit][ruleset]") {
    CHECK(aga().white_moves_last == WhiteMovesLast::pass_stone);
}
TEST_CASE("AGA 4: the aga preset gives White n-1 points for n handicap stones under area",
          "[audit][ruleset]") {
    CHECK(aga().handicap_bonus == HandicapBonus::n_minus_1);
}
TEST_CASE("AGA 10: under the aga preset play may resume after two passes", "[audit][ruleset]") {
    CHECK(aga().end == GameEnd::resumable);
}
TEST_CASE("002 rule 3: the aga default komi is 7.5 even, 0.5 handicap (AGA 3, 4)",
          "[audit][ruleset]") {
    CHECK(aga().default_komi_even == 7.5);
    CHECK(aga().default_komi_handicap == 0.5);
    // AGA 3 as written in 1991 (seed 000) is one override away.
    const Ruleset aga1991 = parsed("aga:default-komi=5.5");
    CHECK(aga1991.default_komi_even == 5.5);
    CHECK(aga1991.name == "aga:default-komi=5.5");  // no preset has these rules
    CHECK(aga1991.spec == "aga:default-komi=5.5");
}

TEST_CASE("FFG 3: the french preset forbids suicide", "[audit][ruleset]") {
    CHECK(french().suicide == Suicide::forbidden);
}
TEST_CASE("FFG 4: the french preset uses situational superko", "[audit][ruleset]") {
    CHECK(french().ko == Ko::ssk);
}
TEST_CASE("FFG 6: the french preset decides by area", "[audit][ruleset]") {
    CHECK(french().scoring == Scoring::area);
}
TEST_CASE("FFG 6a: the french preset has pass stones in the quick count only", "[audit][ruleset]") {
    CHECK(french().pass_stones == PassStones::quick_count);
}
TEST_CASE("FFG 6a: under the french preset White pays one more point if Black made the last turn",
          "[audit][ruleset]") {
    CHECK(french().white_moves_last == WhiteMovesLast::quick_count_point);
}
TEST_CASE("FFG preliminary rule: the french handicap komi is 1/2 plus an n-1 bonus",
          "[audit][ruleset]") {
    CHECK(french().handicap_bonus == HandicapBonus::n_minus_1);
    CHECK(french().default_komi_handicap == 0.5);
}
TEST_CASE("FFG 5, 5a: under the french preset play may resume after two passes",
          "[audit][ruleset]") {
    CHECK(french().end == GameEnd::resumable);
}
TEST_CASE("FFG Part 4: the french default komi is 7.5", "[audit][ruleset]") {
    CHECK(french().default_komi_even == 7.5);
}

TEST_CASE("AGA 7, FFG 6a: the aga and french presets are distinguishable", "[audit][ruleset]") {
    CHECK_FALSE(same_rules(aga(), french()));
    CHECK(aga().pass_stones != french().pass_stones);
    CHECK(aga().white_moves_last != french().white_moves_last);
    CHECK(aga().ko != french().ko);
    CHECK_FALSE(same_rules(aga(), tt()));
    CHECK_FALSE(same_rules(french(), tt()));
}

TEST_CASE("rules.md 1: a default-constructed ruleset holds the tromp-taylor knobs unnamed",
          "[audit][ruleset]") {
    const Ruleset r;
    CHECK(same_rules(r, tt()));
    CHECK(r.name.empty());
    CHECK(r.spec.empty());
    CHECK_FALSE(r.komi_override);
}

TEST_CASE("rules.md 1: knob values have short stable names", "[audit][ruleset]") {
    CHECK(to_string(Suicide::forbidden) == "forbidden");
    CHECK(to_string(Suicide::multi_stone) == "multi-stone");
    CHECK(to_string(Ko::psk) == "psk");
    CHECK(to_string(Ko::ssk) == "ssk");
    CHECK(to_string(Ko::nssk) == "nssk");
    CHECK(to_string(Ko::simple) == "simple");
    CHECK(to_string(Scoring::area) == "area");
    CHECK(to_string(Scoring::territory) == "territory");
    CHECK(to_string(PassStones::no) == "no");
    CHECK(to_string(PassStones::yes) == "yes");
    CHECK(to_string(PassStones::quick_count) == "quick-count");
    CHECK(to_string(WhiteMovesLast::no) == "no");
    CHECK(to_string(WhiteMovesLast::pass_stone) == "pass-stone");
    CHECK(to_string(WhiteMovesLast::quick_count_point) == "quick-count-point");
    CHECK(to_string(HandicapBonus::zero) == "0");
    CHECK(to_string(HandicapBonus::n_minus_1) == "n-1");
    CHECK(to_string(HandicapBonus::n) == "n");
    CHECK(to_string(GameEnd::final) == "final");
    CHECK(to_string(GameEnd::resumable) == "resumable");
    const std::vector<std::string_view> knobs(knob_names().begin(), knob_names().end());
    CHECK(knobs == std::vector<std::string_view>{"suicide", "ko", "scoring", "seki-eyes",
                                                 "pass-stones", "white-moves-last", "bonus", "end",
                                                 "cycle", "dead", "button", "default-komi",
                                                 "default-komi-handicap", "komi"});
}

// ---------------------------------------------------------------------------------------------
// Specs: a preset with overrides

TEST_CASE("rules.md 1: a preset name alone is the preset", "[audit][ruleset][spec]") {
    for (std::string_view name : preset_names()) {
        CHECK(parsed(name) == *preset(name));
    }
    CHECK(parsed(" AGA ") == aga());
    CHECK(parsed("French") == french());
}

TEST_CASE("rules.md 1: aga:ko=ssk changes only the ko knob", "[audit][ruleset][spec]") {
    const Ruleset r = parsed("aga:ko=ssk");
    CHECK(r.ko == Ko::ssk);
    Ruleset expected = aga();
    expected.ko = Ko::ssk;
    CHECK(same_rules(r, expected));
    CHECK(r.name == "aga:ko=ssk");
    CHECK(r.spec == "aga:ko=ssk");
    CHECK_FALSE(r.komi_override);
}

TEST_CASE("rules.md 1: komi=X overrides the record's KM and keeps the preset's rules",
          "[audit][ruleset][spec]") {
    const Ruleset r = parsed("french:komi=5.5,ko=psk");
    REQUIRE(r.komi_override);
    CHECK(*r.komi_override == 5.5);
    CHECK(r.ko == Ko::psk);
    CHECK(r.default_komi_even == 7.5);  // the default stays; the override wins over both
    CHECK(r.spec == "french:ko=psk:komi=5.5");
    const Ruleset k = parsed("aga:komi=6.5");
    CHECK(k.name == "aga:komi=6.5");  // issue 28: not "aga", which names the preset's komi too
    CHECK(k.spec == "aga:komi=6.5");
    CHECK(same_rules(k, aga()));
}

TEST_CASE("rules.md 1: overrides may be joined by ':' or by ','", "[audit][ruleset][spec]") {
    const Ruleset a = parsed("aga:ko=ssk:komi=5.5");
    CHECK(parsed("aga:ko=ssk,komi=5.5") == a);
    CHECK(parsed("aga,ko=ssk,komi=5.5") == a);
    CHECK(parsed("aga,ko=ssk:komi=5.5") == a);
    CHECK(parsed("aga:komi=5.5:ko=ssk") == a);
    CHECK(parsed(" AGA : KO = SSK , Komi = 5.5 ") == a);
    CHECK(a.spec == "aga:ko=ssk:komi=5.5");
}

TEST_CASE("rules.md 1: an override that restates the preset's value keeps its name",
          "[audit][ruleset][spec]") {
    const Ruleset r = parsed("aga:ko=nssk:end=resumable");
    CHECK(r == aga());
}

TEST_CASE("rules.md 1: knobs that equal another preset take that preset's name",
          "[audit][ruleset][spec]") {
    const Ruleset r = parsed(
        "tromp-taylor:suicide=forbidden:ko=ssk:pass-stones=quick-count:"
        "white-moves-last=quick-count-point:bonus=n-1:end=resumable:dead=agreement");
    CHECK(same_rules(r, french()));
    CHECK(r.name == "french");
    CHECK(r.spec ==
          "tromp-taylor:suicide=forbidden:ko=ssk:pass-stones=quick-count:"
          "white-moves-last=quick-count-point:bonus=n-1:end=resumable:dead=agreement");
}

TEST_CASE("rules.md 1: every value of every knob parses and its spec reads back",
          "[audit][ruleset][spec]") {
    const auto [knob, value] = GENERATE(table<std::string, std::string>({
        {"suicide", "forbidden"},
        {"suicide", "multi-stone"},
        {"ko", "psk"},
        {"ko", "ssk"},
        {"ko", "nssk"},
        {"ko", "simple"},
        {"scoring", "area"},
        {"scoring", "territory"},
        {"seki-eyes", "territory"},
        {"seki-eyes", "neutral"},
        {"pass-stones", "no"},
        {"pass-stones", "yes"},
        {"pass-stones", "quick-count"},
        {"white-moves-last", "no"},
        {"white-moves-last", "pass-stone"},
        {"white-moves-last", "quick-count-point"},
        {"bonus", "0"},
        {"bonus", "n-1"},
        {"bonus", "n"},
        {"end", "final"},
        {"end", "resumable"},
        {"cycle", "play-on"},
        {"cycle", "no-result"},
        {"dead", "agreement"},
        {"dead", "pass-alive"},
        {"button", "no"},
        {"button", "yes"},
        {"default-komi", "6.5"},
        {"default-komi-handicap", "0"},
        {"komi", "-3"},
    }));
    const std::string base = GENERATE(as<std::string>{}, "tromp-taylor", "aga", "french");
    const std::string spec = base + ":" + knob + "=" + value;
    const Ruleset r = parsed(spec);
    CAPTURE(spec, r.spec, describe(r));
    CHECK(contains(describe(r), knob + "=" + value));
    CHECK(parsed(r.spec) == r);
}

TEST_CASE("rules.md 1: komi values are decimal numbers", "[audit][ruleset][spec]") {
    CHECK(*parsed("aga:komi=7").komi_override == 7.0);
    CHECK(*parsed("aga:komi=+6").komi_override == 6.0);
    CHECK(*parsed("aga:komi=-0.5").komi_override == -0.5);
    CHECK(*parsed("aga:komi=.5").komi_override == 0.5);
    CHECK(*parsed("aga:komi=2704").komi_override == 2704.0);
    CHECK(parsed("aga:komi=-0").spec == "aga:komi=0");
    CHECK(parsed("aga:komi=7.0").spec == "aga:komi=7");
    CHECK(parsed("aga:default-komi-handicap=0").default_komi_handicap == 0.0);
}

// ---------------------------------------------------------------------------------------------
// Spec errors: typed facts naming the bad part and the allowed names or values (their words:
// tests/report/spec_wording.test.cpp)

TEST_CASE("rules.md 1: an unknown ruleset name is a typed error with the presets",
          "[audit][ruleset][spec][error]") {
    const SpecError e = spec_error("agaa:ko=ssk");
    CHECK(e.kind == SpecErrorKind::unknown_ruleset);
    CHECK(e.part == "agaa");
    CHECK(e.text == "agaa:ko=ssk");
    CHECK(e.allowed == std::vector<std::string_view>(preset_names().begin(), preset_names().end()));
    CHECK(spec_error("aga:komi=7,5").part == "5");
    CHECK(spec_error("custom").kind == SpecErrorKind::unknown_ruleset);
}

TEST_CASE("rules.md 1: an unknown knob is a typed error with the knobs",
          "[audit][ruleset][spec][error]") {
    const SpecError e = spec_error("aga: KOX =ssk");
    CHECK(e.kind == SpecErrorKind::unknown_knob);
    CHECK(e.knob == "kox");
    CHECK(e.item == "aga: KOX =ssk");
    CHECK(e.allowed == std::vector<std::string_view>(knob_names().begin(), knob_names().end()));
}

TEST_CASE("rules.md 1: a bad knob value is a typed error with the knob's values",
          "[audit][ruleset][spec][error]") {
    const SpecError e = spec_error("aga:bonus=n+1");
    CHECK(e.kind == SpecErrorKind::bad_value);
    CHECK(e.part == "n+1");
    CHECK(e.knob == "bonus");
    CHECK(e.item == "aga:bonus=n+1");
    CHECK(e.allowed == std::vector<std::string_view>{"0", "n-1", "n"});
    const std::string bad = GENERATE(as<std::string>{}, "abc", "", "inf", "nan", "-inf", "1e9",
                                     "2704.5", "7.5x", "0x10", "++1", "- 1", "7 .5");
    for (std::string_view knob : {"komi", "default-komi", "default-komi-handicap"}) {
        const SpecError n = spec_error("aga:" + std::string(knob) + "=" + bad);
        CAPTURE(bad, knob);
        CHECK(n.kind == SpecErrorKind::bad_number);
        CHECK(n.knob == knob);
        CHECK(n.part == bad);
        CHECK(n.max_number == 2704.0);
    }
}

TEST_CASE("rules.md 1: each malformed spec has its own error kind",
          "[audit][ruleset][spec][error]") {
    const auto [spec, kind] = GENERATE(table<std::string, SpecErrorKind>({
        {"aga:ssk", SpecErrorKind::not_knob_value},
        {"aga:french", SpecErrorKind::not_knob_value},
        {"aga:", SpecErrorKind::empty_override},
        {"aga::ko=ssk", SpecErrorKind::empty_override},
        {":ko=ssk", SpecErrorKind::missing_name},
        {"aga, :ko=ssk", SpecErrorKind::missing_name},
        {"aga:ko=ssk:ko=psk", SpecErrorKind::knob_set_twice},
        {"aga:komi=5.5,komi=6.5", SpecErrorKind::knob_set_twice},
        {"ko=ssk", SpecErrorKind::knob_before_ruleset},
        {"aga,french", SpecErrorKind::not_one_ruleset},
        {"", SpecErrorKind::no_ruleset},
        {"  ", SpecErrorKind::no_ruleset},
    }));
    CAPTURE(spec);
    CHECK(spec_error(spec).kind == kind);
    const SpecError twice = spec_error("aga:komi=5.5,komi=6.5");
    CHECK(twice.knob == "komi");
    CHECK(twice.item == "komi=6.5");
    const SpecError several = spec_error("aga,french");
    CHECK(several.text == "aga,french");
    CHECK(several.count == 2);
}

// ---------------------------------------------------------------------------------------------
// Lists (--rules)

TEST_CASE("rules.md 1: a list names rulesets in the order given", "[audit][ruleset][list]") {
    const RulesetListParse p = parse_ruleset_list("aga,french,tromp-taylor");
    REQUIRE(p.ok());
    REQUIRE(p.rulesets.size() == 3);
    CHECK(p.rulesets[0] == aga());
    CHECK(p.rulesets[1] == french());
    CHECK(p.rulesets[2] == tt());
}

TEST_CASE("rules.md 1: in a list, an item with '=' continues the ruleset before it",
          "[audit][ruleset][list]") {
    const RulesetListParse p = parse_ruleset_list(
        "aga:ko=ssk,komi=5.5,french, tromp-taylor:end=resumable,suicide=forbidden");
    REQUIRE(p.ok());
    REQUIRE(p.rulesets.size() == 3);
    CHECK(p.rulesets[0].spec == "aga:ko=ssk:komi=5.5");
    CHECK(p.rulesets[1] == french());
    CHECK(p.rulesets[2].spec == "tromp-taylor:suicide=forbidden:end=resumable");
    CHECK(p.rulesets[2].name == "tromp-taylor:suicide=forbidden:end=resumable");
}

TEST_CASE("rules.md 1: a list may not name the same ruleset twice",
          "[audit][ruleset][list][error]") {
    const SpecError e = list_error("aga:komi=5.5,french,aga,komi=5.5");
    CHECK(e.kind == SpecErrorKind::same_ruleset);
    CHECK(e.first == "aga:komi=5.5");
    CHECK(e.second == "aga,komi=5.5");
    CHECK(e.text == "aga:komi=5.5,french,aga,komi=5.5");
    CHECK(e.spec == "aga:komi=5.5");
    CHECK(list_error("aga,aga:ko=nssk").kind == SpecErrorKind::same_ruleset);
    // A different komi override is a different column.
    const RulesetListParse p = parse_ruleset_list("aga,aga:komi=5.5");
    REQUIRE(p.ok());
    CHECK(p.rulesets.size() == 2);
}

TEST_CASE("rules.md 1: empty list items are errors", "[audit][ruleset][list][error]") {
    CHECK(list_error("aga,,french").item_number == 2);
    CHECK(list_error("aga,").item_number == 2);
    CHECK(list_error(",aga").item_number == 1);
    CHECK(list_error(",aga").kind == SpecErrorKind::empty_item);
    CHECK(list_error("").kind == SpecErrorKind::no_ruleset);
}

TEST_CASE("rules.md 1: an error anywhere in a list gives no rulesets",
          "[audit][ruleset][list][error]") {
    CHECK(list_error("aga,french:ko=bad").kind == SpecErrorKind::bad_value);
    CHECK(list_error("aga,frnch").kind == SpecErrorKind::unknown_ruleset);
    CHECK(list_error("ko=ssk,aga").kind == SpecErrorKind::knob_before_ruleset);
}

// ---------------------------------------------------------------------------------------------
// RU[] mapping

TEST_CASE("AGA: RU names of the AGA rules map to the aga preset", "[audit][ruleset][ru]") {
    const std::string ru =
        GENERATE(as<std::string>{}, "AGA", "aga", " AGA ", "AGA\n", "American", "AGA rules",
                 "AGA-rules", "aga_rules", "American Go Association", "AGA Rule", "american rules");
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    REQUIRE(m.ruleset);
    CHECK(*m.ruleset == aga());
    CHECK(m.reason.form == RuForm::preset);
    CHECK(m.reason.name == "aga");
    CHECK(ruleset_from_ru(ru) == aga());
}

TEST_CASE("FFG: RU names of the French rules map to the french preset", "[audit][ruleset][ru]") {
    const std::string ru =
        GENERATE(as<std::string>{}, "French", "FRENCH", "FFG", "ffg", "French rules", "FFG Rules");
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    REQUIRE(m.ruleset);
    CHECK(*m.ruleset == french());
}

TEST_CASE("TT: RU names of the Tromp-Taylor rules map to the tromp-taylor preset",
          "[audit][ruleset][ru]") {
    const std::string ru =
        GENERATE(as<std::string>{}, "Tromp-Taylor", "tromp-taylor", "TT", "tt", "Tromp Taylor",
                 "Tromp/Taylor", "tromp_taylor", "TrompTaylor", "Tromp - Taylor",
                 "Tromp-Taylor rules", "Logical rules", "The Logical Rules");
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    REQUIRE(m.ruleset);
    CHECK(*m.ruleset == tt());
}

TEST_CASE("rules.md 1: RU names of rulesets that are no preset are not mapped",
          "[audit][ruleset][ru]") {
    const auto [ru, called] = GENERATE(table<std::string, std::string>({
        {"Old Chinese", "old Chinese"},
        {"GOE", "Ing (GOE)"},
        {"Ing", "Ing (GOE)"},
        {"BGA", "British (BGA)"},
        {"stonescoring", "stone scoring (KataGo)"},
        {"aga-button", "AGA with a button (KataGo)"},
    }));
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    CHECK_FALSE(m.ruleset);
    CHECK(m.reason.form == RuForm::other_rules);
    CHECK(m.reason.name == called);
    CHECK_FALSE(ruleset_from_ru(ru));
}

TEST_CASE("rules.md 1: an unknown or empty RU is not mapped, with the reason",
          "[audit][ruleset][ru]") {
    CHECK(map_ru("").reason == RuReason{});
    CHECK(map_ru(" \t\n").reason == RuReason{});
    const RuMapping odd = map_ru("TT--");  // CGOS; not guessed to be Tromp-Taylor
    CHECK_FALSE(odd.ruleset);
    CHECK(odd.reason.form == RuForm::unknown);
    CHECK(odd.reason.text == "TT--");
    CHECK(map_ru(" AGA\n").reason.text == "AGA");
    CHECK_FALSE(map_ru("AGA French").ruleset);
    CHECK_FALSE(map_ru("rules").ruleset);
    CHECK_FALSE(map_ru("Americans").ruleset);
}

TEST_CASE(
    "issue 15: KataGo's Tromp-Taylor rules string is tromp-taylor with end=resumable (KataGo "
    "counts after removing the stones in pass-alive territory, not the board as it is)",
    "[audit][ruleset][ru][katago]") {
    const std::string ru =
        GENERATE(as<std::string>{}, "koPOSITIONALscoreAREAtaxNONEsui1",
                 "koPOSITIONALscoreAREAsui1",  // tax defaults to NONE for area
                 "kopositionalscoreareataxnonesui1", "koPOSITIONALscoringAREAtaxNONEsui1",
                 "koPOSITIONALscoreAREAtaxNONEsui1button0whb0fpok0",
                 "sui1 taxNONE scoreAREA koPOSITIONAL", "koPOSITIONALscoreAREAtaxNONEsui1komi7.5",
                 "koPOSITIONALscoreAREAtaxNONEsui1fpok1");  // a friendly pass shows in no record
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    REQUIRE(m.ruleset);
    Ruleset expected = tt();
    expected.end = GameEnd::resumable;
    expected.dead = DeadRule::pass_alive;
    CHECK(same_rules(*m.ruleset, expected));
    CHECK(m.ruleset->spec == "tromp-taylor:end=resumable:dead=pass-alive");
    CHECK(m.reason.form == RuForm::katago);
    CHECK(m.reason.spec == "tromp-taylor:end=resumable:dead=pass-alive");
    CHECK(m.reason.komi_ignored == contains(ru, "komi"));
}

TEST_CASE("issue 15: a KataGo rules string is read knob by knob", "[audit][ruleset][ru][katago]") {
    // ko SIMPLE/POSITIONAL/SITUATIONAL -> simple/psk/ssk; score -> scoring; sui0 -> suicide
    // forbidden; whb 0/N/N-1 -> bonus 0/n/n-1; button1 -> button=yes; end=resumable and
    // dead=pass-alive always (KG score).
    const auto [ru, spec] = GENERATE(table<std::string, std::string>({
        {"koPOSITIONALscoreAREAtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:end=resumable:dead=pass-alive"},
        {"koSITUATIONALscoreAREAtaxNONEsui1", "tromp-taylor:ko=ssk:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreAREAtaxNONEsui1", "tromp-taylor:ko=simple:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreTERRITORYtaxNONEsui1",
         "tromp-taylor:scoring=territory:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxNONEsui1whbN",
         "tromp-taylor:bonus=n:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxNONEsui1whbN-1",
         "tromp-taylor:bonus=n-1:end=resumable:dead=pass-alive"},
        // What KataGo writes for its aga, bga and french rules alike: read as what KataGo
        // plays, which is none of those three presets (no pass stones, no quick count).
        {"koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1",
         "tromp-taylor:suicide=forbidden:ko=ssk:bonus=n-1:end=resumable:dead=pass-alive"},
        // KataGo's japanese: territory, simple ko, no suicide, no territory in seki (tax SEKI).
        {"koSIMPLEscoreTERRITORYtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:scoring=territory:seki-eyes=independent:end="
         "resumable:dead=pass-alive"},
        // KataGo's group tax (KG tax ALL).
        {"koPOSITIONALscoreAREAtaxALLsui1",
         "tromp-taylor:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        // The button (KG button): half a point to the first player to pass.
        {"koPOSITIONALscoreAREAtaxNONEsui1button1",
         "tromp-taylor:end=resumable:dead=pass-alive:button=yes"},
    }));
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    REQUIRE(m.ruleset);
    CHECK(m.ruleset->spec == spec);
    CHECK(m.reason.form == RuForm::katago);
    CHECK(m.reason.spec == spec);
    CHECK((m.ruleset->seki_eyes == SekiEyes::independent) == contains(ru, "taxSEKI"));
    CHECK((m.ruleset->seki_eyes == SekiEyes::taxed) == contains(ru, "taxALL"));
}

TEST_CASE("issue 15: KataGo rules strings with a rule no knob says are not mapped",
          "[audit][ruleset][ru][katago]") {
    const auto [ru, why] = GENERATE(table<std::string, KataGoUnread>({
        {"koSPIGHTscoreAREAtaxNONEsui1", KataGoUnread::ko_spight},
        {"koSPIGHTscoreTERRITORYtaxALLsui0", KataGoUnread::ko_spight},
    }));
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    CHECK_FALSE(m.ruleset);
    CHECK(m.reason.form == RuForm::katago_unread);
    CHECK(m.reason.unread == std::vector<KataGoUnread>{why});
}

TEST_CASE("issue 15: Japanese, Korean and Chinese RU names map to the japanese and chinese presets",
          "[audit][ruleset][ru]") {
    const auto [ru, name] = GENERATE(table<std::string, std::string>({
        {"Japanese", "japanese"},
        {"japanese", "japanese"},
        {"Japanese rules", "japanese"},
        {"JP", "japanese"},
        {"Korean", "japanese"},
        {"Chinese", "chinese"},
        {"chinese", "chinese"},
        {"CN", "chinese"},
        {"Chinese-OGS", "chinese"},
        {"chinese_kgs", "chinese"},
    }));
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    REQUIRE(m.ruleset);
    CHECK(m.reason.form == RuForm::preset);
    CHECK(m.reason.name == name);
    CHECK((m.reason.note == RuNote::korean) == (ru == "Korean"));
    if (name == "japanese") {
        // As servers score them (docs/rules-notes.md, "Seki"): every region reaching one colour
        // is territory, eyes in seki included.
        CHECK(m.ruleset->spec == "japanese:seki-eyes=territory");
        CHECK(m.ruleset->seki_eyes == SekiEyes::territory);
        CHECK(m.reason.overrides == ":seki-eyes=territory");
    } else {
        CHECK(m.ruleset->name == name);
    }
}

TEST_CASE("J 4, 6, 8, 9 and C 2002 section 6: the japanese and chinese presets",
          "[audit][ruleset]") {
    const Ruleset j = *preset("japanese");
    CHECK(j.suicide == Suicide::forbidden);
    CHECK(j.ko == Ko::simple);
    CHECK(j.scoring == Scoring::territory);
    CHECK(j.pass_stones == PassStones::no);
    CHECK(j.white_moves_last == WhiteMovesLast::no);
    CHECK(j.handicap_bonus == HandicapBonus::zero);
    CHECK(j.end == GameEnd::resumable);
    CHECK(j.default_komi_even == 6.5);
    CHECK(j.clause(Knob::ko) == "J 6");
    CHECK(j.clause(Knob::suicide) == "J 4");
    const Ruleset c = *preset("chinese");
    CHECK(c.suicide == Suicide::forbidden);
    CHECK(c.ko == Ko::psk);
    CHECK(c.scoring == Scoring::area);
    CHECK(c.handicap_bonus == HandicapBonus::n);
    CHECK(c.end == GameEnd::resumable);
    CHECK(c.default_komi_even == 7.5);
    CHECK(c.clause(Knob::ko) == "C 2002 section 6");
    CHECK(c.clause(Knob::bonus) == "C");
}

TEST_CASE("NZ play, move, territory, komi and handicap: the new-zealand preset",
          "[audit][ruleset]") {
    const Ruleset nz = *preset("new-zealand");
    CHECK(nz.suicide == Suicide::multi_stone);
    CHECK(nz.ko == Ko::ssk);
    CHECK(nz.scoring == Scoring::area);
    CHECK(nz.seki_eyes == SekiEyes::territory);
    CHECK(nz.pass_stones == PassStones::no);
    CHECK(nz.white_moves_last == WhiteMovesLast::no);
    CHECK(nz.handicap_bonus == HandicapBonus::zero);
    CHECK(nz.end == GameEnd::resumable);
    CHECK(nz.default_komi_even == 7);
    CHECK(nz.default_komi_handicap == 0);
    CHECK(nz.clause(Knob::ko) == "NZ move");
    CHECK(nz.clause(Knob::suicide) == "NZ play");
    // The same knobs as tromp-taylor with ssk, resumable play and NZ's komi: that spec is named
    // new-zealand.
    const Ruleset same = parsed(
        "tromp-taylor:ko=ssk:end=resumable:dead=agreement:default-komi=7:"
        "default-komi-handicap=0");
    CHECK(same.name == "new-zealand");
    for (const std::string ru : {"NZ", "New Zealand", "nz rules", "NewZealand"}) {
        INFO(ru);
        const RuMapping m = map_ru(ru);
        REQUIRE(m.ruleset);
        CHECK(m.ruleset->name == "new-zealand");
    }
    // Ing's rules (GOE) stay unmapped: their ko rules are no value of the ko knob.
    const RuMapping goe = map_ru("GOE");
    CHECK_FALSE(goe.ruleset);
    CHECK(goe.reason.note == RuNote::ing);
}

TEST_CASE("rules.md 1: malformed or incomplete KataGo strings are not mapped",
          "[audit][ruleset][ru][katago]") {
    CHECK(map_ru("sui1").reason.form == RuForm::katago_incomplete);
    CHECK(map_ru("koPOSITIONALscoreAREA").reason.form == RuForm::katago_incomplete);
    CHECK(map_ru("koBOGUSscoreAREAsui1").reason.form == RuForm::unknown);
    CHECK(map_ru("koPOSITIONALscoreAREAsui2").reason.form == RuForm::unknown);
    CHECK(map_ru("koPOSITIONALscoreAREAsui1komiX").reason.form == RuForm::unknown);
    CHECK(map_ru(R"({"ko":"POSITIONAL","scoring":"AREA"})").reason.form == RuForm::katago_json);
}

TEST_CASE("rules.md 1: every RU value of the shared corpus maps as expected",
          "[audit][ruleset][ru][corpus]") {
    // The distinct RU[] values of ../shared/corpus (grep 'RU\[[^]]*\]'), with the ruleset spec
    // each maps to ("" = not mapped). KataGo strings are read knob by knob (issue 15): ko SIMPLE
    // simple, SITUATIONAL ssk; sui0 forbidden; score TERRITORY territory; always end=resumable
    // (KataGo removes the stones in pass-alive territory before counting); tax SEKI
    // seki-eyes=independent, tax ALL seki-eyes=taxed (KG tax); button1 button=yes; ko SPIGHT has
    // no knob and is not mapped.
    const auto [ru, expected] = GENERATE(table<std::string, std::string>({
        {"Japanese", "japanese:seki-eyes=territory"},
        {"Chinese", "chinese"},
        {"AGA", "aga"},
        {"Tromp/Taylor", "tromp-taylor"},
        {"NZ", "new-zealand"},
        {"koSITUATIONALscoreTERRITORYtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:ko=ssk:scoring=territory:seki-eyes=independent:end="
         "resumable:dead=pass-alive"},
        {"Korean", "japanese:seki-eyes=territory"},
        {"chinese", "chinese"},
        {"koSITUATIONALscoreAREAtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:ko=ssk:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreTERRITORYtaxNONEsui1",
         "tromp-taylor:ko=simple:scoring=territory:end=resumable:dead=pass-alive"},
        {"japanese", "japanese:seki-eyes=territory"},
        {"", ""},
        {"koSIMPLEscoreAREAtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:seki-eyes=independent:end=resumable:dead=pass-"
         "alive"},
        {"New Zealand", "new-zealand"},
        {"koSITUATIONALscoreAREAtaxNONEsui1", "tromp-taylor:ko=ssk:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreTERRITORYtaxSEKIsui1",
         "tromp-taylor:ko=simple:scoring=territory:seki-eyes=independent:end=resumable:dead=pass-"
         "alive"},
        {"koSIMPLEscoreTERRITORYtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:scoring=territory:end=resumable:dead=pass-"
         "alive"},
        {"koSIMPLEscoreAREAtaxSEKIsui1",
         "tromp-taylor:ko=simple:seki-eyes=independent:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreTERRITORYtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:scoring=territory:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxALLsui0button1",
         "tromp-taylor:suicide=forbidden:seki-eyes=taxed:end=resumable:dead=pass-alive:button=yes"},
        {"Tromp-Taylor", "tromp-taylor"},
        {"koSITUATIONALscoreTERRITORYtaxSEKIsui1",
         "tromp-taylor:ko=ssk:scoring=territory:seki-eyes=independent:end=resumable:dead=pass-"
         "alive"},
        {"koSITUATIONALscoreAREAtaxNONEsui1button1",
         "tromp-taylor:ko=ssk:end=resumable:dead=pass-alive:button=yes"},
        {"koSITUATIONALscoreAREAtaxALLsui0",
         "tromp-taylor:suicide=forbidden:ko=ssk:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreAREAtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreTERRITORYtaxSEKIsui1",
         "tromp-taylor:scoring=territory:seki-eyes=independent:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreTERRITORYtaxALLsui1",
         "tromp-taylor:scoring=territory:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxSEKIsui1button1",
         "tromp-taylor:seki-eyes=independent:end=resumable:dead=pass-alive:button=yes"},
        {"koPOSITIONALscoreAREAtaxSEKIsui0button1",
         "tromp-taylor:suicide=forbidden:seki-eyes=independent:end=resumable:dead=pass-alive:"
         "button=yes"},
        {"koPOSITIONALscoreAREAtaxNONEsui1button1",
         "tromp-taylor:end=resumable:dead=pass-alive:button=yes"},
        {"TT--", ""},
        {"stonescoring", ""},
        {"koSITUATIONALscoreTERRITORYtaxNONEsui1",
         "tromp-taylor:ko=ssk:scoring=territory:end=resumable:dead=pass-alive"},
        {"koSITUATIONALscoreTERRITORYtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:ko=ssk:scoring=territory:end=resumable:dead=pass-alive"},
        {"koSITUATIONALscoreTERRITORYtaxALLsui1",
         "tromp-taylor:ko=ssk:scoring=territory:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koSITUATIONALscoreTERRITORYtaxALLsui0",
         "tromp-taylor:suicide=forbidden:ko=ssk:scoring=territory:seki-eyes=taxed:end=resumable:"
         "dead=pass-alive"},
        {"koSITUATIONALscoreAREAtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:ko=ssk:seki-eyes=independent:end=resumable:dead=pass-"
         "alive"},
        {"koSITUATIONALscoreAREAtaxNONEsui0button1",
         "tromp-taylor:suicide=forbidden:ko=ssk:end=resumable:dead=pass-alive:button=yes"},
        {"koSITUATIONALscoreAREAtaxALLsui1button1",
         "tromp-taylor:ko=ssk:seki-eyes=taxed:end=resumable:dead=pass-alive:button=yes"},
        {"koSITUATIONALscoreAREAtaxALLsui1",
         "tromp-taylor:ko=ssk:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreTERRITORYtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:scoring=territory:seki-eyes=independent:end="
         "resumable:dead=pass-alive"},
        {"koSIMPLEscoreTERRITORYtaxALLsui1",
         "tromp-taylor:ko=simple:scoring=territory:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreTERRITORYtaxALLsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:scoring=territory:seki-eyes=taxed:end=resumable:"
         "dead=pass-alive"},
        {"koSIMPLEscoreAREAtaxSEKIsui0button1",
         "tromp-taylor:suicide=forbidden:ko=simple:seki-eyes=independent:end=resumable:dead=pass-"
         "alive:button=yes"},
        {"koSIMPLEscoreAREAtaxNONEsui1", "tromp-taylor:ko=simple:end=resumable:dead=pass-alive"},
        {"koSIMPLEscoreAREAtaxNONEsui0button1",
         "tromp-taylor:suicide=forbidden:ko=simple:end=resumable:dead=pass-alive:button=yes"},
        {"koSIMPLEscoreAREAtaxALLsui0",
         "tromp-taylor:suicide=forbidden:ko=simple:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreTERRITORYtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:scoring=territory:seki-eyes=independent:end=resumable:"
         "dead=pass-alive"},
        {"koPOSITIONALscoreTERRITORYtaxNONEsui1",
         "tromp-taylor:scoring=territory:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxSEKIsui0",
         "tromp-taylor:suicide=forbidden:seki-eyes=independent:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxNONEsui0button1",
         "tromp-taylor:suicide=forbidden:end=resumable:dead=pass-alive:button=yes"},
        {"koPOSITIONALscoreAREAtaxNONEsui0",
         "tromp-taylor:suicide=forbidden:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAtaxALLsui1button1",
         "tromp-taylor:seki-eyes=taxed:end=resumable:dead=pass-alive:button=yes"},
        {"koPOSITIONALscoreAREAtaxALLsui1",
         "tromp-taylor:seki-eyes=taxed:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAsui1", "tromp-taylor:end=resumable:dead=pass-alive"},
        {"koPOSITIONALscoreAREAsui0",
         "tromp-taylor:suicide=forbidden:end=resumable:dead=pass-alive"},
        {"Old Chinese", ""},
        {"GOE", ""},
    }));
    const RuMapping m = map_ru(ru);
    CAPTURE(ru);
    CHECK((m.reason.form == RuForm::empty) == ru.empty());
    if (expected.empty()) {
        CHECK_FALSE(m.ruleset);
        CHECK(m.reason.form != RuForm::preset);
        CHECK(m.reason.form != RuForm::katago);
    } else {
        REQUIRE(m.ruleset);
        CHECK(m.ruleset->spec == expected);
    }
}

// ---------------------------------------------------------------------------------------------
// Descriptions and the `sgfaudit rules` text

TEST_CASE("rules.md 1: describe gives one line of knob=value", "[audit][ruleset][text]") {
    CHECK(describe(aga()) ==
          "aga: suicide=forbidden ko=nssk scoring=territory seki-eyes=territory pass-stones=yes "
          "white-moves-last=pass-stone bonus=n-1 end=resumable cycle=play-on dead=agreement "
          "button=no default-komi=7.5 "
          "default-komi-handicap=0.5");
    CHECK(
        describe(tt()) ==
        "tromp-taylor: suicide=multi-stone ko=psk scoring=area seki-eyes=territory pass-stones=no "
        "white-moves-last=no bonus=0 end=final cycle=play-on dead=as-is button=no "
        "default-komi=7.5 "
        "default-komi-handicap=0.5");
    CHECK(
        describe(french()) ==
        "french: suicide=forbidden ko=ssk scoring=area seki-eyes=territory pass-stones=quick-count "
        "white-moves-last=quick-count-point bonus=n-1 end=resumable cycle=play-on dead=agreement "
        "button=no default-komi=7.5 "
        "default-komi-handicap=0.5");
    CHECK(describe(parsed("aga:ko=ssk,komi=5.5")) ==
          "aga:ko=ssk:komi=5.5: suicide=forbidden ko=ssk scoring=territory "
          "seki-eyes=territory pass-stones=yes white-moves-last=pass-stone bonus=n-1 end=resumable "
          "cycle=play-on dead=agreement button=no default-komi=7.5 "
          "default-komi-handicap=0.5 komi=5.5");
    CHECK(describe(parsed("aga:komi=6")) ==
          "aga:komi=6: suicide=forbidden ko=nssk scoring=territory seki-eyes=territory "
          "pass-stones=yes "
          "white-moves-last=pass-stone bonus=n-1 end=resumable cycle=play-on dead=agreement "
          "button=no default-komi=7.5 "
          "default-komi-handicap=0.5 komi=6");
    CHECK(describe(Ruleset{}).starts_with("tromp-taylor: suicide=multi-stone ko=psk"));
    Ruleset hand_built;
    hand_built.end = GameEnd::resumable;
    CHECK(describe(hand_built).starts_with("tromp-taylor:end=resumable: suicide=multi-stone"));
    CHECK(describe(aga()).find('\n') == std::string::npos);
}

TEST_CASE("rules.md 1: the rules text lists every preset, knob, value and clause",
          "[audit][ruleset][text]") {
    const std::string text = rules_text();
    REQUIRE_FALSE(text.empty());
    CHECK(text.back() == '\n');
    for (std::string_view name : preset_names()) CHECK(contains(text, name));
    for (std::string_view knob : knob_names()) CHECK(contains(text, std::string(knob) + ": "));
    for (std::string_view value :
         {"forbidden", "multi-stone", "psk", "ssk", "nssk", "simple", "area", "territory",
          "quick-count", "pass-stone", "quick-count-point", "n-1", "final", "resumable"}) {
        CHECK(contains(text, value));
    }
    for (std::string_view clause :
         {"TT 4, 7", "TT 6", "TT 8", "TT 9", "AGA 5",
          "AGA 6, as 002's list of differences reads it", "AGA 7", "AGA 11", "AGA 12", "AGA 4",
          "AGA 9, 10", "002 rule 3", "FFG 3", "FFG 4", "FFG 6", "FFG 6a", "FFG 5, 5a",
          "FFG preliminary rule", "FFG Part 4"}) {
        CAPTURE(clause);
        CHECK(contains(text, clause));
    }
    CHECK(contains(text, "    aga           = nssk"));
    CHECK(contains(text, "    french        = ssk"));
    CHECK(contains(text, "    tromp-taylor  = psk"));
    // Fits the project's 100 columns.
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        CAPTURE(line);
        CHECK(line.size() <= 100);
    }
}

TEST_CASE("issue 15: --map-ru NAME=SPEC overrides are parsed and matched as RU names are",
          "[audit][ruleset][ru]") {
    SpecError error;
    const auto o = parse_ru_override("New Zealand = tromp-taylor:ko=ssk", error);
    REQUIRE(o);
    CHECK(o->name == "New Zealand");
    CHECK(o->ruleset.spec == "tromp-taylor:ko=ssk");
    const std::vector<RuOverride> overrides{*o};
    const auto m = map_ru_override("new_zealand rules", overrides);
    REQUIRE(m);
    REQUIRE(m->ruleset);
    CHECK(m->ruleset->spec == "tromp-taylor:ko=ssk");
    CHECK(m->reason.form == RuForm::user_mapping);
    CHECK(m->reason.text == "new_zealand rules");
    CHECK(m->reason.name == "New Zealand");
    CHECK(m->reason.spec == "tromp-taylor:ko=ssk");
    CHECK_FALSE(map_ru_override("NZ", overrides));
    CHECK_FALSE(map_ru_override("", overrides));
    CHECK_FALSE(parse_ru_override("=aga", error));
    CHECK(error.kind == SpecErrorKind::not_name_spec);
    CHECK(error.text == "=aga");
    CHECK_FALSE(parse_ru_override("NZ=aga,french", error));
    CHECK(error.kind == SpecErrorKind::in_ru_override);
    CHECK(error.part == "NZ");
    REQUIRE(error.inner.size() == 1);
    CHECK(error.inner.front().kind == SpecErrorKind::not_one_ruleset);
    CHECK(error.inner.front().count == 2);
}

TEST_CASE("Issue 28: no ruleset is named custom and two modified presets never share a name",
          "[audit][ruleset][list]") {
    const RulesetListParse p =
        parse_ruleset_list("aga:ko=ssk,aga:ko=psk,french:komi=6.5,french,tromp-taylor:ko=ssk");
    REQUIRE(p.ok());
    REQUIRE(p.rulesets.size() == 5);
    for (std::size_t i = 0; i < p.rulesets.size(); ++i) {
        const Ruleset& r = p.rulesets[i];
        INFO(r.spec);
        CHECK(r.name.find("custom") == std::string::npos);
        CHECK_FALSE(r.spec.empty());
        // A modified preset (its komi too) is named by its spec; a preset as it is by its name.
        CHECK(r.name == r.spec);
        for (std::size_t j = 0; j < i; ++j) {
            CHECK(r.spec != p.rulesets[j].spec);
            CHECK(r.name != p.rulesets[j].name);
        }
    }
    CHECK(p.rulesets[0].name == "aga:ko=ssk");
    CHECK(p.rulesets[1].name == "aga:ko=psk");
    CHECK(p.rulesets[2].name == "french:komi=6.5");
    CHECK(p.rulesets[3].name == "french");
}

TEST_CASE("Issue 28: a ruleset list takes every form RU takes with KataGo rules strings included",
          "[audit][ruleset][list][ru]") {
    // A KataGo rules string reads as map_ru reads it, on the tromp-taylor preset.
    const std::string_view kg = "koPOSITIONALscoreAREAtaxNONEsui1";
    const RulesetListParse p = parse_ruleset_list(fmt::format("{},aga", kg));
    REQUIRE(p.ok());
    REQUIRE(p.rulesets.size() == 2);
    const std::optional<Ruleset> mapped = map_ru(kg).ruleset;
    REQUIRE(mapped);
    CHECK(p.rulesets[0] == *mapped);
    CHECK(p.rulesets[0].spec.starts_with("tromp-taylor:"));
    CHECK(p.rulesets[0].dead == DeadRule::pass_alive);
    CHECK(p.rulesets[0].ko == Ko::psk);
    CHECK(p.rulesets[0].suicide == Suicide::multi_stone);
    // Its spec parses back to the same ruleset.
    CHECK(parsed(p.rulesets[0].spec) == p.rulesets[0]);
    // Overrides apply after it, as after a preset.
    const Ruleset situational = parsed(fmt::format("{}:ko=ssk", kg));
    CHECK(situational.ko == Ko::ssk);
    CHECK(situational.spec.find("ko=ssk") != std::string::npos);
    // A territory string with a tax and the button.
    const Ruleset territory = parsed("koSIMPLEscoreTERRITORYtaxSEKIsui0button1");
    CHECK(territory.scoring == Scoring::territory);
    CHECK(territory.button == Button::yes);
    CHECK(territory == *map_ru("koSIMPLEscoreTERRITORYtaxSEKIsui0button1").ruleset);
    // A rules name RU gives (Korean: the japanese preset on purpose) and case.
    CHECK(same_rules(parsed("Korean"), *map_ru("Korean").ruleset));
    CHECK(parsed("AGA") == aga());
    // The same ruleset twice, once as a KataGo string: an error as for two specs.
    const RulesetListParse twice = parse_ruleset_list(fmt::format("{},{}", kg, mapped->spec));
    CHECK(twice.error.kind == SpecErrorKind::same_ruleset);
    // What RU leaves unmapped stays an unknown ruleset: an incomplete KataGo string, Ing.
    CHECK(spec_error("koPOSITIONALscoreAREA").kind == SpecErrorKind::unknown_ruleset);
    CHECK(spec_error("GOE").kind == SpecErrorKind::unknown_ruleset);
}

// ---------------------------------------------------------------------------------------------
// --komi on a ruleset, and the label every report gives it

TEST_CASE("rules.md 1: with_komi gives the spec and name that spec with komi=X parses to",
          "[audit][ruleset][spec]") {
    for (const std::string_view spec :
         {"aga", "tromp-taylor", "french:ko=psk", "aga:komi=5.5", "Korean", "aga:ko=ssk:komi=1",
          "koPOSITIONALscoreAREAtaxNONEsui1", "aga:ko=ssk:default-komi=5.5"}) {
        INFO(spec);
        const Ruleset r = parsed(spec);
        // komi is the spec's last knob: the spec without it, then the new one.
        const std::string without_komi = r.spec.substr(0, r.spec.find(":komi="));
        for (const double komi : {6.5, 0.0, -2.0, 2704.0}) {
            INFO(komi);
            const Ruleset expected = parsed(fmt::format("{}:komi={}", without_komi, komi));
            const Ruleset got = with_komi(r, komi);
            CHECK(got == expected);
            CHECK(got.label() == expected.spec);
        }
    }
    // A preset with komi=X is named by its spec; its knobs stay the preset's.
    const Ruleset aga65 = with_komi(parsed("aga"), 6.5);
    CHECK(aga65.name == "aga:komi=6.5");
    CHECK(aga65.spec == "aga:komi=6.5");
    CHECK(same_rules(aga65, *preset("aga")));
}

TEST_CASE("rules.md 1: a ruleset built by hand keeps its name under with_komi",
          "[audit][ruleset][spec]") {
    Ruleset r;
    r.name = "mine";
    const Ruleset got = with_komi(r, 5.5);
    CHECK(got.komi_override == 5.5);
    CHECK(got.name == "mine");
    CHECK(got.spec.empty());
    CHECK(got.label() == "mine");
}

TEST_CASE("rules.md 1: a ruleset's label is its spec, else its name", "[audit][ruleset]") {
    CHECK(parsed("french:ko=psk").label() == "french:ko=psk");
    CHECK(parsed("aga:ko=ssk:default-komi=5.5").label() == "aga:ko=ssk:default-komi=5.5");
    CHECK(preset("aga")->label() == "aga");
    Ruleset hand;
    CHECK(hand.label().empty());
    hand.name = "hand";
    CHECK(hand.label() == "hand");
}
