// "Did you mean": the nearest name to a mistyped one (report::nearest_name), and the spec
// errors that carry it.

#include "sgfaudit/report/suggest.hpp"

#include <catch2/catch.hpp>
#include <string_view>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/check.hpp"

using namespace sgfaudit;

namespace {
constexpr std::string_view kOptions[] = {"--rules",         "--dead",      "--jobs",
                                         "--findings-only", "--full-json", "--format"};
constexpr std::string_view kPolicies[] = {"none", "markup", "pass-alive", "auto", "gnugo"};
}  // namespace

TEST_CASE("edit_distance counts insertions deletions substitutions and swaps",
          "[report][suggest]") {
    CHECK(report::edit_distance("--rule", "--rules") == 1);
    CHECK(report::edit_distance("--rlues", "--rules") == 1);  // a swap
    CHECK(report::edit_distance("GNUGO", "gnugo") == 0);      // ASCII case ignored
    CHECK(report::edit_distance("", "auto") == 4);
    CHECK(report::edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("nearest_name suggests a near candidate and nothing for a far one", "[report][suggest]") {
    CHECK(report::nearest_name("--rule", kOptions) == "--rules");
    CHECK(report::nearest_name("-dead", kOptions) == "--dead");
    CHECK(report::nearest_name("gnugoo", kPolicies) == "gnugo");
    CHECK(report::nearest_name("passalive", kPolicies) == "pass-alive");
    CHECK(report::nearest_name("markup", kPolicies).empty());      // a candidate
    CHECK(report::nearest_name("Markup", kPolicies) == "markup");  // one, case aside
    CHECK(report::nearest_name("xyzzy", kPolicies).empty());
    CHECK(report::nearest_name("--frobnicate", kOptions).empty());
    // A prefix of one candidate only.
    CHECK(report::nearest_name("--findings", kOptions) == "--findings-only");
    // A prefix of two says too little.
    CHECK(report::nearest_name("--f", kOptions).empty());
    CHECK(report::did_you_mean("auto2", kPolicies) == "; did you mean 'auto'?");
    CHECK(report::did_you_mean("zzzzzz", kPolicies).empty());
}

TEST_CASE("spec errors suggest the nearest preset knob and value", "[report][suggest]") {
    const auto error = [](std::string_view spec) {
        const audit::RulesetParse p = audit::parse_ruleset_spec(spec);
        REQUIRE_FALSE(p.ok());
        return report::spec_error_text(p.error);
    };
    CHECK_THAT(error("agaa"), Catch::EndsWith("did you mean 'aga'?"));
    CHECK_THAT(error("japanse"), Catch::EndsWith("did you mean 'japanese'?"));
    CHECK_THAT(error("aga:kko=ssk"), Catch::EndsWith("did you mean 'ko'?"));
    CHECK_THAT(error("aga:ko=sssk"), Catch::EndsWith("did you mean 'ssk'?"));
    CHECK_THAT(error("aga:scoring=aera"), Catch::EndsWith("did you mean 'area'?"));
    CHECK_THAT(error("aga:ko=zzzzzzzz"), !Catch::Contains("did you mean"));
}
