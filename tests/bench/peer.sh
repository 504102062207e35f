#!/usr/bin/env bash
# tools/bench.sh --peer (the speed bar per core): a stand-in peer and a logging wrapper around
# sgfaudit, on a small archive packed from corpus/rules, so the test needs neither sgfcheck nor
# ../shared/bench. Checks that the peer and `audit --jobs 1 --dead none` each run once untimed
# and then once a round, the two taking turns going first; that both rows and the ratio line
# are printed; and that a peer killed by a signal stops the benchmark (exit 2).
# usage: peer.sh SGFAUDIT SOURCE_DIR
set -euo pipefail
sgfaudit=$1 source=$2
# bench.sh would install Debian's `time` itself; tools/setup.sh does that before the suite.
[ -x /usr/bin/time ] || { echo "/usr/bin/time not installed (Debian package time): skipped"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-bench-peer.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

mkdir -p "$work/archives" "$work/pack"
cp "$source"/corpus/rules/*.sgf "$work/pack/"
tar -czf "$work/archives/mini.tar.gz" -C "$work/pack" .

# Both commands append a line to one log: "peer" or "ours" (the per-core audit) in the order run.
log="$work/calls.log"
cat >"$work/peer" <<EOF
#!/usr/bin/env bash
[ "\$1" = -r ] && [ -d "\$2" ] || exit 3
echo peer >>"$log"
find "\$2" -type f -name '*.sgf' -exec cat {} + >/dev/null
exit 1  # as sgfcheck does when it finds a problem
EOF
cat >"$work/sgfaudit" <<EOF
#!/usr/bin/env bash
case " \$* " in *" --dead none "*) echo ours >>"$log" ;; esac
exec "$sgfaudit" "\$@"
EOF
chmod +x "$work/peer" "$work/sgfaudit"

run_bench() {
    SGFAUDIT_BENCH_ARCHIVES="$work/archives" bash "$source/tools/bench.sh" \
        --binary "$work/sgfaudit" --archives mini --jobs 1 --runs 3 --scratch "$work/scratch" \
        --peer "$1" >"$work/out.md" 2>"$work/err.txt"
}

status=0
run_bench "$work/peer" || status=$?
[ "$status" -eq 0 ] || { cat "$work/err.txt"; fail "bench.sh --peer exited with $status"; }
calls=$(tr '\n' ' ' <"$log")
# Warm-up: peer, ours; round 1 peer first, round 2 ours first, round 3 peer first.
[ "$calls" = "peer ours peer ours ours peer peer ours " ] || fail "calls in this order: $calls"
grep -q '^### Against the peer, one core$' "$work/out.md" || fail "no peer section"
grep -Eq '^\| mini \| `peer -r` \(exit status 1\) \| 3 \| [0-9]+\.[0-9]{2} \|' "$work/out.md" ||
    fail "no peer row: $(cat "$work/out.md")"
grep -Eq '^\| mini \| `sgfaudit audit --jobs 1 --dead none` \| 3 \| [0-9]+\.[0-9]{2} \|' \
    "$work/out.md" || fail "no sgfaudit row"
grep -Eq "^- mini: (the peer took [0-9]+\.[0-9]{2}x sgfaudit's CPU time \(medians\)|sgfaudit's CPU time was 0: no ratio)$" \
    "$work/out.md" || fail "no ratio line"
[ -f "$work/scratch/report-mini-peer/games.jsonl" ] || fail "the per-core audit wrote no report"
echo "bench.sh --peer: $calls; rows and ratio printed"

# A peer that dies by a signal is no measurement: the benchmark stops with 2.
cat >"$work/dies" <<'EOF'
#!/usr/bin/env bash
kill -KILL $$
EOF
chmod +x "$work/dies"
status=0
run_bench "$work/dies" || status=$?
[ "$status" -eq 2 ] || fail "a peer killed by a signal: bench.sh exited with $status, not 2"
grep -q "died (exit status 137)" "$work/err.txt" || fail "no reason given: $(tail -n 3 "$work/err.txt")"
echo "bench.sh --peer: a peer killed by a signal stops the benchmark with 2"
