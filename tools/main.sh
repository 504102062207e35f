#!/usr/bin/env bash
# The README's main command: install what is missing, build the release preset, and run the main
# job on the bundled corpus/, writing its output under reports/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
mkdir -p reports
status=0
./build/release/sgfaudit parse corpus/ >reports/parse.txt || status=$?
echo "sgfaudit parse corpus/: exit status $status; output written to reports/parse.txt"
# Exit 1 means "findings" (the corpus holds deliberately malformed files and rule cases); only 2
# is a failure.
[ "$status" -le 1 ]
status=0
./build/release/sgfaudit check corpus/ >reports/check.txt 2>&1 || status=$?
[ "$status" -le 1 ]
status=0
./build/release/sgfaudit check --format json corpus/ >reports/check.jsonl 2>/dev/null || status=$?
[ "$status" -le 1 ]
tail -n 1 reports/check.txt
echo "sgfaudit check corpus/: exit status $status; reports/check.txt (text), reports/check.jsonl (JSON)"
