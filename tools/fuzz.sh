#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz preset: clang, ASan + UBSan) and runs one of them, then
# minimises its saved corpus. docs/robustness.md explains the figures it prints.
#
#   bash tools/fuzz.sh reader|audit|replay|text|shard [SECONDS]     (default 600)
#
# One fuzzer process at a time (-jobs=1): the machine is shared. New inputs go to a scratch
# corpus under build/fuzzwork/; at the end, fuzz/corpus/<target>/ is replaced by the smallest set
# of inputs (-set_cover_merge=1, a -merge=1 that keeps fewer files) that keeps every feature of
# itself, the scratch corpus and the seeds (corpus/syntax, corpus/rules, corpus/hostile).
# Crashes are written to build/fuzzwork/<target>/ as crash-*, leak-*, timeout-*, oom-*,
# slow-unit-*.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: tools/fuzz.sh reader|audit|replay|text|shard [SECONDS]}
seconds=${2:-600}
case "$target" in
    reader) max_len=16384 ;;
    audit) max_len=8192 ;;
    replay) max_len=4096 ;;
    text) max_len=1024 ;;
    shard) max_len=65536 ;;
    *) echo "tools/fuzz.sh: unknown target '$target' (reader, audit, replay, text, shard)" >&2; exit 2 ;;
esac

bash tools/setup.sh
missing=()
for p in clang libclang-rt-14-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "fuzz: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j2 --target "fuzz_$target"

root=$PWD
work=$root/build/fuzzwork/$target
mkdir -p "$work/new"
fuzzer=$root/build/fuzz/fuzz/fuzz_$target
seeds=("$root/corpus/syntax" "$root/corpus/rules" "$root/corpus/hostile")
dict=(-dict="$root/fuzz/sgf.dict")
if [ "$target" = shard ]; then
    # Not SGF: its seeds are the records of a real shard (tools/fuzz-shard-seeds.sh).
    seeds=("$work/seeds")
    dict=()
    bash tools/fuzz-shard-seeds.sh "$work/seeds"
fi
(
    cd "$work"
    "$fuzzer" "${dict[@]}" -jobs=1 -rss_limit_mb=2048 -timeout=10 \
        -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 \
        -artifact_prefix="$work/" "$work/new" "$root/fuzz/corpus/$target" "${seeds[@]}" || true
    grep -E '^#[0-9]+.*(INITED|DONE)|^stat::|ERROR|SUMMARY' fuzz-0.log || true
)
# Minimise: the smallest set of inputs (greedy set cover) that keeps every feature, in place of
# the saved corpus.
rm -rf "$work/merged"
mkdir -p "$work/merged"
"$fuzzer" -set_cover_merge=1 -rss_limit_mb=2048 -timeout=10 "$work/merged" "$root/fuzz/corpus/$target" \
    "$work/new" "${seeds[@]}" 2>"$work/merge.log"
tail -n 1 "$work/merge.log"
rm -rf "$root/fuzz/corpus/$target"
mv "$work/merged" "$root/fuzz/corpus/$target"
echo "fuzz/corpus/$target: $(ls "$root/fuzz/corpus/$target" | wc -l) files," \
    "$(du -sh "$root/fuzz/corpus/$target" | cut -f1)"
ls "$work" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' && exit 1 || true
