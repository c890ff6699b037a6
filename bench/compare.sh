#!/usr/bin/env bash
# Before/after: the speed workloads of issue 18 with two builds, in one invocation, so that both
# columns see the same load on a shared machine.
# Usage: bench/compare.sh BASELINE_BUILD [BUILD]   (BUILD default: build)
# BASELINE_BUILD needs only bin/ and lib/ (a copy of a build of the main branch will do): each
# workload is compiled once, by BUILD's rankfold-cc, and run by each build's rankfold-run with
# that build's library first on the library path (the programs find librankfold.so through
# it), so the two builds must agree on mpi.h. Each runs --no-fork, RUNS times (3); the
# table gives the least CPU time
# (user + sys) of the runs, the counts (which must agree: a change of speed, not of the search)
# and the rate over that CPU time:
#   - p2p stream: 2 ranks, MESSAGES blocking Send/Recv pairs (10^6), --single-run: messages/s;
#     and searched with the default options (no choice point: all closure)
#   - fan-in: 7 senders, 1 round, --no-state-matching (5,040 executions): executions/s
#   - client/server: 3 clients x 20 requests (default options): states/s
#   - ring kernel: 4 ranks, 20 iterations (default options): states/s
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: $0 BASELINE_BUILD [BUILD]" >&2; exit 2; }
# shellcheck disable=SC2034 # both are read through ${!side}
baseline=$(cd "$1" && pwd)
# shellcheck disable=SC2034
build=$(cd "${2:-$here/../build}" && pwd)
runs=${RUNS:-3}
messages=${MESSAGES:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for p in p2p_stream fanin client_server ring_kernel; do
  "$build/bin/rankfold-cc" -O2 -o "$work/$p" "$here/programs/$p.c"
done

# measure SIDE NAME RANKFOLD-RUN-ARGUMENTS...: sets cpu (least user+sys over the runs) and
# counts (the run's summary line without its times).
measure() {
  local side=$1 name=$2 dir
  shift 2
  dir=${!side}
  cpu=""
  for _ in $(seq "$runs"); do
    LD_LIBRARY_PATH="$dir/lib" /usr/bin/time -f "%U %S" -o "$work/time" \
      "$dir/bin/rankfold-run" --no-fork "$@" >/dev/null 2>"$work/stderr" || true
    local t
    t=$(awk '{ print $1 + $2 }' "$work/time")
    cpu=$(awk -v a="$cpu" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  # "N states", "N executions" or "N matches": what the rate is of.
  counts=$(grep -o '[0-9,]* \(states\|transitions\|executions\|matches\)' "$work/stderr" |
    tr -d , | awk '!seen[$0]++' | tr '\n' ' ')
}

# per COUNTS WORD: the number before WORD.
per() { awk -v w="$2" '{ for (i = 2; i <= NF; ++i) if ($i == w) { print $(i - 1); exit } }' <<<"$1"; }

printf "%-38s %9s %9s %7s %12s %12s  %s\n" workload "base cpu" "new cpu" ratio "base rate" \
  "new rate" counts
row() { # NAME UNIT "OPTIONS" NP PROGRAM ARGS...
  local name=$1 unit=$2 options=$3 np=$4 program=$5
  shift 5
  # shellcheck disable=SC2086 # options is a word list
  measure baseline "$name" $options -np "$np" "$work/$program" "$@"
  local base_cpu=$cpu base_counts=$counts
  # shellcheck disable=SC2086
  measure build "$name" $options -np "$np" "$work/$program" "$@"
  local new_cpu=$cpu
  [ "$base_counts" = "$counts" ] || echo "  counts differ: base $base_counts / new $counts"
  local n
  n=$(per "$counts" "$unit")
  awk -v name="$name" -v b="$base_cpu" -v a="$new_cpu" -v n="$n" -v c="$counts" 'BEGIN {
    printf "%-38s %9.2f %9.2f %6.2fx %12.0f %12.0f  %s\n", name, b, a, b / a, n / b, n / a, c
  }'
}
stream_row() { # NAME RANKFOLD-RUN-OPTIONS...
  local name=$1 stream_base
  shift
  measure baseline stream "$@" -np 2 "$work/p2p_stream" "$messages"
  stream_base=$cpu
  measure build stream "$@" -np 2 "$work/p2p_stream" "$messages"
  awk -v name="$name" -v b="$stream_base" -v a="$cpu" -v n="$messages" 'BEGIN {
    printf "%-38s %9.2f %9.2f %6.2fx %12.0f %12.0f  %s\n", name, b, a, b / a, n / b, n / a,
      n " messages"
  }'
}
stream_row "p2p stream --single-run (messages/s)" --single-run
# The same program searched (default options): it has no choice, so the whole run is the
# closure to the first choice point, which the search once recorded step by step.
stream_row "p2p stream searched (messages/s)"
row "fan-in 7 senders, no-sm (executions/s)" executions --no-state-matching 8 fanin 1
row "client/server 20 (states/s)" states "" 4 client_server 20
row "ring kernel 20 (states/s)" states "" 4 ring_kernel 20
echo "cpu: least user+sys seconds of $runs runs (rankfold-run --no-fork); rate: count / cpu"
