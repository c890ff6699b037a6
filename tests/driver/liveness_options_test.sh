#!/usr/bin/env bash
# rankfold-run's liveness options as a user meets them: a never claim as spin -f prints it gives
# the verdict the equivalent --ltl gives, and every mistake in a formula, a claim, a --prop or a
# combination of options is an error with exit status 2 that says where (line and column).
# Usage: liveness_options_test.sh BUILD_DIR SOURCE_DIR
source "$(dirname "$0")/driver_lib.sh" "$@"
"$build/bin/rankfold-cc" -o mutex "$src/tests/programs/mutex-server-fifo.c" || exit 2

# The never claim of !([](r1 -> <>cs1)), as spin -f prints it.
cat >claim.never <<'CLAIM'
never  {    /* !([](r1 -> <>cs1)) */
T0_init:
	do
	:: (! ((cs1)) && (r1)) -> goto accept_S4
	:: (1) -> goto T0_init
	od;
accept_S4:
	do
	:: (! ((cs1))) -> goto accept_S4
	od;
}
CLAIM
expect never-violated 1 "liveness: the never claim in claim.never is violated" \
  "$run" -np 4 --never claim.never ./mutex
expect never-holds-strong 0 "no violation of the never claim in claim.never" \
  "$run" -np 4 --never claim.never --fairness strong ./mutex
expect ltl-replay 1 "the cycle returns to the state at step" \
  "$run" --replay mutex.rankfold-trace.json -np 4 ./mutex

printf 'never {\n  T0_init: if\n  :: (r1 &&) -> goto T0_init\n  fi\n}\n' >bad.never
expect never-syntax 2 "--never bad.never:3:12: expected a guard" "$run" -np 4 --never bad.never ./mutex
expect never-missing 2 "--never nothere.never: cannot open the file" \
  "$run" -np 4 --never nothere.never ./mutex
expect ltl-syntax 2 "1:12: expected a formula after '<>'" "$run" -np 4 --ltl '[](r1 -> <>)' ./mutex
expect ltl-unknown-proposition 2 "the proposition r9 of [](r9 -> <>cs1) is neither defined" \
  "$run" -np 4 --ltl '[](r9 -> <>cs1)' ./mutex
expect prop-syntax 2 "column 12: expected an integer" \
  "$run" -np 4 --ltl '<>x' --prop 'x=in_cs@1 <' ./mutex
expect prop-rank 2 "rank 7 does not exist (-np 4)" "$run" -np 4 --ltl '<>x' --prop 'x=in_cs@7' ./mutex
expect prop-member 2 "in 'in_cs.f', column" "$run" -np 4 --ltl '<>x' --prop 'x=in_cs.f@1' ./mutex
expect prop-twice 2 "the proposition x is defined twice" \
  "$run" -np 4 --ltl '<>x' --prop 'x=in_cs@1' --prop 'x=in_cs@2' ./mutex
expect prop-without-ltl 2 "give --ltl or --never too" "$run" -np 4 --prop 'x=in_cs@1' ./mutex
expect ltl-and-never 2 "not both" "$run" -np 4 --ltl '<>x' --never claim.never ./mutex
expect ltl-single-run 2 "cannot be combined with --single-run" \
  "$run" -np 4 --ltl '<>cs1' --single-run ./mutex
expect ltl-keep-going 2 "--keep-going" "$run" -np 4 --ltl '<>cs1' --keep-going ./mutex
expect fairness-value 2 "fairness" "$run" -np 4 --ltl '<>cs1' --fairness sometimes ./mutex
# A proposition read through --prop (the DWARF reader) and one declared by the program agree.
expect prop-by-name 0 "no violation of []!(c1 && c2)" \
  "$run" -np 4 --ltl '[]!(c1 && c2)' --prop c1=in_cs@1 --prop c2=in_cs@2 ./mutex

finish "liveness options"
