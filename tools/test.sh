#!/usr/bin/env bash
# The README's test command: install what is missing, build the dev preset (warnings as errors)
# and run the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev
