#!/usr/bin/env bash
# The README's test command: install what is missing, build the dev preset (warnings as errors)
# and run the whole test suite with CTest; then build the asan-ubsan preset (AddressSanitizer +
# UndefinedBehaviorSanitizer) and run the whole suite again there: every unit test, the
# hostile catalogue, the shared-corpus audits and the fuzz corpus replays run under the
# sanitizers. docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev

cmake --preset asan-ubsan >/dev/null
cmake --build --preset asan-ubsan
ctest --preset asan-ubsan
