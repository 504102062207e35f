#!/usr/bin/env bash
# Regenerates the figures of docs/accuracy.md, "Dead stones: the judge" (issue 26):
#   1. per archive of ../shared/bench, `audit --dead none`, `pass-alive` (Benson alone: `auto`
#      before the judge, but for the games with markup) and `auto` (--jobs 2): the games
#      that ended by two passes or were counted where the record stops (R13), how each was settled (markup, pass-alive, judge, unsettled), the
#      record checks (summary.json) and the numeric results reproduced;
#   2. the time of `--dead none` and `--dead auto` at --jobs 1 on kgs-6d-plus, alternating runs;
#   3. the judge against GNU Go (level 10) string by string on a sample of end positions (260
#      KGS and 800 OGS games with a numeric RE), with tools/judge_compare.cpp; GNU Go's answers
#      are kept in a cache file, so a rerun asks the engine only about new positions;
#   4. the engine behind the judge: `--dead auto` with and without `--engine gnugo` on every
#      20th KGS, every 100th OGS and every 10th Fox file (hard links in WORK_DIR).
# Usage: tools/accuracy-judge.sh [WORK_DIR] (default /tmp/accuracy-judge). Needs the release
# build (cmake --preset release && cmake --build --preset release) and gnugo for part 3.
# Environment: GNUGO_LEVEL (10), SKIP_GNUGO=1 to skip part 3, CACHE_ONLY=1 to compare only the
# positions already in the cache (WORK_DIR/gnugo.cache).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${1:-/tmp/accuracy-judge}
bench=$root/../shared/bench
bin=$root/build/release/sgfaudit
mkdir -p "$work"
cmake --build --preset release --target sgfaudit judge_compare >/dev/null

tiers() {  # tiers REPORT_DIR: the games ended by two passes or counted where the record stops
    # (R13: no passes, RE a score), by how their count was settled
    python3 - "$1" <<'PY'
import collections, csv, json, re, sys
d = sys.argv[1]
tier = collections.Counter()
two = counted = 0
for r in csv.DictReader(open(d + "/results.csv")):
    if r["ruleset"] != "french" or r["end"] not in ("two_passes", "counted"):
        continue
    two += r["end"] == "two_passes"
    counted += r["end"] == "counted"
    tier["unsettled" if r["settled"] != "1" else r["dead_source"].split(" ")[0]] += 1
numeric = reproduced = 0
checks = collections.Counter()
for line in open(d + "/games.jsonl"):
    g = json.loads(line)
    rec = g.get("record")
    if not rec or not g.get("rulesets") or g["rulesets"][-1].get("end") not in ("two_passes", "counted"):
        continue
    if re.match(r"^[BW]\+[0-9]", g.get("re") or ""):
        numeric += 1
        checks[rec.get("check")] += 1
        reproduced += rec.get("check") in ("match", "agreed", "convention")
print(f"two_passes={two} counted={counted} " + " ".join(f"{k}={v}" for k, v in sorted(tier.items())))
print(f"numeric_re_ended={numeric} reproduced={reproduced} " +
      " ".join(f"{k}={v}" for k, v in sorted(checks.items())))
PY
}

echo "## 1. Tiers and record checks (--jobs 2)"
for a in kgs-6d-plus ogs-9x9 fox-9d; do
    for dead in none pass-alive auto; do
        out=$work/$a-$dead
        rm -rf "$out"
        "$bin" audit --quiet --dead "$dead" --jobs 2 --out "$out" "$bench/$a.tar.gz" || [ $? -le 1 ]
        echo "### $a --dead $dead"
        tiers "$out"
    done
done

echo "## 2. Time on kgs-6d-plus at --jobs 1 (alternating, seconds)"
for round in 1 2; do
    for dead in none auto; do
        start=$(date +%s.%N)
        "$bin" audit --quiet --dead "$dead" --jobs 1 --out "$work/time-$dead" \
            "$bench/kgs-6d-plus.tar.gz" || [ $? -le 1 ]
        end=$(date +%s.%N)
        echo "round $round --dead $dead: $(python3 -c "print(round($end - $start, 2))")"
    done
done

[ "${SKIP_GNUGO:-0}" = 1 ] && exit 0
echo "## 3. The judge against GNU Go, string by string"
sample() {  # sample ARCHIVE TOP NAME AWK-CONDITION N: N games with a numeric RE, extracted
    local dir=$work/x-$1
    if [ ! -d "$dir" ]; then
        mkdir -p "$dir" && tar xzf "$bench/$1.tar.gz" -C "$dir"
    fi
    grep -lE 'RE\[[BW]\+[0-9]' -r "$dir/$2" | sort >"$work/$1-counted.txt"
    awk "$4" "$work/$1-counted.txt" | head -"$5" >"$work/$3-sample.txt"
}
# 260 KGS and 800 OGS end positions, evenly spread over the games with a numeric RE.
sample kgs-6d-plus kgs-6d-plus kgs 'NR % 41 == 1' 200
sample kgs-6d-plus kgs-6d-plus kgs3 'NR % 41 == 21' 60
sample ogs-9x9 ogs-9x9-teenygo ogs 'NR % 267 == 1' 300
sample ogs-9x9 ogs-9x9-teenygo ogs2 'NR % 200 == 100' 400
sample ogs-9x9 ogs-9x9-teenygo ogs3 'NR % 200 == 150' 100
cat "$work/kgs-sample.txt" "$work/kgs3-sample.txt" >"$work/kgs-all-sample.txt"
cat "$work/ogs-sample.txt" "$work/ogs2-sample.txt" "$work/ogs3-sample.txt" \
    >"$work/ogs-all-sample.txt"
only=()
[ "${CACHE_ONLY:-0}" = 1 ] && only=(--cache-only)
for a in kgs-all ogs-all; do
    echo "### $a"
    xargs -a "$work/$a-sample.txt" "$root/build/release/judge_compare" \
        --level "${GNUGO_LEVEL:-10}" --cache "$work/gnugo.cache" "${only[@]}" \
        --boards "$work/$a-diffs.txt" --unsettled "$work/$a-unsettled.txt" | tail -1
    echo "(positions where they differ: $work/$a-diffs.txt)"
done

echo "## 4. The engine behind the judge: --dead auto with and without --engine gnugo (level 1)"
for a in kgs-6d-plus:20:7 ogs-9x9:100:37 fox-9d:10:3; do
    IFS=: read -r name step offset <<<"$a"
    dir=$work/tier-$name
    if [ ! -d "$work/x-$name" ]; then
        mkdir -p "$work/x-$name" && tar xzf "$bench/$name.tar.gz" -C "$work/x-$name"
    fi
    if [ ! -d "$dir" ]; then
        mkdir -p "$dir"
        find "$work/x-$name" -name '*.sgf' | sort | awk "NR % $step == $offset" |
            while read -r f; do ln "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"; done
    fi
    for mode in auto engine; do
        extra=()
        [ "$mode" = engine ] && extra=(--engine gnugo --engine-timeout 60)
        rm -rf "$work/tier-$name-$mode"
        "$bin" audit --quiet --jobs 1 --dead auto "${extra[@]}" --out "$work/tier-$name-$mode" \
            "$dir" || [ $? -le 1 ]
        echo "### $name 1/$step --dead auto ${extra[*]}"
        tiers "$work/tier-$name-$mode"
    done
done
