#!/usr/bin/env bash
# Regenerates the figures of docs/accuracy.md: how many recorded results (RE) the record check
# reproduces, per archive and per verdict, with `audit --dead auto --jobs 2` on the archives of
# ../shared/bench and the folders of ../shared/corpus/games (used in place, never copied).
#
#   tools/accuracy.sh [SGFAUDIT] [OUT]
#
# SGFAUDIT: the binary to measure (default build/release/sgfaudit, else build/dev/sgfaudit);
# ACCURACY_JOBS=N: --jobs N instead of 2 (1 leaves the other core to other work).
# OUT: where the reports go (default /tmp/sgfaudit-accuracy; ACCURACY_REUSE=1 tabulates the
# reports already there). Prints one Markdown table: per
# archive, games, the record checks by verdict, the not_comparable games whose RE is a score with
# a margin above zero (R13 says those are counted), record errors of plays (illegal_*), and
# "reproduced" = (match + agreed + convention) / (those + mismatch): of the games compared, never
# counting unsettled as compared (R20); and the same with unsettled in the denominator (the
# issue's measure: how many REs of the games counted the tool can confirm). Run it with the binary before and after a change to compare.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
    bin=build/release/sgfaudit
    [ -x "$bin" ] || bin=build/dev/sgfaudit
fi
out=${2:-/tmp/sgfaudit-accuracy}
shared=../shared
mkdir -p "$out"
inputs=()
for f in "$shared"/bench/*.tar.gz; do [ -e "$f" ] && inputs+=("$f"); done
for d in "$shared"/corpus/games/*/; do [ -d "$d" ] && inputs+=("${d%/}"); done
if [ "${#inputs[@]}" -eq 0 ]; then
    echo "no archives under $shared (bench/*.tar.gz, corpus/games/*)" >&2
    exit 2
fi
for input in "${inputs[@]}"; do
    name=$(basename "$input")
    name=${name%.tar.gz}
    case "$input" in *.tar.gz) name="bench/$name" ;; *) name="corpus/$name" ;; esac
    dir="$out/${name//\//-}"
    status=0
    # ACCURACY_REUSE=1: tabulate the reports already in OUT without running the audits again.
    if [ "${ACCURACY_REUSE:-0}" != 1 ] || [ ! -f "$dir/summary.json" ]; then
        "$bin" audit --quiet --dead auto --jobs "${ACCURACY_JOBS:-2}" --out "$dir" "$input" >/dev/null 2>&1 ||
            status=$?
    fi
    # 0 clean, 1 findings: both wrote a report.
    if [ "$status" -gt 1 ]; then
        echo "$name: sgfaudit exited $status" >&2
        continue
    fi
    echo "$name $dir"
done | python3 -c '
import json, re, sys
score = re.compile(r"^[BW]\+([0-9]+(\.[0-9]*)?)$")
rows = []
for line in sys.stdin:
    name, d = line.split()
    s = json.load(open(d + "/summary.json"))
    rc = s["record_checks"]
    errors = 0
    for code in s.get("record_issues", {}).get("by_code", []):
        if code.get("severity") == "error" and code.get("code", "").startswith("illegal_"):
            errors += code.get("count", 0)
    # Games whose RE is a score with a margin above zero that were still not compared.
    uncompared = 0
    with open(d + "/games.jsonl") as games:
        for g in games:
            if "\"re\"" not in g:
                continue
            game = json.loads(g)
            m = score.match((game.get("re") or "").strip())
            if m and float(m.group(1)) > 0 and game.get("record", {}).get("check") == "not_comparable":
                uncompared += 1
    get = lambda k: rc.get(k, 0)
    reproduced = get("match") + get("agreed") + get("convention")
    compared = reproduced + get("mismatch")
    rep = 100.0 * reproduced / compared if compared else 0.0
    held = compared + get("unsettled")
    rep_all = 100.0 * reproduced / held if held else 0.0
    rows.append((name, s["games"]["total"], get("match"), get("agreed"), get("convention"),
                 get("mismatch"),
                 get("unsettled"), get("not_comparable"), uncompared, get("unmapped_rules"),
                 get("no_result"), errors, rep, rep_all))
print("| archive | games | match | agreed | convention | mismatch | unsettled | not_comparable | "
      "of which RE a score | unmapped_rules | no_result | illegal_* errors | reproduced | "
      "reproduced, unsettled included |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    print("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %.1f %% | %.1f %% |" % r)
'
