#!/usr/bin/env bash
# End-to-end tests of the user's commands: the compiler drivers on real command lines and
# Makefiles, and rankfold-run's handling of arguments and bad input.
# Usage: driver_test.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
cc=$build/bin/rankfold-cc cxx=$build/bin/rankfold-cxx run=$build/bin/rankfold-run

# An unsupported MPI function fails at compile time, naming the function.
cat >"$work/unsupported.c" <<'C'
#include <mpi.h>
int main(int argc, char** argv) { int x = 0; MPI_Init(&argc, &argv); MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD); return MPI_Finalize(); }
C
if "$cc" -o "$work/unsupported" "$work/unsupported.c" 2>"$work/unsupported.err"; then
  fail unsupported-function "compiled although MPI_Bcast is not implemented"
elif grep -q "MPI_Bcast is not supported by Rankfold" "$work/unsupported.err"; then
  pass unsupported-function
else
  fail unsupported-function "message does not name MPI_Bcast: $(head -3 "$work/unsupported.err")"
fi
# ... also from C++.
cp "$work/unsupported.c" "$work/unsupported.cpp"
if ! "$cxx" -o "$work/unsupported" "$work/unsupported.cpp" 2>"$work/unsupported.err" &&
   grep -q "MPI_Bcast is not supported by Rankfold" "$work/unsupported.err"; then
  pass unsupported-function-cxx
else
  fail unsupported-function-cxx "$(head -3 "$work/unsupported.err")"
fi

# An existing Makefile project builds unchanged with the compat names first on PATH
# (-c, -o, -I, -D, a static library, -L/-l, -lm), and runs with its arguments on every rank.
cp -r "$here/project" "$work/project"
if (cd "$work/project" && PATH="$build/compat:$PATH" make -s >"$work/make.log" 2>&1); then
  out=$("$run" -np 3 "$work/project/app" one "two words" 2>"$work/app.err")
  status=$?
  if [ $status -eq 0 ] && [ "$out" = "hello 9.479 args=3 last=two words" ]; then
    pass compat-make
  else
    fail compat-make "status $status, output '$out', $(tail -2 "$work/app.err")"
  fi
else
  fail compat-make "make failed: $(tail -5 "$work/make.log")"
fi

# -show prints the underlying command without running it.
if "$cc" -show -c x.c | grep -q -- "-ftrivial-auto-var-init=zero"; then pass driver-show; else fail driver-show "no flags shown"; fi

# rankfold-run: bad input is a clear error with exit status 2, never a crash.
expect_usage_error() { # name, expected text, command...
  local name=$1 text=$2
  shift 2
  "$@" >"$work/out" 2>"$work/err"
  local status=$?
  if [ $status -eq 2 ] && grep -qi -- "$text" "$work/err"; then pass "$name"
  else fail "$name" "status $status, stderr: $(head -2 "$work/err")"; fi
}
expect_usage_error missing-np "np" "$run" "$work/project/app"
expect_usage_error missing-program "program" "$run" -np 2
expect_usage_error zero-ranks "np" "$run" -np 0 "$work/project/app"
expect_usage_error bad-buffering "buffering" "$run" -np 2 --buffering sometimes "$work/project/app"
expect_usage_error not-a-module "not built with rankfold-cc" "$run" -np 2 /bin/true
expect_usage_error no-such-file "cannot open" "$run" -np 2 "$work/nonexistent"
echo 'int main(void) { return 0; }' >"$work/plain.c"
gcc -shared -fPIC -o "$work/plain.so" "$work/plain.c"
expect_usage_error plain-library "not built with rankfold-cc" "$run" -np 2 "$work/plain.so"

# -n is a synonym of -np, -l labels lines, and a seeded random schedule gives the same verdict.
out=$("$run" -n 3 -l "$work/project/app" x 2>/dev/null)
if [ "$out" = "[0] hello 9.479 args=2 last=x" ]; then pass label; else fail label "got '$out'"; fi
seeds_ok=1
for seed in 1 2 3 4 5; do "$run" --seed $seed -np 3 "$work/project/app" >/dev/null 2>&1 || seeds_ok=0; done
if [ $seeds_ok -eq 1 ]; then pass seeded-schedules; else fail seeded-schedules "a seeded run failed"; fi

# The same rank history gives the same heap and stack addresses, run after run.
cat >"$work/addresses.c" <<'C'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
    int rank, local = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    void* a = malloc(100); void* b = malloc(5000); free(a); void* c = calloc(3, 7); char* d = strdup("x");
    printf("rank %d: %p %p %p %p stack %p\n", rank, b, c, (void*)d, malloc(1), (void*)&local);
    MPI_Finalize();
    return 0;
}
C
"$cc" -O1 -o "$work/addresses" "$work/addresses.c"
first=$("$run" -np 3 "$work/addresses" 2>/dev/null | sort)
second=$("$run" --seed 9 -np 3 "$work/addresses" 2>/dev/null | sort)
if [ -n "$first" ] && [ "$first" = "$second" ]; then pass deterministic-addresses
else fail deterministic-addresses "first run: $first; second run: $second"; fi

# cmake --install gives a working tree of its own: drivers, headers, runtime, compat names.
if cmake --install "$build" --prefix "$work/inst" >"$work/install.log" 2>&1 &&
   PATH="$work/inst/libexec/rankfold/compat:$PATH" mpicc -O1 -o "$work/ring" "$here/../../examples/ring.c" 2>"$work/inst.err" &&
   "$work/inst/bin/rankfold-run" -np 3 "$work/ring" >/dev/null 2>>"$work/inst.err"; then
  pass install
else
  fail install "$(tail -3 "$work/install.log") $(tail -3 "$work/inst.err")"
fi

# A violation's report prints a replay command; running it gives the program's output live and
# the same violation; the same under gdb, which stops in the program; bad traces are clear errors.
cat >"$work/order.c" <<'C'
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        printf("first from %d\n", st.MPI_SOURCE);
        assert(st.MPI_SOURCE == 1);
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
C
"$cc" -o "$work/order" "$work/order.c"
(cd "$work" && "$run" -np 3 ./order >"$work/explore.out" 2>"$work/explore.err")
status=$?
replay_cmd=$(grep -A1 "replay it with:" "$work/explore.err" | tail -1 | sed 's/^ *//')
if [ $status -eq 1 ] && [ -f "$work/order.rankfold-trace.json" ] &&
   [ "$replay_cmd" = "rankfold-run --replay order.rankfold-trace.json -np 3 ./order" ] &&
   grep -q "first from 2" "$work/explore.out"; then
  pass explore-trace
else
  fail explore-trace "status $status, command '$replay_cmd', $(tail -3 "$work/explore.err")"
fi
(cd "$work" && PATH="$build/bin:$PATH" eval "$replay_cmd" >"$work/replay.out" 2>"$work/replay.err")
status=$?
if [ $status -eq 1 ] && grep -q "first from 2" "$work/replay.out" &&
   grep -q "assertion in rank 0 at order.c:12" "$work/replay.err"; then
  pass replay
else
  fail replay "status $status, $(tail -2 "$work/replay.err")"
fi
if command -v gdb >/dev/null; then
  (cd "$work" && gdb -q -batch -ex "set breakpoint pending on" -ex "break order.c:12" -ex run \
     -ex "print st.MPI_SOURCE" --args "$run" --replay order.rankfold-trace.json -np 3 ./order \
     >"$work/gdb.out" 2>&1)
  if grep -q '^\$1 = 2' "$work/gdb.out"; then pass replay-gdb
  else fail replay-gdb "$(tail -3 "$work/gdb.out")"; fi
fi
echo '{"rankfold_trace": 1, "ranks": 3, "transitions": [{"kind": "nonsense"}]}' >"$work/bad.json"
expect_usage_error replay-malformed "transitions\[0\]" "$run" --replay "$work/bad.json" -np 3 "$work/order"
expect_usage_error replay-wrong-np "recorded with -np 3" "$run" --replay "$work/order.rankfold-trace.json" -np 2 "$work/order"
printf '#include <mpi.h>\nint main(int c, char** v) { MPI_Init(&c, &v); return MPI_Finalize(); }\n' >"$work/quiet.c"
"$cc" -o "$work/quiet" "$work/quiet.c"
expect_usage_error replay-mismatch "not possible here" "$run" --replay "$work/order.rankfold-trace.json" -np 3 "$work/quiet"

echo "driver: $passed passed, $failed failed"
[ $failed -eq 0 ]
