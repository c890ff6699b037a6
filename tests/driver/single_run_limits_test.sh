#!/usr/bin/env bash
# --single-run and --seed as a user meets them on polling loops: they stop at --time-limit
# within a few seconds (exit status 3, the limit in the report and in the JSON, also when a
# closure never reaches a choice), at --max-depth and --max-states, and end a polling deadlock
# (a cycle of polls nobody can answer) with the deadlock and each rank's pending call, but not
# a loop whose polls another order of the ranks answers, nor the fixed twins. A violation
# writes a trace that --replay tells step by step.
# Usage: single_run_limits_test.sh BUILD_DIR SOURCE_DIR
source "$(dirname "$0")/driver_lib.sh" "$@"
for p in polling-counter-no-sender endless-exchange polling-phase-deadlock \
    polling-phase-deadlock-fixed polling-order-escape; do
    "$build/bin/rankfold-cc" -o "$p" "$src/tests/programs/$p.c" || exit 2
done

# expect_limit_in NAME SECONDS TEXT COMMAND...: exit status 3, TEXT printed, within SECONDS.
expect_limit_in() {
    local name=$1 seconds=$2 text=$3
    shift 3
    local begin end
    begin=$(date +%s%N)
    expect "$name" 3 "$text" "$@"
    end=$(date +%s%N)
    local ms=$(((end - begin) / 1000000))
    [ $ms -lt $((seconds * 1000)) ] && pass "$name-in-time" || fail "$name-in-time" "took $ms ms"
}

expect_limit_in counter-time 10 "limit reached (--time-limit 2): no violation in the part run" \
    "$run" -np 2 --single-run --time-limit 2 --json counter.json ./polling-counter-no-sender
grep -q '"verdict": "limit"' counter.json && grep -q '"limit": "--time-limit 2"' counter.json &&
    pass counter-json || fail counter-json "$(head -c 300 counter.json)"
expect_limit_in counter-seed 10 "limit reached (--time-limit 2)" \
    "$run" -np 2 --seed 5 --time-limit 2 ./polling-counter-no-sender
expect_limit_in closure-time 10 "limit reached (--time-limit 2)" \
    "$run" -np 2 --single-run --time-limit 2 ./endless-exchange
expect_limit_in escape-time 10 "limit reached (--time-limit 2)" \
    "$run" -np 2 --single-run --time-limit 2 ./polling-order-escape
expect counter-depth 3 "limit reached (--max-depth 300)" \
    "$run" -np 2 --single-run --max-depth 300 ./polling-counter-no-sender
expect counter-states 3 "limit reached (--max-states 300)" \
    "$run" -np 2 --single-run --max-states 300 ./polling-counter-no-sender

expect phase-single 1 "polling with a test that can never succeed" \
    "$run" -np 2 --single-run ./polling-phase-deadlock
grep -q "polling-phase-deadlock.c:32" out err && pass phase-single-line ||
    fail phase-single-line "$(cat err | head -5)"
for seed in 1 2 3; do
    expect "phase-seed-$seed" 1 "polling with a test that can never succeed" \
        "$run" -np 2 --seed $seed --time-limit 20 ./polling-phase-deadlock
done
# A violation of one execution writes the trace of its choices; --replay tells every step.
expect phase-seed-trace 1 "replay it with:" \
    "$run" -np 2 --seed 2 --trace-file phase.trace ./polling-phase-deadlock
expect phase-seed-replay 1 "counterexample (" "$run" -np 2 --replay phase.trace ./polling-phase-deadlock
grep -q "rank 0 is blocked in MPI_Test" out err && pass phase-seed-replay-verdict ||
    fail phase-seed-replay-verdict "$(head -5 err)"
expect phase-fixed-single 0 "no violation found" "$run" -np 2 --single-run ./polling-phase-deadlock-fixed
expect phase-fixed-seed 0 "no violation found" "$run" -np 2 --seed 4 ./polling-phase-deadlock-fixed

finish "single-run limits"
