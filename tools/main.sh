#!/usr/bin/env bash
# The README's main command: install what is missing, build the release preset, and run the main
# job on the bundled corpus/: `sgfaudit audit`, writing the report folder reports/corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
# The release binary, profile-guided where real records lie beside the repository
# (tools/build-release.sh says which it made).
bash tools/build-release.sh
status=0
./build/release/sgfaudit audit --name corpus corpus/ || status=$?
# Exit 1 means "findings": the corpus holds deliberately malformed files and rule cases. Only 2
# (could not run) is a failure.
[ "$status" -le 1 ]
echo "sgfaudit audit corpus/: exit status $status; open reports/corpus/index.html or read reports/corpus/summary.md"
