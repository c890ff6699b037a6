#!/usr/bin/env bash
# The parallel search's benchmark (issue 20), part of bench/run.sh and runnable alone:
#   bench/parallel.sh [BUILD_DIR [WORK_DIR]]
# fan-in (7 senders) and client/server 20 explored by one worker, by --jobs 2 (fork) and by
# mpiexec -n 2 --workers-mpi (MPICH), with steals and messages; the round trip of one message
# over each transport; a model of 8..64 workers from them. The machine's load average is printed
# before and after: on a loaded machine the wall times say more about the load than the search.
# Environment: EXPLORE_LIMIT (seconds per run, 60).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
if [ -n "${2:-}" ]; then
  work=$2
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
limit=${EXPLORE_LIMIT:-60}
for p in fanin client_server; do
  [ -x "$work/$p" ] || "$build/bin/rankfold-cc" -O2 -o "$work/$p" "$here/programs/$p.c"
done
# json_stat KEY FILE: the number after "KEY": in the report (pretty-printed, one key per line).
json_stat() { awk -v key="\"$1\":" '$1 == key { sub(/,$/, "", $2); print $2; exit }' "$2"; }

echo "== parallel search: 1 vs 2 workers (load average before: $(cut -d" " -f1-3 /proc/loadavg); $(nproc) cores)"
"$build/bin/parallel_transport_bench" fork 20000
bridge_ok=0
if command -v mpiexec >/dev/null && [ -x "$build/bin/rankfold-mpi-bridge" ]; then
  bridge_ok=1
  RANKFOLD_MPI_BRIDGE="$build/bin/rankfold-mpi-bridge" timeout 120 \
    mpiexec -n 2 "$build/bin/parallel_transport_bench" mpi 5000 || echo "transport mpi: failed"
fi
# parallel_row NAME MODE NP PROGRAM ARGS...: seconds, states, and the workers' summary line.
parallel_row() {
  local name=$1 mode=$2 np=$3 prog=$4
  shift 4
  local report="$work/parallel-$name-$mode.json" log="$work/parallel-$name-$mode.log" rc=0
  local -a cmd
  case $mode in
    1) cmd=("$build/bin/rankfold-run") ;;
    fork2) cmd=("$build/bin/rankfold-run" --jobs 2) ;;
    mpi2) cmd=(mpiexec -n 2 "$build/bin/rankfold-run" --workers-mpi) ;;
  esac
  # CPU seconds of every process (the workers, mpiexec, the bridges): on a loaded machine
  # the wall time says more about the load than about the search.
  RANKFOLD_PARALLEL_STATS=1 RANKFOLD_MPI_BRIDGE="$build/bin/rankfold-mpi-bridge" \
    /usr/bin/time -f "%U %S" -o "$work/parallel.cpu" \
    timeout $((limit * 3)) "${cmd[@]}" --time-limit "$limit" --json "$report" \
    --trace-file "$work/parallel.trace" -np "$np" "$work/$prog" "$@" >/dev/null 2>"$log" || rc=$?
  local seconds states cpu
  seconds=$(json_stat explore_seconds "$report" 2>/dev/null || true)
  states=$(json_stat states "$report" 2>/dev/null || true)
  cpu=$(awk '{ print $1 + $2 }' "$work/parallel.cpu" 2>/dev/null || echo 0)
  printf "%-14s %-6s rc=%-2s %9s states %8s s explore, %6s s CPU\n" "$name" "$mode" "$rc" \
    "${states:-?}" "${seconds:-?}" "$cpu"
  grep -o "parallel search.*" "$log" | sed 's/^/    /' || true
  local queries steals idle
  queries=$(sed -n 's/.*state queries \([0-9]*\),.*/\1/p' "$log")
  steals=$(sed -n 's/.*steals \([0-9]*\) requested.*/\1/p' "$log")
  idle=$(sed -n 's/.*; idle \([0-9.]*\) s.*/\1/p' "$log")
  echo "${seconds:-0} ${states:-0} ${queries:-0} $cpu ${steals:-0} ${idle:-0}" \
    >"$work/parallel-$name-$mode.nums"
}
for w in "fanin 8 fanin 1" "client_server 4 client_server 20"; do
  set -- $w
  name=$1 np=$2 prog=$3 arg=$4
  parallel_row "$name" 1 "$np" "$prog" "$arg"
  parallel_row "$name" fork2 "$np" "$prog" "$arg"
  [ $bridge_ok = 1 ] && parallel_row "$name" mpi2 "$np" "$prog" "$arg"
  for mode in fork2 mpi2; do
    [ -s "$work/parallel-$name-$mode.nums" ] || continue
    read -r s1 n1 _ c1 _ _ <"$work/parallel-$name-1.nums"
    read -r s2 n2 q2 c2 r2 i2 <"$work/parallel-$name-$mode.nums"
    # Model: K workers each explore N/K states at t = CPU1/N each, plus c of CPU for each
    # state they ask an owner about (f (K-1)/K per state: the foreign share of f, the queries
    # per state were every state foreign), c fitted from the 2-worker run's extra CPU (its
    # messages, the owners' answers, the speculation past states already seen); and steals:
    # r (K-1) of them (each worker beyond the first steals as often as the second did), each
    # keeping its thief idle for g, the 2-worker run's idle time per steal request (the round
    # trip, the giver's next step, the prefix re-executed):
    #   S(K) = N t / ((N t + N f (K-1)/K c + r (K-1) g) / K).
    awk -v name="$name" -v mode="$mode" -v s1="$s1" -v n1="$n1" -v s2="$s2" -v q2="$q2" \
      -v c1="$c1" -v c2="$c2" -v r2="$r2" -v i2="$i2" 'BEGIN {
      if (s1 <= 0 || q2 <= 0 || c1 <= 0) exit
      t = c1 / n1; f = 2 * q2 / n1; c = (c2 - c1) / q2; if (c < 0) c = 0
      g = r2 > 0 ? i2 / r2 : 0
      printf "  %s %s: wall speed-up %.2f, CPU %.2f s vs %.2f s (if each worker had a core: %.2fx); t=%.1f us/state, c=%.1f us/query, f=%.2f; %d steals, g=%.2f ms idle each\n", name, mode, s1 / s2, c2, c1, c1 / (c2 / 2), t * 1e6, c * 1e6, f, r2, g * 1e3
      printf "  model S(K) = N t K / (N t + N f (K-1)/K c + r (K-1) g):"
      for (k = 8; k <= 64; k *= 2) printf " K=%d: %.1fx", k, n1 * t * k / (n1 * t + n1 * f * (k - 1) / k * c + r2 * (k - 1) * g)
      printf "\n"
    }'
  done
done
echo "wall speed-up: sequential explore seconds / parallel; the visited-state count is the"
echo "sequential one in every row (the states column). The model assumes the owners' answers"
echo "overlap the search, as they do now, and that steals grow linearly with the workers."
echo "load average after: $(cut -d" " -f1-3 /proc/loadavg)"
