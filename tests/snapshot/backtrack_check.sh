#!/usr/bin/env bash
# The two ways back to a state must agree (mc/search/Backtracking): restoring a snapshot of the
# state, and restoring an earlier snapshot and taking the path again (--backtrack reexecute).
# Over every corpus program that uses the heap (where what a restore leaves outside the state
# once made them differ), each RUN line whose verdict is ok runs with both, under
# RANKFOLD_CHECK_BACKTRACK=1 (every state gone back to is compared with the saved one, and the
# heap arenas' free space must be zero); the counts must be equal and no check may complain.
# Usage: backtrack_check.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }

# The counts of the summary line ("N states, M transitions, E executions, R revisits").
counts() { grep -o '[0-9]* states, [0-9]* transitions, [0-9]* executions, [0-9]* revisits' "$1" | tail -1; }

for f in "$src"/tests/programs/*.c "$src"/tests/programs/*.cpp "$src"/examples/*.c; do
  [ -e "$f" ] || continue
  grep -qE 'malloc|calloc|realloc|strdup|\bnew\b|std::(vector|string|map)' "$f" || continue
  name=$(basename "${f%.*}")
  driver=rankfold-cc
  [[ $f == *.cpp ]] && driver=rankfold-cxx
  cflags=$(grep -m1 -o 'RANKFOLD-CFLAGS:.*' "$f" | sed 's/RANKFOLD-CFLAGS: *//; s/ *\*\/.*//')
  # shellcheck disable=SC2086
  "$build/bin/$driver" -O1 $cflags -o "$work/$name" "$f" 2>"$work/cc.err" ||
    { fail "$name" "does not compile: $(head -2 "$work/cc.err")"; continue; }
  line=0
  while IFS= read -r run; do
    line=$((line + 1))
    [[ $run == *"=> ok"* ]] || continue
    opts=$(sed 's/.*RANKFOLD-RUN: *//; s/ *=>.*//' <<<"$run")
    opts=${opts//%S/$(dirname "$f")} # the program's folder (contract files, ...)
    # Modes that do not backtrack through Backtracking, or choose it themselves.
    [[ $opts == *--backtrack* || $opts == *--single-run* || $opts == *--seed* || \
       $opts == *--check-* || $opts == *--ltl* || $opts == *--never* ]] && continue
    args=""
    if [[ $opts == *" -- "* ]]; then args=${opts#* -- }; opts=${opts%% -- *}; fi
    results=()
    complained=0
    for mode in restore reexecute; do
      # shellcheck disable=SC2086
      RANKFOLD_CHECK_BACKTRACK=1 timeout 300 "$build/bin/rankfold-run" --backtrack $mode $opts \
        "$work/$name" $args >/dev/null 2>"$work/$mode.err"
      if grep -q "backtrack check" "$work/$mode.err"; then
        fail "$name [run $line, $mode]" "$(grep -m1 "backtrack check" "$work/$mode.err")"
        complained=1
      fi
      results+=("$(counts "$work/$mode.err")")
    done
    if [ -z "${results[0]}" ] || [ "${results[0]}" != "${results[1]}" ]; then
      fail "$name [run $line]" "restore: '${results[0]}', reexecute: '${results[1]}'"
    elif [ $complained -eq 0 ]; then
      passed=$((passed + 1))
    fi
  done < <(grep -o 'RANKFOLD-RUN:.*' "$f")
done
echo "backtrack check: $passed passed, $failed failed"
[ $failed -eq 0 ]
