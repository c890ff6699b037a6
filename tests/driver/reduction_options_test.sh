#!/usr/bin/env bash
# rankfold-run --reduction: none, sleep and source explore (--no-reduction is none; source
# reaches the same distinct final states as sleep), source is refused with the cycle searches
# (exit status 2), and an unknown value is an error.
# Usage: reduction_options_test.sh BUILD_DIR SOURCE_DIR
source "$(dirname "$0")/driver_lib.sh" "$@"
"$build/bin/rankfold-cc" -o gather "$src/tests/programs/wildcard-gather.c" || exit 2

count() { grep -o "$1 [0-9]*" "$work/out" "$work/err" | head -1 | grep -o '[0-9]*$'; }

expect sleep 0 "executions" "$run" -np 4 --reduction sleep --no-state-matching ./gather
sleep_runs=$(count executions)
expect default 0 "executions" "$run" -np 4 --no-state-matching ./gather
[ "$(count executions)" = "$sleep_runs" ] && pass default-is-sleep || fail default-is-sleep "$(count executions) != $sleep_runs"
expect none 0 "executions" "$run" -np 4 --reduction none --no-state-matching ./gather
none_runs=$(count executions)
expect no-reduction 0 "executions" "$run" -np 4 --no-reduction --no-state-matching ./gather
[ "$(count executions)" = "$none_runs" ] && pass no-reduction-is-none || fail no-reduction-is-none "$(count executions) != $none_runs"
expect source 0 "executions" "$run" -np 4 --reduction source ./gather
source_finals=$(count executions)
expect sleep-finals 0 "executions" "$run" -np 4 ./gather
[ "$(count executions)" = "$source_finals" ] && pass source-same-finals || fail source-same-finals "$source_finals != $(count executions)"
expect source-ltl 2 "cannot be combined with --ltl" "$run" -np 4 --reduction source --ltl '<>x' --prop 'x=rank@0' ./gather
expect source-termination 2 "cannot be combined" "$run" -np 4 --reduction source --check-termination ./gather
expect unknown 2 "--reduction" "$run" -np 4 --reduction partial ./gather

finish "reduction options"
