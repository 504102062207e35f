#!/usr/bin/env bash
# CMakeLists.txt's SGFAUDIT_PGO (the profile-guided release build of tools/build-release.sh),
# configured in a scratch build folder: `generate` and `use` put GCC's profile flags on every
# compile command (and `generate` on the link); `use` without a profile, or a value that is
# neither, stops the configuration with the reason; the release preset's cache sets it back to
# empty (a plain build). Configures only: nothing is compiled.
# usage: pgo.sh SOURCE_DIR
set -euo pipefail
source=$1
command -v g++ >/dev/null || { echo "g++ not installed: skipped"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-pgo.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

configure() {  # configure BUILD_DIR [-DVAR=VALUE...]: its output in BUILD_DIR.log
    local dir=$1
    shift
    cmake -S "$source" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
        -DSGFAUDIT_BUILD_TESTS=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >"$dir.log" 2>&1
}
commands_have() {  # commands_have BUILD_DIR TEXT: every compile command holds TEXT
    local dir=$1 text=$2 total with
    total=$(grep -c '"command"' "$dir/compile_commands.json")
    with=$(grep '"command"' "$dir/compile_commands.json" | grep -c -F -- "$text" || true)
    if [ "$total" -eq 0 ] || [ "$with" -ne "$total" ]; then
        fail "$with of $total compile commands in $dir hold $text"
    fi
}

profile="$work/profile"
configure "$work/generate" -DSGFAUDIT_PGO=generate -DSGFAUDIT_PGO_DIR="$profile" ||
    fail "SGFAUDIT_PGO=generate did not configure: $(tail -n 5 "$work/generate.log")"
commands_have "$work/generate" "-fprofile-generate=$profile"
commands_have "$work/generate" "-fprofile-update=prefer-atomic"
grep -q -F -- "-fprofile-generate=$profile" "$work/generate/build.ninja" ||
    fail "the link of SGFAUDIT_PGO=generate does not write the profile"

# `use` with no profile yet: stopped, naming the folder.
if configure "$work/use-empty" -DSGFAUDIT_PGO=use -DSGFAUDIT_PGO_DIR="$profile"; then
    fail "SGFAUDIT_PGO=use configured without a profile"
fi
grep -q "no profile in $profile" "$work/use-empty.log" ||
    fail "SGFAUDIT_PGO=use without a profile did not say why: $(tail -n 5 "$work/use-empty.log")"

# `use` with a profile (one file is enough for the configuration).
mkdir -p "$profile"
: >"$profile/#some#object.gcda"
configure "$work/use" -DSGFAUDIT_PGO=use -DSGFAUDIT_PGO_DIR="$profile" ||
    fail "SGFAUDIT_PGO=use did not configure: $(tail -n 5 "$work/use.log")"
commands_have "$work/use" "-fprofile-use=$profile"
commands_have "$work/use" "-fprofile-partial-training"
commands_have "$work/use" "-Wno-error=coverage-mismatch"
if grep -q -F -- "-fprofile-generate" "$work/use/compile_commands.json"; then
    fail "SGFAUDIT_PGO=use also writes a profile"
fi

# Neither: stopped.
if configure "$work/bogus" -DSGFAUDIT_PGO=maybe; then
    fail "SGFAUDIT_PGO=maybe configured"
fi
grep -q "SGFAUDIT_PGO is 'maybe'" "$work/bogus.log" || fail "SGFAUDIT_PGO=maybe did not say why"

# The release preset sets it back to empty: a plain build, no profile flag.
grep -q '"SGFAUDIT_PGO": ""' "$source/CMakePresets.json" ||
    fail "the release preset does not set SGFAUDIT_PGO to empty"
configure "$work/plain" || fail "the plain build did not configure"
if grep -q -F -- "-fprofile-" "$work/plain/compile_commands.json"; then
    fail "a build without SGFAUDIT_PGO has profile flags"
fi
echo "SGFAUDIT_PGO: generate, use, the guards and the plain build configure as documented"
