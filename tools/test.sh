#!/usr/bin/env bash
# The README's test command: install what is missing, then for each build (dev: optimised with
# assertions; asan-ubsan: AddressSanitizer + UndefinedBehaviorSanitizer; release-check: the
# release build's flags), with warnings as errors: build, run the whole test suite with CTest,
# and account for it (tools/test-summary.py): CTest's list against each test executable's own
# list, and tests discovered, executed, passed, skipped (with each reason), failed. A discovered
# test that did not execute fails the run. Every build runs even when an earlier one failed;
# the exit status is 0 only when all passed. docs/robustness.md.
# The three builds take about 3.5 GB (asan-ubsan 2.1 GB of it). When the disk holding build/ has
# less than 8 GiB free at the start, each build's object files are deleted once its suite has run
# (its executables stay): a run on a tight disk then needs about 2 GB less.
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh || exit 2

free_kib() { df -Pk "$1" | awk 'NR == 2 { print $4 }'; }
start_free=$(free_kib .)
tmp_dir=${TMPDIR:-/tmp}
echo "disk: $((start_free / 1048576)) GiB free for build/, $(($(free_kib "$tmp_dir") / 1048576)) GiB for $tmp_dir"
tight_disk=0
if [ "$start_free" -lt $((8 * 1048576)) ]; then
    tight_disk=1
    echo "disk: under 8 GiB free: each build's object files are deleted after its suite has run"
fi

status=0
accounts=()
for preset in dev asan-ubsan release-check; do
    echo "=== build $preset"
    junit="$PWD/build/$preset/ctest-junit.xml"
    rm -f "$junit"
    if ! cmake --preset "$preset" >/dev/null || ! cmake --build --preset "$preset"; then
        echo "$preset: the build failed"
        accounts+=("$preset: the build failed")
        status=1
        continue
    fi
    # Whole outputs in the JUnit file (CTest cuts a passed test's at 1 KiB): the account reads
    # each test's closing lines.
    ctest --preset "$preset" --output-junit "$junit" --test-output-size-passed 1048576 \
        --test-output-size-failed 1048576 || status=1
    python3 tools/test-summary.py "$preset" "build/$preset" "$junit" | tee "build/$preset/test-summary.txt" ||
        status=1
    accounts+=("$(grep -v '^  ' "build/$preset/test-summary.txt")")
    if [ "$tight_disk" -eq 1 ]; then
        find "build/$preset" -name '*.o' -delete
        echo "disk: $preset's object files deleted, $(($(free_kib .) / 1048576)) GiB free"
    fi
done

echo
echo "=== the test suite, per build"
printf '%s\n' "${accounts[@]}"
passed=0 failed=0 skipped=0
for preset in dev asan-ubsan release-check; do
    line=$(tail -n 1 "build/$preset/test-summary.txt" 2>/dev/null || true)
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped ]]; then
        passed=$((passed + BASH_REMATCH[1])) failed=$((failed + BASH_REMATCH[2]))
        skipped=$((skipped + BASH_REMATCH[3]))
    else
        failed=$((failed + 1))  # a build that did not run its suite
    fi
done
[ "$status" -eq 0 ] || echo "the run fails: see the accounts and problems above"
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit "$status"
