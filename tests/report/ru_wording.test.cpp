// ru_mapping_text: the words of map_ru's typed reasons (the audit returns the facts, RuReason;
// every report says them through here).

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/check.hpp"

using namespace sgfaudit;

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

std::string words(std::string_view ru) {
    return report::ru_mapping_text(audit::map_ru(ru).reason);
}

}  // namespace

TEST_CASE("ru_mapping_text words every form of RU text", "[report][wording][ru]") {
    CHECK(words("") == "RU is empty; not mapped");
    CHECK(words(" \t\n") == "RU is empty; not mapped");
    CHECK(words(" AGA rules ") == "RU 'AGA rules' names the aga preset");
    CHECK(words("Japanese") ==
          "RU 'Japanese' names the japanese preset (japanese:seki-eyes=territory): as servers "
          "score it, every region reaching one colour counted (seki-eyes=territory; J 8 gives no "
          "territory in seki, and server games stop with dame unfilled)");
    CHECK(words("Korean") ==
          "RU 'Korean' names the japanese preset (japanese:seki-eyes=territory): Korean rules "
          "count as the Japanese 1989 rules do (territory, simple ko, no territory in seki; their "
          "draw on a repeated position is not modelled, as J 12 is not), read here as servers "
          "score them, every region reaching one colour counted (seki-eyes=territory)");
    CHECK(words("BGA") ==
          "RU 'BGA' names the British (BGA) rules, which are none of the presets (" +
              preset_list() + "); not mapped");
    CHECK(words("GOE") ==
          "RU 'GOE' names the Ing (GOE) rules, which are none of the presets (" + preset_list() +
              "): Ing's ko rules are no value of the ko knob, and komi 8 with ties to Black is no "
              "komi value; not mapped");
    CHECK(words("aga-button") ==
          "RU 'aga-button' names the AGA with a button (KataGo) rules, which are none of the "
          "presets (" +
              preset_list() +
              "): a button replaces AGA 7's pass stones and AGA 11's last move; "
              "not mapped");
    CHECK(words(R"({"ko":"POSITIONAL"})") ==
          R"(RU '{"ko":"POSITIONAL"}' looks like KataGo's JSON rules form, which is not read; )"
          "not mapped");
    CHECK(words("sui1") ==
          "RU 'sui1' is an incomplete KataGo rules string (KataGo always writes ko, score and "
          "sui); not mapped");
    CHECK(words("koSPIGHTscoreAREAtaxALLsui1button1") ==
          "RU 'koSPIGHTscoreAREAtaxALLsui1button1' is a KataGo rules string with ko SPIGHT (no "
          "ko knob says Spight's rule); not mapped");
    CHECK(words("koPOSITIONALscoreAREAtaxALLsui1") ==
          "RU 'koPOSITIONALscoreAREAtaxALLsui1' is a KataGo rules string, read knob by knob as "
          "tromp-taylor:seki-eyes=taxed:end=resumable:dead=pass-alive");
    CHECK(words("koPOSITIONALscoreAREAtaxNONEsui1") ==
          "RU 'koPOSITIONALscoreAREAtaxNONEsui1' is a KataGo rules string, read knob by knob as "
          "tromp-taylor:end=resumable:dead=pass-alive");
    CHECK(words("koPOSITIONALscoreAREAtaxNONEsui1komi7.5") ==
          "RU 'koPOSITIONALscoreAREAtaxNONEsui1komi7.5' is a KataGo rules string, read knob by "
          "knob as tromp-taylor:end=resumable:dead=pass-alive (its komi is ignored: KM gives the "
          "komi)");
    CHECK(words("TT--") == "RU 'TT--' is not a ruleset name sgfaudit knows; not mapped");

    audit::SpecError error;
    const auto o = audit::parse_ru_override("New Zealand = tromp-taylor:ko=ssk", error);
    REQUIRE(o);
    const std::vector<audit::RuOverride> overrides{*o};
    const auto m = audit::map_ru_override(" new_zealand rules ", overrides);
    REQUIRE(m);
    CHECK(report::ru_mapping_text(m->reason) ==
          "RU 'new_zealand rules' is mapped by --map-ru New Zealand=tromp-taylor:ko=ssk");
}

TEST_CASE("ru_mapping_text quotes RU safely", "[report][wording][ru]") {
    const std::string long_one = words(std::string(200, 'x'));
    CHECK_THAT(long_one, Catch::Contains("'" + std::string(80, 'x') + "...'"));
    CHECK(long_one.size() < 160);
    CHECK_THAT(words("AG\x01"
                     "A"),
               Catch::Contains("'AG\\x01A'"));
    CHECK_THAT(words("caf\xc3\xa9"), Catch::Contains("'caf\xc3\xa9'"));
    CHECK_THAT(words("bad\xff"), Catch::Contains("'bad\\xFF'"));
}
