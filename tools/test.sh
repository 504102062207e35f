#!/usr/bin/env bash
# The README's test command: install what is missing, build the dev preset (warnings as errors)
# and run the whole test suite with CTest; then build the asan-ubsan preset (AddressSanitizer +
# UndefinedBehaviorSanitizer) and run the suite again there, all but the slowest integration
# test over the shared corpus (which the dev run has just passed): every unit test, the hostile
# catalogue and the fuzz corpus replays run under the sanitizers. docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev

# About 80 s under the sanitizers, a third of the sanitizer run: the audit of every game of
# ../shared/corpus (tests/pipeline/shared_audit.test.cpp).
slow='shared corpus is audited under the three presets'
cmake --preset asan-ubsan >/dev/null
cmake --build --preset asan-ubsan
ctest --preset asan-ubsan -E "$slow"
