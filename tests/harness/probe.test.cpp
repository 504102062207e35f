// Probes of the test harness (tests/harness/check_discovery.sh): test names holding each
// character that CTest's discovery or Catch2's test-spec parser treats specially. Each probe
// checks that the test Catch2 runs is the one its name says, so a spec that selected another
// test (or several) would fail here, and one that selected none fails by --warn NoTests.
#include <catch2/catch.hpp>
#include <string>

namespace {
void check_running(const std::string& expected) {
    CHECK(Catch::getResultCapture().getCurrentTestName() == expected);
}
}  // namespace

TEST_CASE("probe: a semicolon ; in the name", "[harness]") {
    check_running("probe: a semicolon ; in the name");
}
TEST_CASE("probe: a comma , in the name", "[harness]") {
    check_running("probe: a comma , in the name");
}
TEST_CASE("probe: brackets [x] in the name", "[harness]") {
    check_running("probe: brackets [x] in the name");
}
TEST_CASE("probe: an opening bracket [ alone", "[harness]") {
    check_running("probe: an opening bracket [ alone");
}
TEST_CASE("probe: a closing bracket ] alone", "[harness]") {
    check_running("probe: a closing bracket ] alone");
}
TEST_CASE("probe: a backslash \\ in the name", "[harness]") {
    check_running("probe: a backslash \\ in the name");
}
TEST_CASE("probe: a quote \" in the name", "[harness]") {
    check_running("probe: a quote \" in the name");
}
TEST_CASE("probe: a star * inside the name", "[harness]") {
    check_running("probe: a star * inside the name");
}
TEST_CASE("probe: all of ;,[]\\\" and a tilde ~ at once", "[harness]") {
    check_running("probe: all of ;,[]\\\" and a tilde ~ at once");
}
// Two names that differ only after the point where a ';' split would cut them.
TEST_CASE("probe: a name cut at ; one", "[harness]") {
    check_running("probe: a name cut at ; one");
}
TEST_CASE("probe: a name cut at ; two", "[harness]") {
    check_running("probe: a name cut at ; two");
}
