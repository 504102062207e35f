# shellcheck shell=bash
# A one-node Slurm cluster of its own, for tests/shards/engines.sh slurm (docs/shards.md).
# Sourced, not run. Everything lives under one folder: a munge key and socket, slurm.conf with
# absolute paths for the state, spool, pid and log files, and free ports picked at random, so
# that two such clusters (or a system's own Slurm) on one machine do not meet. The daemons run
# in the foreground as children of this shell (their pids are known); cluster_stop ends them
# and everything of the cluster that is left, whatever happened.
#
#   cluster_start DIR   start munged, slurmctld and slurmd in DIR (a new folder: it and its
#                       parent are made searchable by all, for munged's socket; every folder
#                       above must be so already); exit 77 (skipped) with the reason
#                       when they cannot start here (not root, packages missing, a daemon that
#                       dies at start)
#   cluster_run CMD...  run a Slurm command against this cluster (SLURM_CONF set)
#   cluster_wait JOBID TASKS SECONDS   wait until the TASKS tasks of the job have all ended;
#                       1 when they have not in SECONDS
#   cluster_logs        print the end of the daemons' logs (for a failure)
#   cluster_stop        cancel what is queued, stop the daemons, kill what is left of the
#                       cluster's processes (by the SLURM_CONF in their environment)

cluster_dir='' cluster_conf='' cluster_node=sgfaudit1
cluster_munged='' cluster_ctld='' cluster_slurmd=''

cluster_skip() {
    echo "slurm: skipped: $*"
    cluster_stop
    exit 77
}

cluster_run() { SLURM_CONF=$cluster_conf "$@"; }

# A TCP port of 127.0.0.1 that nothing listens on (and the next one), from 20000-59999.
cluster_free_port() {
    local p i
    for i in $(seq 1 50); do
        p=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null &&
           ! (exec 3<>"/dev/tcp/127.0.0.1/$((p + 1))") 2>/dev/null; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

cluster_alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

# Polls CONDITION... every 0.2 s for at most SECONDS while process PID is alive: 0 when the
# condition held, 1 on time out, 2 when the process died.
cluster_poll() {
    local pid=$1 seconds=$2 i
    shift 2
    for i in $(seq 1 $((seconds * 5))); do
        "$@" >/dev/null 2>&1 && return 0
        cluster_alive "$pid" || return 2
        sleep 0.2
    done
    return 1
}

cluster_write_conf() {
    local ctld_port=$1 hw
    # The node as slurmd sees this machine (CPUs, boards, sockets, cores, threads), so that it
    # is not drained for a CPU count it does not have.
    hw=$(slurmd -C 2>/dev/null | head -1 | tr ' ' '\n' |
         grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=' | tr '\n' ' ')
    [ -n "$hw" ] || hw="CPUs=1"
    # batch_sched_delay=0: a batch job is scheduled when it is submitted, not up to 3 s later
    # (measured: 0.2 s from sbatch to the start of a task instead of 2.5 s; the first job after
    # slurmctld starts still waits about 2.5 s for the controller's first scheduling pass).
    cat >"$cluster_conf" <<EOF
ClusterName=sgfaudit
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$((ctld_port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$cluster_dir/munge/munge.socket
StateSaveLocation=$cluster_dir/state
SlurmdSpoolDir=$cluster_dir/spool
SlurmctldPidFile=$cluster_dir/run/slurmctld.pid
SlurmdPidFile=$cluster_dir/run/slurmd.pid
SlurmctldLogFile=$cluster_dir/log/slurmctld.log
SlurmdLogFile=$cluster_dir/log/slurmd.log
PlugStackConfig=$cluster_dir/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MailProg=/bin/true
NodeName=$cluster_node NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=sgfaudit Nodes=$cluster_node Default=YES MaxTime=INFINITE State=UP
EOF
}

cluster_node_idle() {
    [ "$(cluster_run sinfo -h -n "$cluster_node" -o %t 2>/dev/null)" = idle ]
}

cluster_start() {
    cluster_dir=$1
    cluster_conf=$cluster_dir/slurm.conf
    [ "$(id -u)" = 0 ] || cluster_skip "a Slurm cluster of its own needs root (SlurmUser=root)"
    local c missing=()
    for c in munged slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
        command -v "$c" >/dev/null || missing+=("$c")
    done
    [ ${#missing[@]} = 0 ] ||
        cluster_skip "${missing[*]} not installed (Debian slurm-wlm and munge: tools/setup.sh)"

    # munged refuses a socket whose folders are not all searchable by all (DIR's parent, a
    # mktemp -d folder, is opened to 711 too); the key stays private.
    mkdir -p "$cluster_dir"/{munge,key,state,spool,run,log}
    chmod 711 "$(dirname "$cluster_dir")" "$cluster_dir" "$cluster_dir/munge"
    chmod 700 "$cluster_dir/key"
    touch "$cluster_dir/plugstack.conf"
    if command -v mungekey >/dev/null; then
        mungekey -c -k "$cluster_dir/key/munge.key" 2>/dev/null
    else
        dd if=/dev/urandom of="$cluster_dir/key/munge.key" bs=1024 count=1 2>/dev/null
    fi
    chmod 600 "$cluster_dir/key/munge.key"
    munged -F --key-file="$cluster_dir/key/munge.key" --socket="$cluster_dir/munge/munge.socket" \
        --pid-file="$cluster_dir/run/munged.pid" --log-file="$cluster_dir/log/munged.log" \
        --seed-file="$cluster_dir/key/munged.seed" >"$cluster_dir/log/munged.out" 2>&1 &
    cluster_munged=$!
    cluster_poll "$cluster_munged" 10 munge -S "$cluster_dir/munge/munge.socket" -n ||
        cluster_skip "munged did not start: $(tail -3 "$cluster_dir/log/munged.out")"

    # slurmctld; a port taken between the pick and the bind (another cluster) is tried again.
    local attempt port
    for attempt in 1 2 3; do
        [ "$attempt" = 1 ] || rm -f "$cluster_dir"/log/slurmctld.*
        port=$(cluster_free_port) || cluster_skip "no free TCP port on 127.0.0.1"
        cluster_write_conf "$port"
        SLURM_CONF=$cluster_conf slurmctld -D -i >"$cluster_dir/log/slurmctld.out" 2>&1 &
        cluster_ctld=$!
        cluster_poll "$cluster_ctld" 20 cluster_ctld_up && break
        cluster_stop_daemon cluster_ctld
        grep -q "Address already in use" "$cluster_dir"/log/slurmctld.* ||
            cluster_skip "slurmctld did not start: $(tail -3 "$cluster_dir/log/slurmctld.log" \
                                                       "$cluster_dir/log/slurmctld.out" 2>&1)"
    done
    cluster_alive "$cluster_ctld" || cluster_skip "slurmctld found no free port in 3 tries"

    SLURM_CONF=$cluster_conf slurmd -D -N "$cluster_node" >"$cluster_dir/log/slurmd.out" 2>&1 &
    cluster_slurmd=$!
    local s=0
    cluster_poll "$cluster_slurmd" 30 cluster_node_idle || s=$?
    [ $s != 2 ] || cluster_skip "slurmd did not start: $(tail -3 "$cluster_dir/log/slurmd.log" \
                                                            "$cluster_dir/log/slurmd.out" 2>&1)"
    if [ $s != 0 ]; then
        # The daemons run but the node never came up: a failure, not a skip.
        echo "slurm: the node is not idle after 30 s"
        cluster_run sinfo -N -l
        cluster_logs
        return 1
    fi
}

cluster_ctld_up() { cluster_run scontrol ping 2>/dev/null | grep -q "is UP"; }

# The states a job (one task of an array) ends in.
cluster_ended='JobState=(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL'
cluster_ended+='|DEADLINE|PREEMPTED) '

cluster_wait() {
    local job=$1 tasks=$2 seconds=$3 i out
    for i in $(seq 1 $((seconds * 5))); do
        # Done when the controller answers and lists TASKS records of the job, all ended (a
        # failed query, or an array's record of tasks not yet started, is not the end).
        if out=$(cluster_run scontrol -o show job "$job" 2>/dev/null) &&
           [ "$(grep -cE "$cluster_ended" <<<"$out")" = "$tasks" ] &&
           [ "$(grep -c . <<<"$out")" = "$tasks" ]; then
            return 0
        fi
        cluster_alive "$cluster_ctld" || return 1
        sleep 0.2
    done
    return 1
}

cluster_logs() {
    local f
    for f in "$cluster_dir"/log/*.log; do
        [ -s "$f" ] || continue
        echo "--- $f"
        grep -v -e pmix -e 'MPI:' "$f" | tail -15
    done
}

# Ends the daemon whose pid is in variable NAME: TERM, up to 5 s, then KILL; reaps it.
cluster_stop_daemon() {
    local name=$1 pid i
    pid=${!name}
    if cluster_alive "$pid"; then
        kill -TERM "$pid" 2>/dev/null || true
        for i in $(seq 1 25); do
            [ "$i" = 1 ] || sleep 0.2
            cluster_alive "$pid" || break
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    [ -z "$pid" ] || wait "$pid" 2>/dev/null || true
    printf -v "$name" ''
}

cluster_stop() {
    [ -n "$cluster_dir" ] || return 0
    if cluster_alive "$cluster_ctld"; then
        cluster_run scancel --quiet --user=root 2>/dev/null || true
    fi
    cluster_stop_daemon cluster_slurmd
    cluster_stop_daemon cluster_ctld
    # What is left of this cluster (a slurmstepd, a task of a job) carries its slurm.conf in
    # its environment: slurmd passes it to the job steps, sbatch to the jobs.
    local f p
    while read -r f; do
        p=${f#/proc/}
        p=${p%/environ}
        [ "$p" = $$ ] || kill -KILL "$p" 2>/dev/null || true
    done < <(grep -lzxF "SLURM_CONF=$cluster_conf" /proc/[0-9]*/environ 2>/dev/null)
    cluster_stop_daemon cluster_munged
    cluster_dir=
}
