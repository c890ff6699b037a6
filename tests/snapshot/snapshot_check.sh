#!/usr/bin/env bash
# The snapshot layer on real programs: rankfold-run --check-snapshots captures the whole system
# at every scheduling point, then restores each snapshot and runs on; every continuation must
# end with the uninterrupted run's output and exact state hash. Run with each dirty-tracking
# method, and once without page sharing, over the programs here and the correct corpus programs.
# Usage: snapshot_check.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { # name, rankfold-run arguments...
  local name=$1
  shift
  if out=$(timeout 60 "$build/bin/rankfold-run" --check-snapshots "$@" 2>&1 >/dev/null) &&
     grep -q ", 0 differ;" <<<"$out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: $(grep -m3 "rankfold" <<<"$out")"
  fi
}
build_program() { # source -> prints the binary path
  local f=$1 name driver=rankfold-cc
  name=$(basename "${f%.*}")
  [[ $f == *.cpp ]] && driver=rankfold-cxx
  "$build/bin/$driver" -O1 -o "$work/$name" "$f" || return 1
  echo "$work/$name"
}

for f in "$src"/tests/snapshot/*.c "$src"/tests/snapshot/*.cpp; do
  bin=$(build_program "$f") || { failed=$((failed + 1)); echo "FAIL $f: does not compile"; continue; }
  for method in compare uffd mprotect; do
    RANKFOLD_DIRTY_TRACKING=$method check "$(basename "$f") [$method]" -np 4 "$bin"
  done
  check "$(basename "$f") [no sharing]" --no-page-sharing -np 3 "$bin"
done
# A store that outgrows --memory-limit stops the run cleanly with exit status 3 and says so.
bin=$(build_program "$src/tests/snapshot/heap-churn.c")
"$build/bin/rankfold-run" --check-snapshots --memory-limit 64K -np 4 "$bin" >/dev/null 2>"$work/limit.err"
status=$?
if [ $status -eq 3 ] && grep -q "memory limit reached" "$work/limit.err"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL memory-limit: status $status, $(head -2 "$work/limit.err")"
fi

# A run that never ends under round robin (the server serves one client forever) stops at
# --time-limit with exit status 3 instead of capturing until the memory limit.
bin=$(build_program "$src/tests/programs/token-server-starvation.c")
timeout 60 "$build/bin/rankfold-run" --check-snapshots --time-limit 1 -np 3 "$bin" >/dev/null \
  2>"$work/time.err"
status=$?
if [ $status -eq 3 ] && grep -q "time limit reached" "$work/time.err"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL time-limit: status $status, $(head -2 "$work/time.err")"
fi

# Every correct corpus program, with the options of its first RUN line.
for f in "$src"/tests/programs/*.c "$src"/tests/programs/*.cpp; do
  first=$(grep -m1 -o 'RANKFOLD-RUN:.*' "$f")
  # "=> ok" alone or followed by pinned counts: the counts are the corpus gate's business.
  [[ $first =~ "=> ok"($|" ") ]] || continue
  # The self-test compares against one uninterrupted run, so it needs a run that ends: server
  # loops that never finish (no execution ends) or whose first schedule cycles are left out.
  [[ $first == *" executions=0 "* || $f == *token-server-starvation.c ]] && continue
  opts=$(sed 's/RANKFOLD-RUN: //; s/ =>.*//' <<<"$first")
  opts=${opts//%S/$(dirname "$f")}
  args=""
  if [[ $opts == *" -- "* ]]; then args=${opts#* -- }; opts=${opts%% -- *}; fi
  bin=$(build_program "$f") || { failed=$((failed + 1)); echo "FAIL $f: does not compile"; continue; }
  # shellcheck disable=SC2086
  check "$(basename "$f")" $opts "$bin" $args
done
echo "snapshots: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
