#!/usr/bin/env bash
# Shards run by an existing engine, then merged (docs/shards.md):
#   parallel  GNU parallel runs `audit --shard K/3` for K = 1..3 on this machine, merge joins
#             them: the report must be the unsharded run's, byte for byte. Skipped (77) when
#             GNU parallel is not installed.
#   slurm     a one-node Slurm cluster of its own on this machine (munged, slurmctld, slurmd:
#             tests/shards/slurm-cluster.sh) runs tools/slurm-shards.sbatch as an array job
#             1-3 submitted with sbatch, then merge. Skipped (77), with the reason, when the
#             daemons cannot start (not root, slurm-wlm or munge not installed); the daemons
#             and the cluster's files are gone when the test ends, whatever happened.
#   slurm-script  tools/slurm-shards.sbatch run as the tasks of an array 1-4 would run it (the
#             SLURM_ARRAY_* variables set by hand, no daemon): the script's own logic, where
#             no cluster can be started.
# usage: engines.sh parallel|slurm|slurm-script SGFAUDIT SOURCE_DIR
set -euo pipefail
engine=$1 sgfaudit=$2 source=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-engines.XXXXXX")
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }
if [ "$engine" = slurm ]; then
    source "$source/tests/shards/slurm-cluster.sh"
    trap 'cluster_stop; rm -rf "$work"' EXIT
    trap 'exit 143' INT TERM
    t=$EPOCHREALTIME
    cluster_start "$work/cluster"
    echo "slurm: munged, slurmctld and slurmd up in $(since "$t")"
else
    trap 'rm -rf "$work"' EXIT
fi
inputs=("$source/corpus")
reports=()

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
    n=3
    # The documented submission (docs/shards.md): the array, one CPU a task (the node's CPUs
    # run tasks side by side; sbatch passes SGFAUDIT on to them), and merge as a job that
    # waits for it. The merge here below, outside Slurm, checks merge's exit status too.
    t=$EPOCHREALTIME
    job=$(SGFAUDIT=$sgfaudit cluster_run sbatch --parsable --array=1-$n --cpus-per-task=1 \
          --chdir="$work" --output="$work/slurm-%A_%a.out" \
          "$source/tools/slurm-shards.sbatch" "$work" --max-diagrams 3 "${inputs[@]}")
    job=${job%%;*}
    merge="'$sgfaudit' merge --out '$work/merged-by-slurm' '$work'/shard-*; test \$? -le 1"
    merge_job=$(cluster_run sbatch --parsable --dependency=afterany:"$job" --chdir="$work" \
                --output="$work/slurm-merge.out" --wrap "$merge")
    merge_job=${merge_job%%;*}
    if ! cluster_wait "$job" $n 60 || ! cluster_wait "$merge_job" 1 30; then
        echo "slurm: jobs $job and $merge_job not done after 90 s"
        cluster_run squeue
        cluster_logs
        exit 1
    fi
    states=$(cluster_run scontrol -o show job "$job"; cluster_run scontrol -o show job "$merge_job")
    if [ "$(grep -c 'JobState=COMPLETED ' <<<"$states")" != $((n + 1)) ]; then
        echo "slurm: the jobs did not all complete:"
        grep -oE '^JobId=[0-9]+|ArrayTaskId=[0-9]+|JobState=[A-Z_]+|ExitCode=[0-9:]+' <<<"$states" |
            paste -sd' '
        cat "$work"/slurm-*.out
        cluster_logs
        exit 1
    fi
    echo "slurm: array job $job (tasks 1-$n) and merge job $merge_job completed on a one-node" \
         "cluster $(since "$t") after sbatch"
    reports+=("$work/merged-by-slurm")
    ;;
slurm-script)
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
reports+=("$work/merged")
for r in "${reports[@]}"; do
    for f in games.jsonl divergences.csv diagnostics.csv record_issues.csv summary.md index.html; do
        cmp "$work/whole/$f" "$r/$f" || { echo "$f of $r differs"; exit 1; }
    done
done
echo "$engine: $n shards merged = the unsharded report"
