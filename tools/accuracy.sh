#!/usr/bin/env bash
# Regenerates the figures of docs/accuracy.md: how many recorded results (RE) the record check
# reproduces, per archive and per verdict, with `audit --dead auto --jobs 2` on the archives of
# ../shared/bench and the folders of ../shared/corpus/games (used in place, never copied).
#
#   tools/accuracy.sh [SGFAUDIT] [OUT]
#
# SGFAUDIT: the binary to measure (default build/release/sgfaudit, else build/dev/sgfaudit);
# OUT: where the reports go (default /tmp/sgfaudit-accuracy). Prints one Markdown table: per
# archive, games, the record checks by verdict, record errors, and "reproduced" =
# (match + agreed) / (match + agreed + mismatch + unsettled), the games whose RE was a result
# the count could be held against. Run it with the binary before and after a change to compare.
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
    "$bin" audit --quiet --dead auto --jobs 2 --out "$dir" "$input" >/dev/null 2>&1 || status=$?
    # 0 clean, 1 findings: both wrote a report.
    if [ "$status" -gt 1 ]; then
        echo "$name: sgfaudit exited $status" >&2
        continue
    fi
    echo "$name $dir"
done | python3 -c '
import json, sys
rows = []
for line in sys.stdin:
    name, d = line.split()
    s = json.load(open(d + "/summary.json"))
    rc = s["record_checks"]
    issues = s.get("record_issues", {})
    errors = 0
    for code in issues.get("by_code", []):
        if code.get("severity") == "error" and code.get("code", "").startswith("illegal_"):
            errors += code.get("count", 0)
    get = lambda k: rc.get(k, 0)
    against = get("match") + get("agreed") + get("mismatch") + get("unsettled")
    rep = 100.0 * (get("match") + get("agreed")) / against if against else 0.0
    rows.append((name, s["games"]["total"], get("match"), get("agreed"), get("mismatch"),
                 get("unsettled"), get("not_comparable"), get("unmapped_rules"),
                 get("no_result"), errors, rep))
print("| archive | games | match | agreed | mismatch | unsettled | not_comparable | "
      "unmapped_rules | no_result | illegal_* errors | reproduced |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    print("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %.1f %% |" % r)
'
