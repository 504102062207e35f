#!/usr/bin/env bash
# tools/bench.sh --peer (the speed bar per core): a stand-in peer and a logging wrapper around
# sgfaudit, on a small archive packed from corpus/rules, so the test needs neither sgfcheck nor
# ../shared/bench. Checks that the peer and `audit --jobs 1 --dead none` each run once untimed
# and then once a round, the two taking turns going first; that both rows and the ratio line
# are printed; that both are pinned to one CPU (or not, with --peer-cpu none); that the CPU probe
# is printed; that --jobs "1 2" runs the two in rounds, their order turning, with the line for
# --jobs 2 against 1 and the capacity the probe gave during the series;
# that a peer exiting with 255 (as sgfcheck does on some files) is measured; and that a peer
# killed by a signal stops the benchmark (exit 2).
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
taskset -cp \$\$ | sed 's/.*: *//' >>"$work/affinity.log"
find "\$2" -type f -name '*.sgf' -exec cat {} + >/dev/null
exit 1  # as sgfcheck does when it finds a problem
EOF
cat >"$work/sgfaudit" <<EOF
#!/usr/bin/env bash
case " \$* " in
    *" --dead none "*) echo ours >>"$log" ;;
    *" --jobs "*) echo "j\$(sed 's/.* --jobs \\([0-9]*\\) .*/\\1/' <<<" \$* ")" >>"$work/jobs.log" ;;
esac
exec "$sgfaudit" "\$@"
EOF
chmod +x "$work/peer" "$work/sgfaudit"

# run_bench PEER [BENCH_ARGS...]; the CPU probe made short (its size is not what is tested).
run_bench() {
    local peer=$1
    shift
    SGFAUDIT_BENCH_PROBE_ITERATIONS=200000 SGFAUDIT_BENCH_ARCHIVES="$work/archives" \
        bash "$source/tools/bench.sh" --binary "$work/sgfaudit" --archives mini --jobs 1 \
        --runs 3 --scratch "$work/scratch" --peer "$peer" "$@" >"$work/out.md" 2>"$work/err.txt"
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
grep -Eq '^- both pinned to CPU [0-9]+ \(taskset -c [0-9]+, the CPU whose probe alone was the shortest before the runs\), so that they run on the same core$' \
    "$work/out.md" || fail "not said to be pinned: $(grep -i pinned "$work/out.md")"
pinned=$(sed -n 's/^- both pinned to CPU \([0-9]*\) .*/\1/p' "$work/out.md")
[ "$(sort -u "$work/affinity.log")" = "$pinned" ] ||
    fail "the peer ran on CPUs $(sort -u "$work/affinity.log" | tr '\n' ' '), not CPU $pinned alone"
cpu_re='CPU [0-9]+ [0-9]+\.[0-9]{2} s'
grep -Eq "^- CPU probe before the runs \(a loop of awk, 200000 iterations; wall s\): alone $cpu_re(, $cpu_re)*; every CPU at once $cpu_re(, $cpu_re)*: capacity [0-9]+\.[0-9]{2}x$" \
    "$work/out.md" || fail "no CPU probe line: $(grep -i probe "$work/out.md")"
echo "bench.sh --peer: $calls; rows, ratio, pinning and probe printed"

# Not pinned when asked; a CPU the script may not run on is refused (2).
status=0
: >"$work/affinity.log"
run_bench "$work/peer" --peer-cpu none || status=$?
[ "$status" -eq 0 ] || { cat "$work/err.txt"; fail "--peer-cpu none: bench.sh exited with $status"; }
grep -q '^- not pinned to a CPU (--peer-cpu none): the system places each run$' "$work/out.md" ||
    fail "--peer-cpu none: not said"
[ "$(sort -u "$work/affinity.log")" = "$(taskset -cp $$ | sed 's/.*: *//')" ] ||
    fail "--peer-cpu none: the peer ran on CPUs $(sort -u "$work/affinity.log" | tr '\n' ' ')"
status=0
run_bench "$work/peer" --peer-cpu 4095 || status=$?
[ "$status" -eq 2 ] || fail "--peer-cpu 4095: bench.sh exited with $status, not 2"
grep -q "is not one this script may run on" "$work/err.txt" || fail "--peer-cpu 4095: no reason"
echo "bench.sh --peer: --peer-cpu none and an unknown CPU"

# With --jobs 1 and 2: --jobs 2 against --jobs 1, with the CPU probe around the series.
status=0
: >"$work/jobs.log"
run_bench "$work/peer" --jobs "1 2" || status=$?
[ "$status" -eq 0 ] || { cat "$work/err.txt"; fail "--jobs \"1 2\": bench.sh exited with $status"; }
# Warm-ups 1 then 2; round 1: 1 2, round 2: 2 1, round 3: 1 2.
runs_made=$(tr '\n' ' ' <"$work/jobs.log")
[ "$runs_made" = "j1 j2 j1 j2 j2 j1 j1 j2 " ] || fail "--jobs \"1 2\": runs in this order: $runs_made"
grep -Eq '^- mini: --jobs 2 ran [0-9]+\.[0-9]{2}x as fast as --jobs 1 \(median wall [0-9]+\.[0-9]{2} s against [0-9]+\.[0-9]{2} s\)$' \
    "$work/out.md" || fail "--jobs \"1 2\": no line for --jobs 2 against 1"
grep -Eq "^  - the machine's capacity during the series: median [0-9]+\.[0-9]{2}x, [0-9]+\.[0-9]{2}x to [0-9]+\.[0-9]{2}x \(4 probes: before the first round and after each\)$" \
    "$work/out.md" || fail "--jobs \"1 2\": no capacity during the series: $(grep capacity "$work/out.md")"
echo "bench.sh: --jobs 1 and 2 in rounds ($runs_made), the capacity during the series"

# A peer that exits with 255 (sgfcheck does on some files) is measured: no signal killed it.
printf '#!/usr/bin/env bash\nexit 255\n' >"$work/exits255"
chmod +x "$work/exits255"
status=0
run_bench "$work/exits255" || status=$?
[ "$status" -eq 0 ] || { cat "$work/err.txt"; fail "a peer exiting with 255: bench.sh exited with $status"; }
grep -Eq '^\| mini \| `exits255 -r` \(exit status 255\) \| 3 \|' "$work/out.md" ||
    fail "a peer exiting with 255: no row"
echo "bench.sh --peer: a peer exiting with 255 is measured"

# A peer that dies by a signal is no measurement: the benchmark stops with 2.
cat >"$work/dies" <<'EOF'
#!/usr/bin/env bash
kill -KILL $$
EOF
chmod +x "$work/dies"
status=0
run_bench "$work/dies" || status=$?
[ "$status" -eq 2 ] || fail "a peer killed by a signal: bench.sh exited with $status, not 2"
grep -q "died (exit status 137, signal 9)" "$work/err.txt" || fail "no reason given: $(tail -n 3 "$work/err.txt")"
echo "bench.sh --peer: a peer killed by a signal stops the benchmark with 2"
