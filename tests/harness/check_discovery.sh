#!/usr/bin/env bash
# The test harness tested (issue: every test runs, and a red test fails the suite). With the
# project's discovery script (tests/cmake/discover_catch_tests.cmake), as CTest runs it:
#  1. every probe of tests_harness (names holding ; , [ ] \ " * ~) becomes one CTest test that
#     runs exactly that test case and passes;
#  2. a discovered test whose spec matches no test case fails under CTest;
#  3. names Catch2's test spec cannot select exactly are refused by discovery, naming the test.
# Usage: check_discovery.sh CMAKE CTEST PROBE_EXECUTABLE SOURCE_DIR
set -uo pipefail
cmake=$1 ctest=$2 probe=$3 source=$4
script="$source/tests/cmake/discover_catch_tests.cmake"
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-harness.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

discover() {  # discover EXECUTABLE DIR -> writes DIR/CTestTestfile.cmake
    mkdir -p "$2"
    "$cmake" -D "TEST_EXECUTABLE=$1" -D TEST_PREFIX=harness -D "TEST_WORKING_DIR=$2" \
        -D TEST_SKIP_RETURN_CODE=77 -D "CTEST_FILE=$2/CTestTestfile.cmake" -P "$script"
}

# 1. The probes: as many CTest tests as test cases, each running one test case, all passing.
names=$("$probe" --list-test-names-only | grep -c .)
if discover "$probe" "$work/probes" >"$work/probes.log" 2>&1; then
    (cd "$work/probes" && "$ctest" -V) >"$work/probes.out" 2>&1
    status=$?
    listed=$(cd "$work/probes" && "$ctest" -N | grep -c "Test *#")
    ran_one=$(grep -c "All tests passed (1 assertion in 1 test case)" "$work/probes.out")
    if [ "$status" -eq 0 ] && [ "$listed" -eq "$names" ] && [ "$ran_one" -eq "$names" ]; then
        pass "$names probe names, $listed CTest tests, each ran its one test case and passed"
    else
        fail "probes: ctest status $status, $names names, $listed CTest tests, $ran_one ran one test case"
        cat "$work/probes.out"
    fi
else
    fail "discovery of the probes failed"; cat "$work/probes.log"
fi

# 2. Specs that match nothing: a lister that names tests the probe does not have.
cat >"$work/unmatched.sh" <<WRAP
#!/usr/bin/env bash
if [ "\$1" = --list-test-names-only ]; then
    printf '%s\n' 'probe: no test has this name' 'probe: nor this ; one' 'probe: a comma , in the NAME!'
    exit 3
fi
exec "$probe" "\$@"
WRAP
chmod +x "$work/unmatched.sh"
if discover "$work/unmatched.sh" "$work/unmatched" >"$work/unmatched.log" 2>&1; then
    (cd "$work/unmatched" && "$ctest" -V) >"$work/unmatched.out" 2>&1
    status=$?
    failed=$(grep -c "\*\*\*Failed" "$work/unmatched.out")
    if [ "$status" -ne 0 ] && [ "$failed" -eq 3 ] && grep -q "No test cases matched" "$work/unmatched.out"; then
        pass "3 unmatched specs: 3 failed CTest tests"
    else
        fail "unmatched specs: ctest status $status, $failed failed (3 expected)"
        cat "$work/unmatched.out"
    fi
else
    fail "discovery of the unmatched lister failed"; cat "$work/unmatched.log"
fi

# 3. Names discovery must refuse, each alone.
refuse() {  # refuse LABEL NAME...
    local label=$1; shift
    local dir="$work/refuse-$label"
    mkdir -p "$dir"
    { echo '#!/usr/bin/env bash'; echo "printf '%s\\n' \\"; for n in "$@"; do printf "  %q \\\\\n" "$n"; done; echo "  ''"; } >"$dir/lister.sh"
    chmod +x "$dir/lister.sh"
    if discover "$dir/lister.sh" "$dir/out" >"$dir/log" 2>&1; then
        fail "discovery accepted $label: $*"
    elif grep -q "Rename it\|but for case" "$dir/log"; then
        pass "discovery refuses $label, naming the test"
    else
        fail "discovery failed on $label without saying why"; cat "$dir/log"
    fi
}
refuse hash '#a test'
refuse tilde '~a test'
refuse dash '-a test'
refuse exclude 'exclude:a test'
refuse leading-star '*a test'
refuse trailing-star 'a test*'
refuse leading-space ' a test'
refuse trailing-space 'a test '
refuse case 'A test' 'a TEST'

echo "harness: $failures failure(s)"
[ "$failures" -eq 0 ]
