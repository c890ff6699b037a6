#!/usr/bin/env bash
# Rankfold benchmarks. Usage: bench/run.sh [BUILD_DIR]   (default: build)
# Prints, for fixed workloads, Rankfold's figures next to a baseline measured in the same run:
#   - fiber switch: Rankfold's fcontext fibers vs glibc swapcontext
#   - point-to-point: 10^6 small messages between two ranks, rankfold-run --single-run (best of
#     5, and whether it meets the 3 million messages/s aim) vs MPICH's mpiexec (two real
#     processes over shared memory)
#   - snapshots: 4 ranks x 64 MiB of heap, 1% of pages changed between snapshots; capture and
#     restore time and bytes per snapshot for each dirty-tracking method, with and without page
#     sharing, against a plain memcpy of the heaps
#   - exploration: five workloads (bench/programs/{fanin,client_server,ring_kernel,rma_halo,
#     wildcard_pairs}.c) explored
#     exhaustively with reduction and state matching (default), then with each switched off and
#     with both off (the baseline rows); two of them again with the predefined contracts off;
#     --backtrack auto (default) against restore (the previous default) and reexecute, with the
#     speed-up of each default over the previous one and whether the fan-in meets its aim
#     (best of 5 runs)
#   - state equality: the four exploration workloads at -O0 and a heap-heavy one
#     (bench/programs/heap_list.c) with --state-equality exact, semantic with the heap compared
#     by its bytes (RANKFOLD_HEAP_FORM=off, as before the heap canonical form) and semantic,
#     side by side, with the canonical form's walks and their cost per walk
#   - memory-access instrumentation: the ring kernel's whole run uninstrumented, instrumented
#     with the checks off (--no-races) and on; the cost per state of race checking
#   - OpenSHMEM: a 1-D stencil with puts and barriers at 4 PEs (bench/programs/shmem_stencil.c)
#   - liveness: the mutual-exclusion workload (bench/programs/mutex.c) at 3..7 processes, the
#     product search for [](r1 -> <>cs1) next to the safety search of the same program (the
#     baseline: what the product with the automaton costs), with the figures of SimGridMC's
#     liveness paper for the same experiment
#   - parallel search (issue 20; bench/parallel.sh, which runs alone too): fan-in (7 senders)
#     and client/server at 1 and 2 workers, by fork (--jobs 2) and by MPICH (mpiexec -n 2
#     --workers-mpi), with steals and messages; the round trip of one message over each
#     transport; a model of 8..64 workers from them; the load average before and after
# Environment: MESSAGES (p2p stream length), EXPLORE_LIMIT (seconds per exploration run, 60).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
messages=${MESSAGES:-1000000}

echo "== fiber switch (10^7 round trips)"
"$build/bin/fiber_switch_bench" 10000000

echo "== snapshots"
"$build/bin/snapshot_bench"

echo "== point-to-point stream: 2 ranks, $messages blocking Send/Recv of one int"
"$build/bin/rankfold-cc" -O2 -o "$work/p2p" "$here/programs/p2p_stream.c"
rate() { sed -n 's/.*messages_per_second=\([0-9]*\).*/\1/p' <<<"$1"; }
# Best of 5: one run on a shared machine is noisy.
rf=""
for _ in 1 2 3 4 5; do
  out=$("$build/bin/rankfold-run" --single-run -np 2 "$work/p2p" "$messages" 2>/dev/null)
  if [ -z "$rf" ] || [ "$(rate "$out")" -gt "$(rate "$rf")" ]; then rf=$out; fi
done
echo "rankfold --single-run (best of 5): $rf"
awk -v a="$(rate "$rf")" 'BEGIN {
  printf "aim (issue 18): 3,000,000 messages/s: %s\n", (a >= 3000000) ? "met" : "not met"
}'
if command -v mpicc.mpich >/dev/null && command -v mpiexec.mpich >/dev/null; then
  mpicc.mpich -O2 -o "$work/p2p-mpich" "$here/programs/p2p_stream.c"
  base=$(timeout 120 mpiexec.mpich -n 2 "$work/p2p-mpich" "$messages" 2>/dev/null || echo "failed")
  echo "baseline MPICH mpiexec: $base"
  if [ -n "$(rate "$base")" ]; then
    awk -v a="$(rate "$rf")" -v b="$(rate "$base")" 'BEGIN { printf "ratio rankfold/MPICH: %.2fx\n", a / b }'
  fi
else
  echo "baseline MPICH: not installed (scripts/install-deps.sh installs it)"
fi

# Exploration. Each workload runs in four configurations; the baseline is the search without
# sleep-set reduction and/or without state matching, so the rows of one workload show what each
# technique saves and what it costs per state. Every run has a time limit: a run that reaches it
# is reported as "limit" with what it explored so far (its rates are still meaningful). Runs known
# to take far longer than the limit are skipped rather than run into it, to keep this script
# within a few minutes.
# Rates use explore_seconds (the search, without start-up) when the report has it, else seconds.
# Under state matching "executions" counts distinct final states, so executions/s compares
# across configurations only where no state merges, as in fan-in. "B/state" is the visited-state
# store's bytes over states, fixed tables included (so it is high when there are few states).
limit=${EXPLORE_LIMIT:-60}
for p in fanin client_server ring_kernel rma_halo wildcard_pairs; do
  "$build/bin/rankfold-cc" -O2 -o "$work/$p" "$here/programs/$p.c"
done

# json_stat KEY FILE: the number after "KEY": in the report (pretty-printed, one key per line).
json_stat() { awk -v key="\"$1\":" '$1 == key { sub(/,$/, "", $2); print $2; exit }' "$2"; }

config_flags() {
  case $1 in
    default) ;;
    no-contracts) echo --contracts-predefined none ;;
    no-races) echo --no-races ;;
    exact) echo --state-equality exact ;;
    semantic | semantic-heap-bytes) echo --state-equality semantic ;;
    no-sm) echo --no-state-matching ;;
    no-red) echo --no-reduction ;;
    source) echo --reduction source ;;
    source-no-sm) echo --reduction source --no-state-matching ;;
    both-off) echo --no-state-matching --no-reduction ;;
    restore | reexecute) echo --backtrack "$1" ;;
    no-sm-restore) echo --no-state-matching --backtrack restore ;;
    no-sm-reexecute) echo --no-state-matching --backtrack reexecute ;;
  esac
}

# row WORKLOAD CONFIG STATUS STATES TRANSITIONS EXECUTIONS SECONDS STATES/S EXECS/S B/STATE RSS
row() { printf "%-18s %-15s %-8s %9s %11s %10s %8s %9s %9s %8s %8s\n" "$@"; }

# speedup NEW OLD: the speed of configuration NEW over OLD in the last explore() (their seconds).
speedup() {
  awk -v n="${seconds_of[$1]:-0}" -v o="${seconds_of[$2]:-0}" -v a="$1" -v b="$2" 'BEGIN {
    if (n > 0 && o > 0) printf "    %s against %s: %.2fx\n", a, b, o / n
  }'
}

# explore NP PROGRAM ARGS [SKIPPED_CONFIGS...]: one table row per configuration; each
# configuration's search seconds are kept in seconds_of for speedup().
declare -A seconds_of
explore() {
  local np=$1 program=$2 args=$3
  shift 3
  local name="$program $args" config configs="${CONFIGS:-default no-sm no-red both-off}"
  seconds_of=()
  for config in $configs; do
    if [[ " $* " == *" $config "* ]]; then
      row "$name" "$config" skipped - - - - - - - -
      continue
    fi
    local report="$work/report.json" rc=0 heap_form=on
    rm -f "$report"
    [ "$config" != semantic-heap-bytes ] || heap_form=off
    # shellcheck disable=SC2046,SC2086 # flags and program arguments are word lists
    RANKFOLD_HEAP_FORM=$heap_form RANKFOLD_HEAP_FORM_STATS=1 \
      "$build/bin/rankfold-run" $(config_flags "$config") --time-limit "$limit" --json "$report" \
      -np "$np" "$work/$program" $args >/dev/null 2>"$work/stderr" || rc=$?
    local status
    case $rc in
      0) status=ok ;;
      3) status=limit ;;
      *) status="error:$rc"; sed 's/^/    /' "$work/stderr" >&2 ;;
    esac
    if [ ! -s "$report" ]; then
      row "$name" "$config" "$status" - - - - - - - -
      continue
    fi
    local states transitions executions seconds store rss
    states=$(json_stat states "$report")
    transitions=$(json_stat transitions "$report")
    executions=$(json_stat executions "$report")
    seconds=$(json_stat explore_seconds "$report")
    [ -n "$seconds" ] || seconds=$(json_stat seconds "$report")
    seconds_of[$config]=$seconds
    store=$(json_stat store_bytes "$report")
    rss=$(json_stat peak_rss_bytes "$report")
    # shellcheck disable=SC2046 # awk prints the five derived columns, one word each
    row "$name" "$config" "$status" "$states" "$transitions" "$executions" $(
      awk -v s="$states" -v e="$executions" -v sec="$seconds" -v b="$store" -v r="$rss" 'BEGIN {
        rate = (sec > 0) ? 1 / sec : 0
        per_state = (s > 0) ? sprintf("%.0f", b / s) : "-"
        printf "%.2f %.0f %.0f %s %.1f\n", sec, s * rate, e * rate, per_state, r / 1048576
      }')
    if [ "$config" = semantic ]; then
      grep "heap canonical form" "$work/stderr" | sed 's/^rankfold: /    /' || true
    fi
  done
}

echo "== exploration (configs: default = reduction + state matching; no-sm = --no-state-matching;"
echo "   no-red = --no-reduction; both-off = both, the plain search; limit ${limit} s per run)"
row workload config status states transitions executions seconds states/s execs/s \
  B/state "RSS MiB"
# Fan-in: 5 senders, 2 rounds on one tag = 10!/(2!)^5 = 113,400 executions, none merged by
# state matching, none pruned by reduction (all choices are rank 0's): the per-execution cost,
# the figure the project aims to bring above 100,000 executions/s.
explore 6 fanin "2 mixed"
# Client/server, 3 clients x 4 requests: 12!/(4!)^3 = 34,650 orders that state matching folds
# into a few hundred states. With 20 requests each the orders number ~10^26, so only the runs
# with state matching can finish; that size gives their throughput on a longer run.
explore 4 client_server 4
explore 4 client_server 20 no-sm both-off
# Ring with kernel: 1 iteration already takes the plain search 40,320 executions (16 with
# reduction); 20 iterations (4 x 128 KiB of arrays changing per iteration) would take 16^20 with
# reduction alone, so only the runs with state matching can finish.
explore 4 ring_kernel 1
explore 4 ring_kernel 20 no-sm both-off
# RMA halo exchange, 16 iterations: fence epochs (deterministic) and an exclusive lock per rank
# and iteration on rank 0 (4! grant orders each, folded by state matching; the accumulate under
# it may land before the unlock, a choice while rank 0 could see it); without state
# matching the orders multiply (24^16), so only the runs with it can finish.
explore 4 rma_halo 16 no-sm both-off
# Pairs of wildcards, 4 independent pairs (8 ranks), one round: every wildcard receive is a
# choice point, and sleep sets visit every interleaving of the pairs' choices: 9 states per pair,
# multiplied (9^4 = 6,561), all folding into one final state (the plain search, over 10^6
# executions, is skipped). Source sets make it linear in the pairs (next table).
explore 8 wildcard_pairs 1 both-off
echo "seconds: the search (explore_seconds); B/state: visited-state store bytes / states, fixed"
echo "tables included; under state matching, executions = distinct final states."

# Source sets against sleep sets (the default) on the same binaries: states, and what their
# bookkeeping costs per state where they save none (fanin: every choice is rank 0's).
echo
echo "== reduction: sleep sets (default) vs source sets (source, source-no-sm)"
row workload config status states transitions executions seconds states/s execs/s \
  B/state "RSS MiB"
CONFIGS="default source source-no-sm" explore 6 fanin "2 mixed"
speedup source default
CONFIGS="default source" explore 4 client_server 20
speedup source default
CONFIGS="default source source-no-sm" explore 4 ring_kernel 20
speedup source default
CONFIGS="default source source-no-sm" explore 8 wildcard_pairs 1
speedup source default
# 8 pairs: sleep sets would visit 9^8 = 43 million states; source sets 33.
CONFIGS="source source-no-sm" explore 16 wildcard_pairs 1

# Going back to a state: --backtrack auto (the default) against restore (the previous default)
# and reexecute. The 7-sender fan-in without state matching is the issue's 100,000
# executions/s aim (5,040 executions): auto mixes replays and snapshots there, weighing each
# by the costs it measures (mc/search/BacktrackCost.hpp).
echo
echo "== backtracking: auto (default) vs restore (previous default) vs reexecute"
row workload config status states transitions executions seconds states/s execs/s \
  B/state "RSS MiB"
CONFIGS="no-sm no-sm-restore no-sm-reexecute default restore" explore 8 fanin 1
speedup no-sm no-sm-restore
# The aim from the best of 5 runs, as the stream's: one 50 ms search varies by 20% with the
# machine's load.
fanin_best=$(for _ in 1 2 3 4 5; do
  rm -f "$work/fanin-aim.json"
  "$build/bin/rankfold-run" --no-state-matching --json "$work/fanin-aim.json" -np 8 \
    "$work/fanin" 1 >/dev/null 2>&1 || true
  json_stat explore_seconds "$work/fanin-aim.json"
done | sort -g | head -n 1)
awk -v s="${fanin_best:-0}" 'BEGIN {
  rate = (s > 0) ? 5040 / s : 0
  printf "    aim (issue 18): 100,000 executions/s without state matching (best of 5): %.0f, %s\n",
    rate, (rate >= 100000) ? "met" : "not met"
}'
CONFIGS="default restore reexecute" explore 6 fanin "2 mixed"
speedup default restore
CONFIGS="default restore reexecute" explore 4 client_server 20
speedup default restore
CONFIGS="default restore" explore 4 ring_kernel 20
speedup default restore

# State equality: the same workloads built as rankfold-cc builds by default (-O0, where
# semantic equality describes the frames; at -O2 it falls back to exact), each explored with
# --state-equality exact and semantic: states and the time per state side by side.
for p in fanin client_server ring_kernel rma_halo heap_list; do
  "$build/bin/rankfold-cc" -o "$work/${p}_O0" "$here/programs/$p.c"
done
echo
echo "== state equality at -O0: exact vs semantic (frames by live variables, the heap by its"
echo "   canonical form; semantic-heap-bytes: the heap by its bytes)"
row workload config status states transitions executions seconds states/s execs/s \
  B/state "RSS MiB"
equality_configs="exact semantic-heap-bytes semantic"
CONFIGS=$equality_configs explore 6 fanin_O0 "2 mixed"
CONFIGS=$equality_configs explore 4 client_server_O0 20
CONFIGS=$equality_configs explore 4 ring_kernel_O0 20
CONFIGS=$equality_configs explore 4 rma_halo_O0 16
# Heap-heavy: 3 senders' values kept in a sorted list of heap nodes, 5 rounds (3! arrival
# orders per round, each leaving the nodes elsewhere).
CONFIGS=$equality_configs explore 4 heap_list_O0 5
echo "walks: captures with live heap blocks whose exact hash was new; us per walk: the"
echo "canonical form's cost per state walked (the others cost a lookup)"


# Contract monitoring: the predefined contracts are on by default (the "default" rows);
# no-contracts turns them off. ring_kernel's Isend/Irecv/Waitall are what the double request
# use contract watches; fan-in has no nonblocking call, so it shows the cost of the lookups alone.
echo
echo "== contract monitoring: predefined sets on (default) and off (no-contracts)"
row workload config status states transitions executions seconds states/s execs/s \
  B/state "RSS MiB"
CONFIGS="default no-contracts" explore 4 ring_kernel 20
CONFIGS="default no-contracts" explore 6 fanin "2 mixed"

# Memory-access instrumentation: rankfold-cc compiles with -fsanitize=thread and every load and
# store calls Rankfold's filter. The baseline is the same kernel compiled without it
# (-fno-sanitize=thread after rankfold-cc's own flags); --no-races keeps the calls but arms no
# filter. One execution of many iterations, so that the stencil's time dominates.
"$build/bin/rankfold-cc" -O2 -fno-sanitize=thread -o "$work/ring_kernel_plain" \
  "$here/programs/ring_kernel.c"
iterations=${KERNEL_ITERATIONS:-300}
echo
echo "== memory-access instrumentation: ring_kernel $iterations iterations, 4 ranks, --single-run"
echo "   (whole run, stats.seconds, best of 3; ratio against the uninstrumented build)"
printf "%-34s %10s %8s\n" build seconds ratio
base=""
for variant in uninstrumented "instrumented --no-races" "instrumented, checks on"; do
  best=""
  for _ in 1 2 3; do
    report="$work/report.json"
    case $variant in
      uninstrumented) cmd=("$work/ring_kernel_plain") ;;
      "instrumented --no-races") cmd=(--no-races "$work/ring_kernel") ;;
      *) cmd=("$work/ring_kernel") ;;
    esac
    "$build/bin/rankfold-run" --single-run --json "$report" -np 4 "${cmd[@]}" "$iterations" \
      >/dev/null 2>&1 || true
    s=$(json_stat seconds "$report")
    best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  [ -n "$base" ] || base=$best
  printf "%-34s %10.4f %7.2fx\n" "$variant" "$best" \
    "$(awk -v s="$best" -v b="$base" 'BEGIN { print (b > 0 ? s / b : 0) }')"
done
echo
echo "== race checking cost per state: default (checks on) and no-races"
row workload config status states transitions executions seconds states/s execs/s \
  B/state "RSS MiB"
CONFIGS="default no-races" explore 4 ring_kernel 20

# Collectives: allreduce_loop has nothing to choose, so the default mode runs its one execution
# before the search starts (explore_seconds ~ 0): compare whole-run seconds with --single-run.
"$build/bin/rankfold-cc" -O2 -o "$work/allreduce_loop" "$here/programs/allreduce_loop.c"
echo
echo "== collectives: 4 ranks, N x MPI_Allreduce (whole run, stats.seconds; best of 3)"
printf "%-22s %-12s %10s %12s\n" workload mode seconds "us/call"
for n in 1000 100000; do
  for mode in single-run explore; do
    best=""
    for _ in 1 2 3; do
      report="$work/report.json"
      flags=()
      [ "$mode" = single-run ] && flags=(--single-run)
      "$build/bin/rankfold-run" "${flags[@]}" --json "$report" -np 4 "$work/allreduce_loop" "$n" \
        >/dev/null 2>&1 || true
      s=$(json_stat seconds "$report")
      best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    printf "%-22s %-12s %10.4f %12.2f\n" "allreduce_loop $n" "$mode" "$best" \
      "$(awk -v s="$best" -v n="$n" 'BEGIN { print s * 1e6 / n }')"
  done
done

# OpenSHMEM: a 1-D stencil over 4 PEs (puts into the neighbours' halos, two barriers per
# iteration). Each put lands as a choice while its target may still run code before the barrier
# that completes it (the checker knows no step's memory footprint), so each iteration explores
# about 100 states (50 with --no-races: the race monitor's join parity tells the rest apart):
# the figure is states/s beside fan-in's above. Before delivery was a choice it was one state,
# and 10000 iterations ran in 0.44 s; 1000 now take 100k states, about 25 s.
"$build/bin/rankfold-oshcc" -O2 -o "$work/shmem_stencil" "$here/programs/shmem_stencil.c"
echo
echo "== OpenSHMEM: 4 PEs, 1-D stencil, N iterations explored (whole run, stats.seconds; best of 3)"
printf "%-22s %10s %12s %14s\n" workload seconds states "states/s"
for n in 100 1000; do
  best="" states=""
  for _ in 1 2 3; do
    report="$work/report.json"
    "$build/bin/rankfold-run" --json "$report" -np 4 "$work/shmem_stencil" "$n" >/dev/null 2>&1 || true
    s=$(json_stat seconds "$report")
    states=$(json_stat states "$report")
    best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  printf "%-22s %10.4f %12s %14.0f\n" "shmem_stencil $n" "$best" "$states" \
    "$(awk -v s="$best" -v c="$states" 'BEGIN { print (s > 0) ? c / s : 0 }')"
done

# Liveness: the bugged server (a request can be lost) must be found at every size; the FIFO
# server is searched exhaustively (with strong fairness it holds). Baseline rows: the same
# program's plain search with state matching (no automaton, no propositions).
"$build/bin/rankfold-cc" -O2 -o "$work/mutex" "$here/programs/mutex.c"
echo
echo "== liveness: mutual exclusion, --ltl '[](r1 -> <>cs1)' --fairness strong (limit ${limit} s)"
printf "%-22s %-9s %-10s %10s %10s %9s %10s %8s\n" workload search verdict states edges seconds \
  states/s "RSS MiB"
liveness_row() { # NP MODE SEARCH(ltl|safety)
  local np=$1 mode=$2 search=$3 report="$work/report.json" rc=0 flags=()
  [ "$search" = ltl ] && flags=(--ltl '[](r1 -> <>cs1)' --fairness strong)
  rm -f "$report"
  "$build/bin/rankfold-run" "${flags[@]}" --time-limit "$limit" --json "$report" \
    --trace-file "$work/mutex.trace" -np "$np" \
    "$work/mutex" "$mode" >/dev/null 2>&1 || rc=$?
  local verdict=ok
  case $rc in 0) ;; 1) verdict=violation ;; 3) verdict=limit ;; *) verdict="error:$rc" ;; esac
  if [ ! -s "$report" ]; then
    printf "%-22s %-9s %-10s\n" "mutex $mode -np $np" "$search" "$verdict"
    return
  fi
  local states edges seconds rss
  states=$(json_stat states "$report")
  edges=$(json_stat product_edges "$report")
  [ -n "$edges" ] || edges=$(json_stat transitions "$report")
  seconds=$(json_stat explore_seconds "$report")
  rss=$(json_stat peak_rss_bytes "$report")
  printf "%-22s %-9s %-10s %10s %10s %9.3f %10.0f %8.1f\n" "mutex $mode -np $np" "$search" \
    "$verdict" "$states" "$edges" "$seconds" \
    "$(awk -v s="$states" -v t="$seconds" 'BEGIN { print (t > 0 ? s / t : 0) }')" \
    "$(awk -v r="$rss" 'BEGIN { print r / 1048576 }')"
}
for np in 3 4 5 6 7; do liveness_row "$np" lost ltl; done
for np in 3 4 5 6; do
  liveness_row "$np" fifo ltl
  liveness_row "$np" fifo safety
done
echo "states: product states (program x automaton) for ltl, program states for safety; edges:"
echo "product edges for ltl, transitions for safety."
echo "SimGridMC (liveness paper, same experiment on its machine): bugged, 7 processes: 25,097"
echo "states, 9 min 12 s, 11 GiB; non-bugged, 4 processes, exhaustive: 478,396 states, 17 h 50."

echo
# The parallel search: a script of its own, which runs alone too.
"$here/parallel.sh" "$build" "$work"
