#!/usr/bin/env bash
# Shards run by an existing engine, then merged (docs/shards.md):
#   parallel  GNU parallel runs `audit --shard K/3` for K = 1..3 on this machine, merge joins
#             them: the report must be the unsharded run's, byte for byte. Skipped (77) when
#             GNU parallel is not installed.
#   slurm     tools/slurm-shards.sbatch run as the tasks of an array 1-4 would run it (the
#             SLURM_ARRAY_* variables set by hand: no Slurm daemon is started), then merge.
# usage: engines.sh parallel|slurm SGFAUDIT SOURCE_DIR
set -euo pipefail
engine=$1 sgfaudit=$2 source=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-engines.XXXXXX")
trap 'rm -rf "$work"' EXIT
inputs=("$source/corpus")

status=0
"$sgfaudit" audit --quiet --max-diagrams 3 --out "$work/whole" "${inputs[@]}" >/dev/null ||
    status=$?
[ "$status" -le 1 ] || { echo "unsharded run failed ($status)"; exit 1; }

case $engine in
parallel)
    command -v parallel >/dev/null || { echo "GNU parallel not installed: skipped"; exit 77; }
    # audit exits 1 for findings: only 2 is a failure.
    parallel --halt now,fail=1 \
        "'$sgfaudit' audit --quiet --max-diagrams 3 --jobs 1 --shard {}/3 --out '$work/shard-{}' \
         '${inputs[0]}' >/dev/null; test \$? -le 1" ::: 1 2 3
    n=3
    ;;
slurm)
    n=4
    for k in $(seq 1 $n); do
        SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=$n \
            SLURM_CPUS_PER_TASK=1 SGFAUDIT="$sgfaudit" \
            bash "$source/tools/slurm-shards.sbatch" "$work" --max-diagrams 3 "${inputs[@]}"
    done
    ;;
*)
    echo "unknown engine $engine"
    exit 2
    ;;
esac

merged=0
"$sgfaudit" merge --out "$work/merged" "$work"/shard-* >/dev/null || merged=$?
[ "$merged" = "$status" ] || { echo "merge exited $merged, the unsharded run $status"; exit 1; }
for f in games.jsonl divergences.csv diagnostics.csv record_issues.csv summary.md index.html; do
    cmp "$work/whole/$f" "$work/merged/$f" || { echo "$f differs"; exit 1; }
done
echo "$engine: $n shards merged = the unsharded report"
