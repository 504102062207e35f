#!/usr/bin/env bash
# Rewrites the approved report of corpus/ (tests/approved/corpus/, compared byte for byte by the
# "audit report of corpus/ matches the approved copy" test) from the dev build. Review what
# changed with `git diff tests/approved` before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build --preset dev >/dev/null
status=0
./build/dev/sgfaudit audit --quiet --jobs 1 --out tests/approved/corpus corpus/ || status=$?
# Exit 1 means "findings": the corpus holds deliberately broken files and rule cases.
[ "$status" -le 1 ]
git status --short tests/approved
