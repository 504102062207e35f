#!/usr/bin/env bash
# Benchmark of `sgfaudit audit` on whole archives (docs/benchmarks.md), or with --micro the
# Google Benchmark micro-benchmarks of benchmarks/.
#
# The archives of ../shared/bench/ are unpacked once into a scratch folder outside the repository;
# each (archive, --jobs) pair gets one untimed warm-up run (so the files are read from the page
# cache) and then N timed runs under /usr/bin/time -v. The figures are the median of the N runs.
# Markdown on stdout (the machine, then one table), progress on stderr.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: bash tools/bench.sh [--runs N] [--jobs "1 2"] [--archives "kgs-6d-plus ogs-9x9 fox-9d"]
                           [--binary PATH] [--scratch DIR] [--tenth] [--compare BINARY]
                           [--peer SGFCHECK] [--peer-cpu CPU|auto|none]
       bash tools/bench.sh --micro [-- GOOGLE_BENCHMARK_ARGS...]

  --runs N          timed runs per archive and --jobs value, after one untimed warm-up (5)
  --jobs "J..."     the --jobs values to run with ("1 2")
  --archives "A..." archives of the archive folder, without .tar.gz
                    ("kgs-6d-plus ogs-9x9 fox-9d")
  --binary PATH     the sgfaudit to measure (default: build the release preset and use
                    build/release/sgfaudit)
  --scratch DIR     where archives are unpacked and reports written, outside the repository
                    (${SGFAUDIT_BENCH_DIR:-${TMPDIR:-/tmp}/sgfaudit-bench})
  --tenth           also run each archive's tenth: hard links to every file whose index in
                    sorted order is a multiple of 10 (made once, beside the archive's folder)
  --compare BINARY  also run BINARY, alternating with the first, and check that both write
                    byte-identical report files for every archive and --jobs value
  --peer SGFCHECK   also time the peer `SGFCHECK -r ARCHIVE` (aeb's sgfcheck, built outside the
                    repository) against `BINARY audit --quiet --jobs 1 --dead none` (the speed
                    bar per core): N rounds after one untimed warm-up of each, the two alternating
                    which goes first; CPU time (user + system) from /usr/bin/time, medians, and
                    the peer's median CPU over sgfaudit's
  --peer-cpu CPU    the CPU both commands of --peer are pinned to (taskset -c), so that they
                    run on the same core: a number, auto (the CPU whose probe alone was the
                    shortest before the runs; the default) or none (not pinned)
  --micro           build the bench preset (Google Benchmark, libbenchmark-dev) and run the
                    micro-benchmarks; arguments after -- go to the benchmark program

The archives are read from ${SGFAUDIT_BENCH_ARCHIVES:-../shared/bench} (ARCHIVE.tar.gz).
The machine's own parallel capacity is probed before the runs and in each archive's rounds:
a fixed loop of awk (${SGFAUDIT_BENCH_PROBE_ITERATIONS:-20000000} iterations) timed alone on each
CPU, then on every CPU at once (docs/benchmarks.md, "The CPU probe").
In the scratch folder, the script removes or replaces only what it made (folders with its
marker file .sgfaudit-bench, report folders holding only report files); anything else there
stops it. One benchmark at a time per scratch folder (a lock).
Exit status: 0 done, 1 the compared reports differ, 2 could not run (bad arguments, a failed
build, a run of sgfaudit that exited with a status other than 0 or 1).
EOF
}

die() {
    echo "bench: $*" >&2
    exit 2
}
note() { echo "bench: $*" >&2; }

repo=$(cd "$(dirname "$0")/.." && pwd -P)

runs=5
jobs_list="1 2"
archives="kgs-6d-plus ogs-9x9 fox-9d"
binary=""
scratch="${SGFAUDIT_BENCH_DIR:-${TMPDIR:-/tmp}/sgfaudit-bench}"
tenth=0
compare=""
peer=""
peer_cpu=auto
micro=0
micro_args=()
archives_src="${SGFAUDIT_BENCH_ARCHIVES:-$repo/../shared/bench}"

need_value() { [ $# -ge 2 ] || die "$1 needs a value (see --help)"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) need_value "$@"; runs=$2; shift 2 ;;
        --jobs) need_value "$@"; jobs_list=$2; shift 2 ;;
        --archives) need_value "$@"; archives=$2; shift 2 ;;
        --binary) need_value "$@"; binary=$2; shift 2 ;;
        --scratch) need_value "$@"; scratch=$2; shift 2 ;;
        --tenth) tenth=1; shift ;;
        --compare) need_value "$@"; compare=$2; shift 2 ;;
        --peer) need_value "$@"; peer=$2; shift 2 ;;
        --peer-cpu) need_value "$@"; peer_cpu=$2; shift 2 ;;
        --micro) micro=1; shift ;;
        --) shift; micro_args=("$@"); break ;;
        -h | --help) usage; exit 0 ;;
        *) echo "bench: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
[ ${#micro_args[@]} -eq 0 ] || [ "$micro" -eq 1 ] || die "arguments after -- are for --micro"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "--runs: '$runs' is not a positive number"
[ -n "${jobs_list// /}" ] || die "--jobs: no value"
for j in $jobs_list; do [[ "$j" =~ ^[1-9][0-9]*$ ]] || die "--jobs: '$j' is not a positive number"; done
[ -n "${archives// /}" ] || die "--archives: no archive named"
[[ "$peer_cpu" =~ ^([0-9]+|auto|none)$ ]] ||
    die "--peer-cpu: '$peer_cpu' is not a CPU number, auto or none"
probe_iterations=${SGFAUDIT_BENCH_PROBE_ITERATIONS:-20000000}
[[ "$probe_iterations" =~ ^[1-9][0-9]*$ ]] ||
    die "SGFAUDIT_BENCH_PROBE_ITERATIONS: '$probe_iterations' is not a positive number"

# Installs the Debian packages named that are missing (as tools/setup.sh does; run as root).
ensure_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        note "installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# The machine, as Markdown list items.
print_machine() {
    local cpu
    cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
    echo "- date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "- machine: nproc $(nproc), ${cpu:-unknown CPU}, $(uname -srm)"
    echo "- load average at start (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg)"
}

# The commit the work tree is at, "+ uncommitted changes" when it has some.
tree_state() {
    local head
    head=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null) || { echo "unknown commit"; return; }
    if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        echo "commit $head + uncommitted changes"
    else
        echo "commit $head"
    fi
}

if [ "$micro" -eq 1 ]; then
    bash "$repo/tools/setup.sh"
    ensure_packages libbenchmark-dev
    (cd "$repo" && cmake --preset bench >/dev/null && cmake --build --preset bench) >&2 ||
        die "the bench preset did not build"
    echo "## sgfaudit micro-benchmarks"
    echo
    print_machine
    echo "- built from $(tree_state) (bench preset: Release, Google Benchmark)"
    echo
    echo '```'
    # Google Benchmark prints its context (CPU, caches, load) on stderr: keep it with the table.
    status=0
    "$repo/build/bench/sgfaudit_benchmarks" "${micro_args[@]}" 2>&1 || status=$?
    echo '```'
    exit "$status"
fi

[ -d "$archives_src" ] || die "no archive folder $archives_src (set SGFAUDIT_BENCH_ARCHIVES)"
archives_src=$(cd "$archives_src" && pwd -P)

# The scratch folder must not be the repository or inside it (the archives are never copied
# into the repository).
scratch=$(realpath -m -- "$scratch")
case "$scratch/" in
    "$repo/"*) die "--scratch $scratch is inside the repository $repo: pick a folder outside it" ;;
esac
mkdir -p "$scratch"
# One benchmark at a time per scratch folder: two would share the folders and spoil each
# other's timings.
exec 9>>"$scratch/.sgfaudit-bench.lock"
flock -n 9 || die "another tools/bench.sh is running with the scratch folder $scratch"
work=$(mktemp -d "$scratch/.sgfaudit-bench-run.XXXXXX")
trap 'rm -rf -- "$work"' EXIT

[ -x /usr/bin/time ] || ensure_packages time
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian package time)"

# The binaries: absolute paths, so that the runs do not depend on the current folder.
absolute_binary() {
    local path=$1
    [ -f "$path" ] && [ -x "$path" ] || die "$path is not an executable file"
    echo "$(cd "$(dirname "$path")" && pwd -P)/$(basename "$path")"
}
built_here=0
if [ -z "$binary" ]; then
    note "building the release preset (tools/build-release.sh)"
    bash "$repo/tools/setup.sh"
    # The build's progress goes to stderr as it comes; its last line (a plain or a
    # profile-guided build, and what it was trained on) goes into the header.
    build_kind=$(bash "$repo/tools/build-release.sh" 2>&1 | tee /dev/stderr | tail -n 1) ||
        die "the release preset did not build"
    binary="$repo/build/release/sgfaudit"
    built_here=1
fi
binary=$(absolute_binary "$binary")
[ -z "$compare" ] || compare=$(absolute_binary "$compare")
[ -z "$peer" ] || peer=$(absolute_binary "$peer")
version_of() { "$1" --version 2>/dev/null | head -n 1 || echo "(no --version)"; }

# The CPUs this script may run on, as "0 1 ", from its own affinity (taskset -cp: "0,1", "0-3").
cpu_list() {
    local spec part
    spec=$(taskset -cp $$ 2>/dev/null | sed 's/.*: *//') || spec=""
    if ! [[ "$spec" =~ ^[0-9][0-9,-]*$ ]]; then
        seq 0 $(($(nproc) - 1)) | tr '\n' ' '
        return
    fi
    local IFS=,
    for part in $spec; do
        if [[ "$part" == *-* ]]; then seq "${part%-*}" "${part#*-}"; else echo "$part"; fi
    done | tr '\n' ' '
}
cpus=$(cpu_list)
[ -n "${cpus// /}" ] || die "no CPU to run on (taskset -cp $$)"
if [[ "$peer_cpu" =~ ^[0-9]+$ ]] && [[ " $cpus" != *" $peer_cpu "* ]]; then
    die "--peer-cpu: CPU $peer_cpu is not one this script may run on ($cpus)"
fi

# The CPU probe: one core's work and next to no memory (a loop of awk), so that its time says
# how fast a CPU runs at the moment, whatever sgfaudit does. On a virtual machine the CPUs need
# not be equal, nor stay so: one may run at half speed for minutes while the host is busy.
# Prints the probe's wall time (s) pinned to CPU $1.
probe_cpu() {
    local cpu=$1 tfile="$work/probe-$1-$BASHPID.txt"
    /usr/bin/time -f %e -o "$tfile" taskset -c "$cpu" awk -v n="$probe_iterations" \
        'BEGIN { for (i = 0; i < n; i++) s += i % 7; if (s < 0) print s }' >/dev/null || return 1
    tail -n 1 "$tfile"
}
# The probe alone on each CPU in turn, then on every CPU at once (one pinned to each). Sets
# probe_text (the times and the capacity), probe_capacity (the number) and probe_fastest (the
# CPU of the shortest probe alone). The capacity is how many loads of the fastest CPU alone the
# machine runs with every CPU busy: the shortest time alone times the sum, over the CPUs, of
# 1 / the CPU's time with every CPU busy (2.00x: two CPUs as fast as the fastest alone;
# --jobs 2 cannot gain more over --jobs 1 on the fastest CPU).
probe_machine() {
    local c t lines="" pids=()
    for c in $cpus; do
        t=$(probe_cpu "$c") || die "the CPU probe failed on CPU $c"
        lines+="$c $t"$'\n'
    done
    for c in $cpus; do
        probe_cpu "$c" >"$work/probe-all-$c.txt" &
        pids+=($!)
    done
    local pid
    for pid in "${pids[@]}"; do wait "$pid" || die "the CPU probe failed with every CPU busy"; done
    local together=""
    for c in $cpus; do together+="$c $(cat "$work/probe-all-$c.txt")"$'\n'; done
    read -r probe_fastest probe_capacity probe_text < <(printf '%s' "$lines$together" | awk '
        NF != 2 || $2 !~ /^[0-9.]+$/ { bad = 1 }
        { row[NR] = $0 }
        END {
            half = NR / 2
            if (bad || NR % 2 || half < 1) { print "- 0 the CPU probe gave no time"; exit }
            best = -1
            for (i = 1; i <= half; i++) {
                split(row[i], a, " ")
                alone = alone (i > 1 ? ", " : "") "CPU " a[1] " " sprintf("%.2f", a[2]) " s"
                if (best < 0 || a[2] < best) { best = a[2]; fastest = a[1] }
            }
            for (i = half + 1; i <= NR; i++) {
                split(row[i], a, " ")
                busy = busy (i > half + 1 ? ", " : "") "CPU " a[1] " " sprintf("%.2f", a[2]) " s"
                if (a[2] > 0) sum += 1 / a[2]
            }
            capacity = best * sum
            printf "%s %.4f alone %s; every CPU at once %s: capacity %.2fx\n", fastest, capacity,
                alone, busy, capacity
        }')
    [ "$probe_fastest" != - ] || die "the CPU probe gave no time"
}

# Folders this script makes in the scratch folder (the unpacked archives, their tenths) carry
# the marker file MARKER inside, naming what they were made from. They are built under a staging
# name (.NAME.partial) and renamed into place complete, marker included: an interrupted unpack
# leaves only the staging folder, removed and redone by the next run. A folder without the
# marker is someone else's: the script never removes or changes it, it stops.
marker_name=.sgfaudit-bench
# Prints the marker's content of the folder $1 ("" when it has none); stops when $1 exists but
# is not a folder made by this script.
owned_stamp() {
    local dir=$1
    [ -e "$dir" ] || [ -L "$dir" ] || return 0
    if [ -d "$dir" ] && [ ! -L "$dir" ] && [ -f "$dir/$marker_name" ]; then
        cat "$dir/$marker_name"
        return 0
    fi
    die "$dir exists and was not made by tools/bench.sh (no $marker_name in it): not touched;" \
        "move it away or choose another --scratch"
}

# Unpacks ARCHIVE.tar.gz into SCRATCH/ARCHIVE once (again when the tarball's size or time
# changed).
unpack() {
    local name=$1
    local tarball="$archives_src/$name.tar.gz" dir="$scratch/$name"
    local staging="$scratch/.$name.partial"
    [ -f "$tarball" ] || die "no archive $tarball"
    local stamp have
    stamp="archive $(stat -L -c '%s %Y' "$tarball") $tarball"
    have=$(owned_stamp "$dir")
    [ "$have" != "$stamp" ] || return 0
    note "unpacking $tarball into $dir (once)"
    rm -rf -- "$staging"
    mkdir -p "$staging"
    tar -xzf "$tarball" -C "$staging"
    printf '%s\n' "$stamp" >"$staging/$marker_name"
    [ -z "$have" ] || rm -rf -- "$dir"  # ours, from another tarball
    mv -T -- "$staging" "$dir"
}

# SCRATCH/ARCHIVE-tenth: hard links to the files of SCRATCH/ARCHIVE whose 0-based index in the
# byte-wise sorted list of relative paths is a multiple of 10, under the same relative paths.
# Made again when the archive was unpacked again.
make_tenth() {
    local name=$1
    local dir="$scratch/$name" tdir="$scratch/$name-tenth" staging="$scratch/.$name-tenth.partial"
    local stamp have
    stamp="tenth of $(cat "$dir/$marker_name")"
    have=$(owned_stamp "$tdir")
    [ "$have" != "$stamp" ] || return 0
    note "linking the tenth of $name into $tdir (once)"
    rm -rf -- "$staging"
    mkdir -p "$staging"
    (cd "$dir" && find . -type f ! -path "./$marker_name" -print0 | LC_ALL=C sort -z |
        sed -z -n '1~10p' | xargs -0 -r cp -l --parents -t "$staging")
    printf '%s\n' "$stamp" >"$staging/$marker_name"
    [ -z "$have" ] || rm -rf -- "$tdir"
    mv -T -- "$staging" "$tdir"
}

# The file sgfaudit writes last in a report folder: its format line, then the folder's files.
report_marker=.sgfaudit-report
# Removes a previous report folder, only when it is one (the rule sgfaudit itself follows
# before replacing one): its marker is there and lists every other entry; anything else stops
# the benchmark.
remove_report() {
    local out=$1
    [ -e "$out" ] || [ -L "$out" ] || return 0
    [ -d "$out" ] && [ ! -L "$out" ] || die "$out is not a report folder: not touched"
    [ -f "$out/$report_marker" ] && [ "$(head -n 1 "$out/$report_marker")" = sgfaudit-report/1 ] ||
        die "$out has no report marker: not a report folder, not touched"
    local listed f
    listed=$(tail -n +2 "$out/$report_marker")
    for f in "$out"/* "$out"/.*; do
        case "${f##*/}" in
            . | .. | '*' | '.*' | "$report_marker") continue ;;
        esac
        grep -Fxq -- "${f##*/}" <<<"$listed" ||
            die "$out holds ${f##*/}: not a report folder, not touched"
    done
    rm -rf -- "$out"
}

# One run: BINARY audit --quiet --jobs J --out OUT INPUT under /usr/bin/time -v. The previous
# report is removed first (untimed), so every run writes a new folder. Sets run_wall (s),
# run_rss (KiB), run_games, run_moves. Stops the benchmark when sgfaudit fails.
run_once() {
    local bin=$1 jobs=$2 out=$3 input=$4
    local tfile="$work/time.txt" sout="$work/stdout.txt" serr="$work/stderr.txt"
    remove_report "$out"
    local status=0
    /usr/bin/time -v -o "$tfile" "$bin" audit --quiet --jobs "$jobs" --out "$out" "$input" \
        >"$sout" 2>"$serr" || status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
        {
            echo "bench: $bin audit --quiet --jobs $jobs --out $out $input"
            echo "bench: failed with exit status $status (0: clean, 1: findings); its stderr ends:"
            tail -n 20 "$serr"
            grep "terminated by signal" "$tfile" || true
        } >&2
        exit 2
    fi
    run_wall=$(awk '/Elapsed \(wall clock\) time/ {
                       n = split($NF, part, ":"); s = 0
                       for (i = 1; i <= n; i++) s = s * 60 + part[i]
                       print s }' "$tfile")
    run_rss=$(awk '/Maximum resident set size/ { print $NF }' "$tfile")
    local counts
    counts=$(sed -n 's/^audited \([0-9][0-9]*\) games\{0,1\} (\([0-9][0-9]*\) moves).*/\1 \2/p' "$sout")
    [ -n "$run_wall" ] && [ -n "$run_rss" ] || die "could not read /usr/bin/time -v's output $tfile"
    [ -n "$counts" ] || die "no 'audited N games (M moves)' line on sgfaudit's stdout: $(head -c 300 "$sout")"
    run_games=${counts% *}
    run_moves=${counts#* }
}

# Median, min and max of the numbers given (run times, the CPU probe's capacities).
# Prints: median (unrounded, to six decimals) min max (two decimals)
stats() {
    printf '%s\n' "$@" | LC_ALL=C sort -g | awk '
        { v[NR] = $1 }
        END {
            if (NR % 2) median = v[(NR + 1) / 2]; else median = (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%.6f %.2f %.2f\n", median, v[1], v[NR]
        }'
}

rows=()    # Markdown table rows
verdicts=()
declare -A median_wall=()  # "LABEL JOBS": the measured binary's median wall time (s)
declare -A probe_during=()  # LABEL: the capacities the CPU probe gave during its series
differ=0
# Markdown row for one (input, jobs, binary) series.
# add_row LABEL JOBS BINLABEL INPUT_BYTES GAMES MOVES RSS_KIB WALLS...
add_row() {
    local label=$1 jobs=$2 binlabel=$3 bytes=$4 games=$5 moves=$6 rss=$7
    shift 7
    local median min max
    read -r median min max < <(stats "$@")
    [ "$binlabel" = B ] || median_wall["$label $jobs"]=$median
    rows+=("$(awk -v label="$label" -v jobs="$jobs" -v bin="$binlabel" -v runs=$# \
        -v bytes="$bytes" -v games="$games" -v moves="$moves" -v rss="$rss" \
        -v median="$median" -v min="$min" -v max="$max" 'BEGIN {
            rate = median > 0
            printf "| %s |%s %s | %d | %.2f | %s | %s | %s | %.0f | %.2f-%.2f | %d | %d | %.1f |",
                label, (bin == "" ? "" : " " bin " |"), jobs, runs, median,
                rate ? sprintf("%.0f", games / median) : "-",
                rate ? sprintf("%.0f", moves / median) : "-",
                rate ? sprintf("%.1f", bytes / 1e6 / median) : "-",
                rss / 1024, min, max, games, moves, bytes / 1e6
        }')")
}

# Compares two report folders, every file (pages/ too); prints the names that differ.
report_differences() {
    local a=$1 b=$2
    diff -rq -- "$a" "$b" 2>&1 | sed -e "s|$a/||g" -e "s|$b/||g" | tr '\n' ' ' | sed 's/ $//'
}

# Benchmarks one input folder (an archive or its tenth) for every --jobs value. The runs go in
# rounds: each round runs every --jobs value once (and, with --compare, both binaries), the
# order turning from round to round, so that every median is taken over the same minutes (the
# machine's speed drifts). The CPU probe runs before the first round and after each.
bench_input() {
    local label=$1 input=$2
    local bytes
    bytes=$(du -sb --exclude="$marker_name" "$input" | cut -f1)
    local -a jobs_values
    read -r -a jobs_values <<<"$jobs_list"
    local n=${#jobs_values[@]}
    local -A walls=() rss=()
    local games="" moves="" j which
    for j in "${jobs_values[@]}"; do
        note "$label --jobs $j: warm-up"
        run_once "$binary" "$j" "$scratch/report-$label-j$j" "$input"
        if [ -z "$games" ]; then
            games=$run_games
            moves=$run_moves
        fi
        [ -z "$compare" ] || run_once "$compare" "$j" "$scratch/report-$label-j$j-compare" "$input"
        walls["a $j"]="" walls["b $j"]="" rss["a $j"]=0 rss["b $j"]=0
    done
    probe_machine
    local capacities=("$probe_capacity")
    local r k
    for ((r = 1; r <= runs; r++)); do
        for ((k = 0; k < n; k++)); do
            j=${jobs_values[$(((r - 1 + k) % n))]}
            # With --compare, the two binaries take turns going first.
            local order=(a)
            if [ -n "$compare" ]; then
                if ((r % 2)); then order=(a b); else order=(b a); fi
            fi
            for which in "${order[@]}"; do
                if [ "$which" = a ]; then
                    run_once "$binary" "$j" "$scratch/report-$label-j$j" "$input"
                else
                    run_once "$compare" "$j" "$scratch/report-$label-j$j-compare" "$input"
                fi
                walls["$which $j"]+=" $run_wall"
                ((run_rss > rss["$which $j"])) && rss["$which $j"]=$run_rss
                if [ "$run_games" != "$games" ] || [ "$run_moves" != "$moves" ]; then
                    die "$label --jobs $j: run $r counted $run_games games, $run_moves moves; the warm-up $games, $moves"
                fi
                note "$label --jobs $j run $r/$runs ($which): ${run_wall} s, $(((run_rss + 512) / 1024)) MiB"
            done
        done
        probe_machine
        capacities+=("$probe_capacity")
    done
    local cap_median cap_min cap_max
    read -r cap_median cap_min cap_max < <(stats "${capacities[@]}")
    probe_during[$label]=$(LC_ALL=C printf \
        'median %.2fx, %.2fx to %.2fx (%d probes: before the first round and after each)' \
        "$cap_median" "$cap_min" "$cap_max" "${#capacities[@]}")
    for j in "${jobs_values[@]}"; do
        local out_a="$scratch/report-$label-j$j" out_b="$scratch/report-$label-j$j-compare"
        local walls_a walls_b
        read -r -a walls_a <<<"${walls["a $j"]}"
        if [ -n "$compare" ]; then
            read -r -a walls_b <<<"${walls["b $j"]}"
            add_row "$label" "$j" A "$bytes" "$games" "$moves" "${rss["a $j"]}" "${walls_a[@]}"
            add_row "$label" "$j" B "$bytes" "$games" "$moves" "${rss["b $j"]}" "${walls_b[@]}"
            local diff
            diff=$(report_differences "$out_a" "$out_b")
            if [ -z "$diff" ]; then
                verdicts+=("- $label --jobs $j: A and B wrote byte-identical report folders (every file)")
            else
                verdicts+=("- $label --jobs $j: **the reports differ**: $diff ($out_a vs $out_b)")
                differ=1
            fi
        else
            add_row "$label" "$j" "" "$bytes" "$games" "$moves" "${rss["a $j"]}" "${walls_a[@]}"
        fi
    done
    # The report must not depend on --jobs (docs/report-format.md).
    local first="" j2
    for j2 in "${jobs_values[@]}"; do
        if [ -z "$first" ]; then
            first=$j2
            continue
        fi
        local diff
        diff=$(report_differences "$scratch/report-$label-j$first" "$scratch/report-$label-j$j2")
        if [ -z "$diff" ]; then
            verdicts+=("- $label: --jobs $first and --jobs $j2 wrote byte-identical reports")
        else
            verdicts+=("- $label: **--jobs $first and --jobs $j2 reports differ**: $diff")
            differ=1
        fi
    done
}

# Markdown lines: each --jobs value above 1 against --jobs 1 (median wall times), with the
# machine's capacity probed during the archive's series.
speedup_lines() {
    local label=$1 j
    [ -n "${median_wall["$label 1"]:-}" ] || return 0
    for j in $jobs_list; do
        [ "$j" -gt 1 ] || continue
        awk -v label="$label" -v j="$j" -v one="${median_wall["$label 1"]}" \
            -v many="${median_wall["$label $j"]}" 'BEGIN {
                if (many > 0)
                    printf "- %s: --jobs %d ran %.2fx as fast as --jobs 1 (median wall %.2f s " \
                        "against %.2f s)\n", label, j, one / many, many, one
            }'
    done
    echo "  - the machine's capacity during the series: ${probe_during[$label]}"
}

# One timed run of a command (its arguments) under /usr/bin/time: sets run_cpu (user + system s),
# run_user, run_system, run_wall (s), run_rss (KiB) and run_signal (the signal that killed the
# command, 0 when it exited) and returns the command's exit status (128 + the signal when one
# killed it: a command may exit with such a status too, as sgfcheck exits with 255).
# Output goes to the scratch work folder, not measured.
time_once() {
    local tfile="$work/time-peer.txt" status=0
    /usr/bin/time -f "%e %U %S %M" -o "$tfile" "$@" >"$work/stdout-peer.txt" \
        2>"$work/stderr-peer.txt" || status=$?
    read -r run_wall run_user run_system run_rss < <(tail -n 1 "$tfile")
    run_signal=$(sed -n 's/^Command terminated by signal \([0-9][0-9]*\).*/\1/p' "$tfile")
    run_signal=${run_signal:-0}
    [[ "$run_rss" =~ ^[0-9]+$ ]] || die "could not read /usr/bin/time's output $tfile: $(cat "$tfile")"
    run_cpu=$(awk -v u="$run_user" -v s="$run_system" 'BEGIN { printf "%.2f", u + s }')
    return "$status"
}

# The runs of one command, each given as "cpu user system wall rss_kib": prints the median of
# each time, the CPU range and the largest RSS, "cpu user system wall min max rss_mib".
summarize_runs() {
    printf '%s\n' "$@" | awk '
        function median(c,   a, i, j, t) {
            for (i = 1; i <= NR; i++) a[i] = v[c, i]
            for (i = 2; i <= NR; i++) {  # insertion sort: a handful of runs
                t = a[i]
                for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
                a[j + 1] = t
            }
            return NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
        }
        {
            for (c = 1; c <= 4; c++) v[c, NR] = $c
            if (NR == 1 || $1 < min) min = $1
            if (NR == 1 || $1 > max) max = $1
            if ($5 > rss) rss = $5
        }
        END {
            printf "%.2f %.2f %.2f %.2f %.2f %.2f %d\n", median(1), median(2), median(3), \
                median(4), min, max, (rss + 512) / 1024
        }'
}

peer_rows=()
peer_ratios=()
# The peer against sgfaudit's per-core audit on one input folder (--peer): round 0 is the
# untimed warm-up, then the two take turns going first. The peer's exit status says what it
# found (sgfcheck exits 1 on a problem in some file); only a death by signal stops the
# benchmark. sgfaudit: 0 clean, 1 findings.
bench_peer() {
    local label=$1 input=$2
    local out="$scratch/report-$label-peer"
    local peer_runs=() ours_runs=() peer_status=0 r which status pin=()
    [ "$peer_cpu" = none ] || pin=(taskset -c "$peer_cpu")
    for ((r = 0; r <= runs; r++)); do
        local order=(peer ours)
        ((r == 0 || r % 2)) || order=(ours peer)
        for which in "${order[@]}"; do
            status=0
            if [ "$which" = peer ]; then
                time_once "${pin[@]}" "$peer" -r "$input" || status=$?
                [ "$run_signal" -eq 0 ] ||
                    die "$peer -r $input died (exit status $status, signal $run_signal)"
                peer_status=$status
            else
                remove_report "$out"
                time_once "${pin[@]}" "$binary" audit --quiet --jobs 1 --dead none --out "$out" "$input" ||
                    status=$?
                [ "$status" -le 1 ] ||
                    die "$binary audit --jobs 1 --dead none $input failed with exit status $status"
            fi
            if ((r == 0)); then
                note "$label peer: warm-up ($which)"
                continue
            fi
            local line="$run_cpu $run_user $run_system $run_wall $run_rss"
            if [ "$which" = peer ]; then peer_runs+=("$line"); else ours_runs+=("$line"); fi
            note "$label peer run $r/$runs ($which): ${run_cpu} CPU s, ${run_wall} s wall"
        done
    done
    local p o
    read -r -a p < <(summarize_runs "${peer_runs[@]}")
    read -r -a o < <(summarize_runs "${ours_runs[@]}")
    local row='| %s | %s | %d | %s | %s | %s | %s | %s-%s | %s |'
    # shellcheck disable=SC2059  # the format is the row above
    peer_rows+=("$(printf "$row" "$label" "\`$(basename "$peer") -r\` (exit status $peer_status)" \
        "$runs" "${p[@]}")")
    # shellcheck disable=SC2059
    peer_rows+=("$(printf "$row" "$label" "\`sgfaudit audit --jobs 1 --dead none\`" "$runs" \
        "${o[@]}")")
    peer_ratios+=("$(awk -v p="${p[0]}" -v o="${o[0]}" -v label="$label" 'BEGIN {
        if (o > 0) printf "- %s: the peer took %.2fx sgfaudit'"'"'s CPU time (medians)", label, p / o
        else printf "- %s: sgfaudit'"'"'s CPU time was 0: no ratio", label }')")
}

for name in $archives; do
    [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || die "--archives: '$name' is not an archive name"
    unpack "$name"
    [ "$tenth" -eq 0 ] || make_tenth "$name"
done

machine=$(print_machine)
probe_machine
machine+=$'\n'"- CPU probe before the runs (a loop of awk, $probe_iterations iterations; wall s): $probe_text"
peer_cpu_how=""
if [ "$peer_cpu" = auto ]; then
    peer_cpu=$probe_fastest
    peer_cpu_how=", the CPU whose probe alone was the shortest before the runs"
fi
for name in $archives; do
    bench_input "$name" "$scratch/$name"
    [ "$tenth" -eq 0 ] || bench_input "$name-tenth" "$scratch/$name-tenth"
    [ -z "$peer" ] || bench_peer "$name" "$scratch/$name"
done

echo "## sgfaudit audit benchmark"
echo
echo "$machine"
if [ "$built_here" -eq 1 ]; then
    echo "- binary: $binary ($(version_of "$binary"), release preset built from $(tree_state); $build_kind)"
else
    echo "- binary: $binary ($(version_of "$binary"))"
fi
if [ -n "$compare" ]; then
    echo "- A: $binary ($(version_of "$binary"))"
    echo "- B (--compare): $compare ($(version_of "$compare"))"
fi
echo "- command: BINARY audit --quiet --jobs J --out $scratch/report-ARCHIVE-jJ $scratch/ARCHIVE"
echo "- $runs timed runs per row after one untimed warm-up run (the archives are read from the" \
    "page cache); wall time and peak RSS from /usr/bin/time -v, games and moves from sgfaudit's" \
    "stdout, input MB = du -sb of the archive folder (10^6 bytes); figures from the median wall" \
    "time, RSS the largest of the runs"
echo
if [ -n "$compare" ]; then
    echo "| archive | binary | jobs | runs | median wall s | games/s | moves/s | MB/s | peak RSS MiB | wall min-max s | games | moves | input MB |"
    echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
else
    echo "| archive | jobs | runs | median wall s | games/s | moves/s | MB/s | peak RSS MiB | wall min-max s | games | moves | input MB |"
    echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
fi
printf '%s\n' "${rows[@]}"
speedups=""
for name in $archives; do
    speedups+=$(speedup_lines "$name")$'\n'
    [ "$tenth" -eq 0 ] || speedups+=$(speedup_lines "$name-tenth")$'\n'
done
if [ -n "${speedups//$'\n'/}" ]; then
    echo
    echo "Threads against one, and what the machine gave (the CPU probe's capacity: how many CPUs" \
        "as fast as the fastest alone the machine gave with every CPU busy):"
    echo
    printf '%s' "$speedups" | sed '/^$/d'
fi
if [ ${#verdicts[@]} -gt 0 ]; then
    echo
    echo "Reports:"
    echo
    printf '%s\n' "${verdicts[@]}"
fi
if [ -n "$peer" ]; then
    echo
    echo "### Against the peer, one core"
    echo
    echo "- peer: $peer -r ARCHIVE (output discarded); sgfaudit: $binary audit --quiet --jobs 1" \
        "--dead none --out $scratch/report-ARCHIVE-peer ARCHIVE"
    echo "- $runs rounds per archive after one untimed warm-up of each, the two taking turns going" \
        "first; CPU = user + system from /usr/bin/time, medians; RSS the largest of the runs"
    if [ "$peer_cpu" = none ]; then
        echo "- not pinned to a CPU (--peer-cpu none): the system places each run"
    else
        echo "- both pinned to CPU $peer_cpu (taskset -c $peer_cpu$peer_cpu_how), so that they run" \
            "on the same core"
    fi
    echo
    echo "| archive | command | runs | median CPU s | user s | system s | wall s | CPU min-max s | peak RSS MiB |"
    echo "|---|---|--:|--:|--:|--:|--:|--:|--:|"
    printf '%s\n' "${peer_rows[@]}"
    echo
    printf '%s\n' "${peer_ratios[@]}"
fi
if [ -n "$compare" ]; then
    echo
    if [ "$differ" -eq 0 ]; then
        echo "Verdict: A and B wrote byte-identical reports for every archive and --jobs value."
    else
        echo "Verdict: **the reports differ** (see above)."
    fi
fi
exit "$differ"
