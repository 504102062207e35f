#pragma once
// Tests that cannot run here (the shared corpus ../shared absent on a user's clone, a tool not
// installed) say so and are reported as skipped by CTest, never as passed: such a test calls
// sgfaudit_test::mark_skipped() (or SGFAUDIT_SKIP) and returns. The test main (catch_main.cpp)
// then exits with kSkipReturnCode when no test failed, and every discovered test carries
// SKIP_RETURN_CODE kSkipReturnCode (tests/CMakeLists.txt). CTest runs one test case per process,
// so the code belongs to that case alone.

namespace sgfaudit_test {

inline constexpr int kSkipReturnCode = 77;

// Marks the running test as skipped for this process.
void mark_skipped() noexcept;
// True when a test of this process called mark_skipped().
bool any_skipped() noexcept;

}  // namespace sgfaudit_test

// Prints `why` as a warning, marks the test skipped and returns from the test case.
#define SGFAUDIT_SKIP(why)               \
    do {                                 \
        WARN("skipped: " << why);        \
        ::sgfaudit_test::mark_skipped(); \
        return;                          \
    } while (false)
