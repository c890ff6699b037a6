#!/usr/bin/env bash
# Rankfold benchmarks. Usage: bench/run.sh [BUILD_DIR]   (default: build)
# Prints, for fixed workloads, Rankfold's figures next to a baseline measured in the same run:
#   - fiber switch: Rankfold's fcontext fibers vs glibc swapcontext
#   - point-to-point: 10^6 small messages between two ranks, rankfold-run --single-run vs
#     MPICH's mpiexec (two real processes over shared memory)
#   - snapshots: 4 ranks x 64 MiB of heap, 1% of pages changed between snapshots; capture and
#     restore time and bytes per snapshot for each dirty-tracking method, with and without page
#     sharing, against a plain memcpy of the heaps
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
rf=$("$build/bin/rankfold-run" --single-run -np 2 "$work/p2p" "$messages" 2>/dev/null)
echo "rankfold --single-run: $rf"
if command -v mpicc.mpich >/dev/null && command -v mpiexec.mpich >/dev/null; then
  mpicc.mpich -O2 -o "$work/p2p-mpich" "$here/programs/p2p_stream.c"
  base=$(timeout 120 mpiexec.mpich -n 2 "$work/p2p-mpich" "$messages" 2>/dev/null || echo "failed")
  echo "baseline MPICH mpiexec: $base"
  rate() { sed -n 's/.*messages_per_second=\([0-9]*\).*/\1/p' <<<"$1"; }
  if [ -n "$(rate "$base")" ]; then
    awk -v a="$(rate "$rf")" -v b="$(rate "$base")" 'BEGIN { printf "ratio rankfold/MPICH: %.2fx\n", a / b }'
  fi
else
  echo "baseline MPICH: not installed (scripts/install-deps.sh installs it)"
fi
