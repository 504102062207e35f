// The test main of every test executable: Catch2's session, with the skip convention of
// skip.hpp (exit status kSkipReturnCode when a test skipped and none failed).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "skip.hpp"

namespace sgfaudit_test {
namespace {
bool skipped = false;
}
void mark_skipped() noexcept {
    skipped = true;
}
bool any_skipped() noexcept {
    return skipped;
}
}  // namespace sgfaudit_test

int main(int argc, char* argv[]) {
    const int failed = Catch::Session().run(argc, argv);
    if (failed == 0 && sgfaudit_test::any_skipped()) return sgfaudit_test::kSkipReturnCode;
    return failed;
}
