// spec_error_text: the words of the typed spec errors of parse_ruleset_spec, parse_ruleset_list
// and parse_ru_override (the audit returns the facts, SpecError; cli says them through here).
// Every kind of error names the bad part and lists what is allowed.

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <tuple>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/check.hpp"

using namespace sgfaudit;
using audit::parse_ruleset_list;
using audit::parse_ruleset_spec;
using audit::RulesetListParse;
using audit::RulesetParse;

namespace {

// The preset names as the wording lists them ("tromp-taylor, aga, ..."): from the preset table,
// so a new preset needs no edit here (tests/audit/ruleset.test.cpp lists them).
std::string preset_list() {
    std::string out;
    for (const std::string_view name : audit::preset_names()) {
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out;
}

// The words of the error of a spec that must not parse.
std::string spec_error(std::string_view spec) {
    const RulesetParse p = parse_ruleset_spec(spec);
    INFO("spec: " << spec);
    REQUIRE_FALSE(p.ok());
    REQUIRE_FALSE(p.error.ok());
    return report::spec_error_text(p.error);
}

// The words of the error of a list that must not parse.
std::string list_error(std::string_view list) {
    const RulesetListParse p = parse_ruleset_list(list);
    INFO("list: " << list);
    REQUIRE_FALSE(p.ok());
    REQUIRE(p.rulesets.empty());
    return report::spec_error_text(p.error);
}

// The words of the error of a --map-ru text that must not parse.
std::string map_ru_error(std::string_view text) {
    audit::SpecError error;
    INFO("--map-ru: " << text);
    REQUIRE_FALSE(audit::parse_ru_override(text, error));
    return report::spec_error_text(error);
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

}  // namespace

TEST_CASE("rules.md 1: an unknown ruleset name lists the presets", "[report][wording][spec]") {
    const std::string e = spec_error("agaa:ko=ssk");
    CHECK(contains(e, "unknown ruleset 'agaa'"));
    CHECK(contains(e, "tromp-taylor, aga, french"));
    // An RU name that maps to a ruleset names it ("korean": the japanese preset); one that
    // does not (Ing's GOE) is unknown here too.
    CHECK(contains(spec_error("GOE"), "unknown ruleset 'GOE'"));
    CHECK(contains(spec_error("custom"), "unknown ruleset 'custom'"));
    // A decimal comma splits the list: the error says so.
    CHECK(contains(spec_error("aga:komi=7,5"), "unknown ruleset '5'"));
    CHECK(contains(spec_error("aga:komi=7,5"), "write decimals with '.'"));
}

TEST_CASE("rules.md 1: an unknown knob lists the knobs", "[report][wording][spec]") {
    const std::string e = spec_error("aga:kox=ssk");
    CHECK(contains(e, "unknown knob 'kox'"));
    CHECK(contains(e, "'aga:kox=ssk'"));
    CHECK(contains(
        e,
        "suicide, ko, scoring, seki-eyes, pass-stones, white-moves-last, bonus, end, cycle, "
        "dead, button, default-komi, default-komi-handicap, komi"));
}

TEST_CASE("rules.md 1: a bad knob value lists the knob's values", "[report][wording][spec]") {
    const auto [spec, part, allowed] = GENERATE(table<std::string, std::string, std::string>({
        {"aga:ko=sskk", "bad value 'sskk' for knob 'ko'", "psk, ssk, nssk, simple"},
        {"aga:ko=", "bad value '' for knob 'ko'", "psk, ssk, nssk, simple"},
        {"aga:suicide=single", "bad value 'single' for knob 'suicide'", "forbidden, multi-stone"},
        {"aga:scoring=japanese", "for knob 'scoring'", "area, territory"},
        {"aga:pass-stones=maybe", "for knob 'pass-stones'", "no, yes, quick-count"},
        {"aga:white-moves-last=yes", "for knob 'white-moves-last'",
         "no, pass-stone, quick-count-point"},
        {"aga:bonus=n+1", "bad value 'n+1' for knob 'bonus'", "0, n-1, n"},
        {"aga:end=never", "for knob 'end'", "final, resumable"},
    }));
    const std::string e = spec_error(spec);
    CAPTURE(e);
    CHECK(contains(e, part));
    CHECK(contains(e, allowed));
}

TEST_CASE("rules.md 1: a komi that is not a finite number in range is refused",
          "[report][wording][spec]") {
    const std::string bad = GENERATE(as<std::string>{}, "abc", "", "inf", "nan", "-inf", "1e9",
                                     "2704.5", "7.5x", "0x10", "++1", "- 1", "7 .5");
    for (std::string_view knob : {"komi", "default-komi", "default-komi-handicap"}) {
        const std::string e = spec_error("aga:" + std::string(knob) + "=" + bad);
        CAPTURE(bad, e);
        CHECK(contains(e, "for knob '" + std::string(knob) + "'"));
        CHECK(contains(e, "expected a number"));
    }
}

TEST_CASE("rules.md 1: an override must be knob=value", "[report][wording][spec]") {
    CHECK(contains(spec_error("aga:ssk"), "'ssk' in 'aga:ssk' is not knob=value"));
    CHECK(contains(spec_error("aga:french"), "not knob=value"));
    CHECK(contains(spec_error("aga:"), "empty override"));
    CHECK(contains(spec_error("aga::ko=ssk"), "empty override"));
    CHECK(contains(spec_error(":ko=ssk"), "missing ruleset name before ':' in ':ko=ssk'"));
    CHECK(contains(spec_error("aga, :ko=ssk"), "missing ruleset name"));
}

TEST_CASE("rules.md 1: a knob may be set once per ruleset", "[report][wording][spec]") {
    CHECK(contains(spec_error("aga:ko=ssk:ko=psk"), "knob 'ko' is set twice"));
    CHECK(contains(spec_error("aga:komi=5.5,komi=6.5"), "knob 'komi' is set twice"));
}

TEST_CASE("rules.md 1: an override cannot come before a ruleset name", "[report][wording][spec]") {
    CHECK(contains(spec_error("ko=ssk"), "before any ruleset is named"));
    CHECK(contains(list_error("ko=ssk,aga"), "before any ruleset is named"));
}

TEST_CASE("rules.md 1: a spec names exactly one ruleset", "[report][wording][spec]") {
    CHECK(contains(spec_error("aga,french"), "names 2 rulesets; expected one"));
    CHECK(contains(spec_error(""), "no ruleset given"));
    CHECK(contains(spec_error("  "), "no ruleset given"));
}

TEST_CASE("rules.md 1: a list may not name the same ruleset twice", "[report][wording][spec]") {
    CHECK(list_error("aga,french,aga") ==
          "'aga' and 'aga' in 'aga,french,aga' name the same ruleset (aga)");
    CHECK(list_error("aga,aga:ko=nssk") ==
          "'aga' and 'aga:ko=nssk' in 'aga,aga:ko=nssk' name the same ruleset (aga)");
    CHECK(contains(list_error("aga:komi=5.5,french,aga,komi=5.5"),
                   "'aga:komi=5.5' and 'aga,komi=5.5' in"));
    // A different komi override is a different column.
    const RulesetListParse p = parse_ruleset_list("aga,aga:komi=5.5");
    REQUIRE(p.ok());
    CHECK(p.rulesets.size() == 2);
}

TEST_CASE("rules.md 1: empty list items are errors", "[report][wording][spec]") {
    CHECK(contains(list_error("aga,,french"), "empty item 2"));
    CHECK(contains(list_error("aga,"), "empty item 2"));
    CHECK(contains(list_error(",aga"), "empty item 1"));
    CHECK(contains(list_error(""), "no ruleset given"));
}

TEST_CASE("rules.md 1: an error anywhere in a list gives no rulesets", "[report][wording][spec]") {
    CHECK(contains(list_error("aga,french:ko=bad"), "bad value 'bad' for knob 'ko'"));
    CHECK(contains(list_error("aga,frnch"), "unknown ruleset 'frnch'"));
}

TEST_CASE("spec_error_text words each kind of error in full", "[report][wording][spec]") {
    CHECK(spec_error("") == "no ruleset given: expected one of " + preset_list());
    CHECK(list_error("aga,,french") == "empty item 2 in 'aga,,french'");
    CHECK(spec_error(":ko=ssk") ==
          "missing ruleset name before ':' in ':ko=ssk': expected one of " + preset_list());
    CHECK(spec_error("aga:komi=7,5") ==
          "unknown ruleset '5' in 'aga:komi=7,5': expected one of " + preset_list() +
              ", or a rules name or KataGo rules string as RU[] gives it (',' separates rulesets: "
              "write decimals with '.')");
    CHECK(spec_error("ko=ssk,aga") ==
          "'ko=ssk' in 'ko=ssk,aga' sets a knob before any ruleset is named: start with one of " +
              preset_list());
    CHECK(spec_error("aga::ko=ssk") == "empty override after ':' in 'aga::ko=ssk'");
    CHECK(spec_error("aga:ssk") ==
          "'ssk' in 'aga:ssk' is not knob=value (rulesets are separated by ',', overrides by "
          "':')");
    CHECK(spec_error("aga:ko=ssk:ko=psk") == "knob 'ko' is set twice in 'aga:ko=ssk:ko=psk'");
    CHECK(spec_error("aga:ko=sskk") ==
          "bad value 'sskk' for knob 'ko' in 'aga:ko=sskk': expected one of psk, ssk, nssk, "
          "simple; did you mean 'ssk'?");
    CHECK(spec_error("aga:komi=abc") ==
          "bad value 'abc' for knob 'komi' in 'aga:komi=abc': expected a number such as 7.5 or "
          "-0.5, at most 2704 in size");
    CHECK(spec_error("aga,french") == "'aga,french' names 2 rulesets; expected one");
    CHECK(map_ru_error("GOE") == "'GOE' is not NAME=SPEC (e.g. NZ=tromp-taylor:ko=ssk)");
    CHECK(map_ru_error(" NZ =aga:ko=x") ==
          "'NZ': bad value 'x' for knob 'ko' in 'aga:ko=x': expected one of psk, ssk, nssk, "
          "simple");
    CHECK(report::spec_error_text(audit::SpecError{}).empty());
}

TEST_CASE("spec_error_text quotes the texts of a spec as RU is quoted", "[report][wording][spec]") {
    const std::string e = spec_error(std::string(100, 'x'));
    CHECK(contains(e, "unknown ruleset '" + std::string(80, 'x') + "...'"));
    CHECK(contains(spec_error("aga:ko=\x01"), "bad value '\\x01' for knob 'ko'"));
}

TEST_CASE("issue 15: a bad --map-ru NAME=SPEC is worded with its NAME and the SPEC's error",
          "[report][wording][spec][ru]") {
    CHECK(contains(map_ru_error("=aga"), "is not NAME=SPEC"));
    CHECK(contains(map_ru_error("NZ=aga,french"), "names 2 rulesets"));
}
