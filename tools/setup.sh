#!/usr/bin/env bash
# Installs what sgfaudit needs to build and test on Debian bookworm (run as root).
# Only packages that are missing are installed; a machine that has them all is left alone.
# python3 runs the test command's account of each build (tools/test-summary.py: JSON and JUnit
# XML read with the standard library); clang-format is the suite's format check.
set -euo pipefail
packages=(cmake g++ ninja-build pkg-config libboost-filesystem-dev libfmt-dev libtbb-dev catch2
          libuchardet-dev liburing-dev libarchive-dev zlib1g-dev libsqlite3-dev sqlite3
          parallel dpkg-dev chromium gnugo python3 clang-format
          time          # /usr/bin/time: tools/bench.sh and its test (tests/bench/peer.sh)
          slurm-wlm munge)   # the shards test's own one-node Slurm cluster (docs/shards.md)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
