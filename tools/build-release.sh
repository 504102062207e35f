#!/usr/bin/env bash
# Builds the release preset: build/release/sgfaudit (tools/main.sh and tools/bench.sh call this;
# tools/setup.sh must have run). Where real game records lie beside the repository
# (../shared/corpus/games, as on CI and the development machines), the build is profile-guided
# (GCC's PGO, CMakeLists.txt's SGFAUDIT_PGO): a first build that writes a profile is run on those
# records, then the release binary is built with that profile. Elsewhere it is a plain release
# build. The reports are the same either way; the profile only changes how fast it gets there
# (docs/benchmarks.md, "A profile-guided release build").
#
#   SGFAUDIT_PGO=off       a plain release build even where the records are
#   SGFAUDIT_PGO_TRAIN     the folders to train on, separated by spaces (default: below);
#                          absolute, or relative to the top of the clone (the script works there)
#
# The last line says which build was made: "release build: profile-guided (trained on ...)" or
# "release build: plain (...why...)"; tools/bench.sh reports it with its figures.
set -euo pipefail
cd "$(dirname "$0")/.."

# The training folders: real records of the servers and programs sgfaudit reads, and none of the
# samples of the archives tools/bench.sh measures (kgs-6d-plus, ogs-9x9-teenygo and the Fox set),
# so that no benchmark times the records its binary was trained on.
games=../shared/corpus/games
default_train=""
for name in debian-goban-original-games kgs-markup yenw-ai-sgf; do
    [ -d "$games/$name" ] && default_train+=" $games/$name"
done
read -r -a train <<<"${SGFAUDIT_PGO_TRAIN:-$default_train}"

plain() {
    cmake --preset release -DSGFAUDIT_PGO= >/dev/null
    cmake --build --preset release
    echo "release build: plain ($1)"
}
if [ "${SGFAUDIT_PGO:-on}" = off ]; then
    plain "SGFAUDIT_PGO=off"
    exit 0
fi
if [ "${#train[@]}" -eq 0 ]; then
    plain "no training records: $games not found"
    exit 0
fi
for folder in "${train[@]}"; do
    [ -d "$folder" ] || { echo "build-release.sh: $folder is not a folder" >&2; exit 2; }
done

profile=build/release/pgo-profile
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-pgo.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
cmake --preset release -DSGFAUDIT_PGO=generate -DSGFAUDIT_PGO_DIR="$PWD/$profile" >/dev/null
cmake --build --preset release
rm -rf -- "$profile"
# The default run (--dead auto) and the per-core benchmark's (--dead none), on the training
# records and the bundled corpus/ (its malformed files and rule cases). Exit 1 is "findings".
for dead in auto none; do
    status=0
    ./build/release/sgfaudit audit --quiet --jobs 1 --dead "$dead" --out "$work/$dead" \
        "${train[@]}" corpus/ >/dev/null || status=$?
    if [ "$status" -gt 1 ]; then
        echo "build-release.sh: the training run (--dead $dead) failed: exit status $status" >&2
        exit 2
    fi
done
cmake --preset release -DSGFAUDIT_PGO=use >/dev/null
cmake --build --preset release
echo "release build: profile-guided (trained on ${train[*]} corpus/)"
