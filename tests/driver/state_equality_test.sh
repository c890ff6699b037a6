#!/usr/bin/env bash
# --state-equality as a user meets it: a program built without debug info, or with DWARF
# libdwarf cannot read, runs under the default (semantic) with one warning line naming the
# reason and the counts of exact equality;
# a wrong value is an error with exit status 2.
# Usage: state_equality_test.sh BUILD_DIR SOURCE_DIR
source "$(dirname "$0")/driver_lib.sh" "$@"
program=$src/tests/programs/padding-only-difference.c
"$build/bin/rankfold-cc" -O0 -g0 -o nodebug "$program" || exit 2

"$run" -np 3 ./nodebug >out 2>err
status=$?
warnings=$(grep -c "warning: states are compared exactly, not semantically: .*has no DWARF debug info for main" err)
if [ $status -eq 0 ] && [ "$warnings" -eq 1 ] && grep -q "8 states, 10 transitions" err; then
    pass "no debug info: exact equality, one warning"
else
    fail "no debug info" "status $status, $warnings warnings, stderr: $(tail -3 err)"
fi

# DWARF libdwarf cannot read (.debug_info replaced by 64 bytes of 0xff): the same fallback,
# the reason named, never a crash or a wrong "equal".
"$build/bin/rankfold-cc" -O0 -g -o baddwarf "$program" || exit 2
printf '\377%.0s' $(seq 64) >garbage
objcopy --update-section .debug_info=garbage baddwarf || exit 2
"$run" -np 3 ./baddwarf >out 2>err
status=$?
warnings=$(grep -c "warning: states are compared exactly, not semantically: cannot read DWARF of .*baddwarf" err)
if [ $status -eq 0 ] && [ "$warnings" -eq 1 ] && grep -q "8 states, 10 transitions" err; then
    pass "unreadable DWARF: exact equality, one warning"
else
    fail "unreadable DWARF" "status $status, $warnings warnings, stderr: $(tail -3 err)"
fi

"$run" -np 3 --state-equality bytes ./nodebug >out 2>err
status=$?
if [ $status -eq 2 ] && grep -q "state-equality" err; then pass "a wrong value"
else fail "a wrong value" "status $status, stderr: $(tail -2 err)"; fi

finish "state equality"
