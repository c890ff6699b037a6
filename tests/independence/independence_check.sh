#!/usr/bin/env bash
# The dependency relation behind the explorer's sleep sets, checked on real programs:
# rankfold-run --check-independence takes every pair of choices the relation calls independent
# in both orders, in every state of a bounded search, and both orders must end in the same
# state (and leave each other enabled). The programs have choices of several ranks open at
# once: wildcard receives and probes, Waitany/Testsome/Iprobe polling, --buffering both.
# Fails if any pair differs, if a program checks no pair at all, or on a wrong exit status.
# Usage: independence_check.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 pairs=0
build_program() { # source -> prints the binary path
  local f=$1 name driver=rankfold-cc
  name=$(basename "${f%.*}")
  [[ $f == *.cpp ]] && driver=rankfold-cxx
  [ -x "$work/$name" ] || "$build/bin/$driver" -O1 -o "$work/$name" "$f" || return 1
  echo "$work/$name"
}
summary_re='independence check: ([0-9]+) states, ([0-9]+) pairs checked in both orders, ([0-9]+) differ'
check() { # program (under tests/programs), rankfold-run options..., [-- program arguments]
  local name=$1 bin opts=() args=()
  shift
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
  [ $# -gt 0 ] && { shift; args=("$@"); }
  bin=$(build_program "$src/tests/programs/$name") ||
    { failed=$((failed + 1)); echo "FAIL $name: does not compile"; return; }
  local out status
  out=$("$build/bin/rankfold-run" --check-independence "${opts[@]}" "$bin" "${args[@]}" 2>&1 >/dev/null)
  status=$?
  local line
  line=$(grep -m1 "independence check:" <<<"$out")
  if [ $status -eq 0 ] && [[ $line =~ $summary_re ]] && [ "${BASH_REMATCH[3]}" -eq 0 ] &&
     [ "${BASH_REMATCH[2]}" -gt 0 ]; then
    passed=$((passed + 1))
    pairs=$((pairs + BASH_REMATCH[2]))
    echo "ok   $name ${opts[*]}: ${line#rankfold: independence check: }"
  else
    failed=$((failed + 1))
    echo "FAIL $name ${opts[*]} (exit status $status):"
    sed 's/^/    /' <<<"$out" | head -40
  fi
}

# Under the default zero buffering most corpus programs have one rank choosing at a time (a
# master's wildcard receive, a server's polling loop): no pair to check. --buffering both makes
# every standard send a choice of its sender, so several ranks choose at once.
check anysource-three-senders.c -np 4 --buffering both
check master-worker-anysource.c -np 3 --buffering both
check master-worker-anysource.c -np 4 --buffering both # bounded: 2000 of its 2368 states
check pipelined-ireduce.c -np 3
check pipelined-ireduce.c -np 4
check testsome-polling.c -np 3 --buffering both
check iprobe-polling.c -np 4 --buffering both
check buffering-both.c -np 3 --buffering both
check buffering-both-fixed.c -np 3 --buffering both
check wildcard-order-assert-fixed.c -np 3 --buffering both
check waitany-order-assert-fixed.c -np 3 --buffering both
check causal-order-wildcard.c -np 3 --buffering both
check sendrecv-buffering.c -np 3 --buffering both
check client-server-loop.c -np 4 --buffering both
check halo-cart-2d.c -np 4 --buffering both

# OpenSHMEM: landings of pending puts beside the steps of their targets, gets and fetching
# atomics (every SHMEM program of the corpus has 0 differing pairs; these are the ones with a
# pair to check). shmem-generic-ctx is where a PE's held quiet, then a LandingDeferred, landed
# its puts inside the step and "disabled" its target's held step (OpenChoices no longer offers
# such a step; tests/unit/ShmemHeldStepTest.cpp).
check shmem-generic-ctx.c -np 2
check shmem-ring-put.c -np 4
check shmem-get-before-landing.c -np 3
check shmem-fetch-sees-pending-add.c -np 3
check shmem-ctx-atomic-domains-fixed.c -np 3
check shmem-wait-until-overwritten-fixed.c -np 3

# MPI one-sided: lock grants, landings and held steps. A step whose closure issued a passive
# target operation is ordered with the steps that run its target (PassiveTargets.hpp); grants
# and landings that issue nothing stay independent, and these are the programs where such
# pairs are checked. (rma-accumulate-two-origins differs only in the race monitor's state.)
check race-rma-lock-all-two-puts-fixed.c -np 3
check race-rma-lock-all-two-puts.c -np 3
check rma-sync-mix-fixed.c -np 2
check rma-accumulate-two-origins.c -np 3 --no-races

# MPI_Cancel: a send's cancel takes its message from the receiver's queue, against the
# receiver's held match of it; pairs of ranks cancel independently of each other.
check cancel-send-assumed-fixed.c -np 4
check cancel-outcomes.c -np 4
check cancel-wildcard-fixed.c -np 3 --buffering both
# A probe that reports a message whose cancel is pending decides it: ordered with the cancel.
check cancel-probe-commits-fixed.c -np 2 --buffering both

# Usage errors: exit status 2.
bin=$(build_program "$src/tests/programs/anysource-three-senders.c")
"$build/bin/rankfold-run" --check-independence --check-snapshots -np 4 "$bin" >/dev/null 2>&1
status=$?
if [ $status -eq 2 ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL --check-independence --check-snapshots: exit status $status, not 2"
fi

echo "independence: $passed passed, $failed failed; $pairs pairs checked in both orders"
[ "$failed" -eq 0 ]
