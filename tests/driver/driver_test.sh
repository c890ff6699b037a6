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
int main(int argc, char** argv) { MPI_Comm c; MPI_Init(&argc, &argv); MPI_Comm_spawn("x", MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &c, MPI_ERRCODES_IGNORE); return MPI_Finalize(); }
C
if "$cc" -o "$work/unsupported" "$work/unsupported.c" 2>"$work/unsupported.err"; then
  fail unsupported-function "compiled although MPI_Comm_spawn is not implemented"
elif grep -q "MPI_Comm_spawn is not supported by Rankfold" "$work/unsupported.err"; then
  pass unsupported-function
else
  fail unsupported-function "message does not name MPI_Comm_spawn: $(head -3 "$work/unsupported.err")"
fi
# ... also from C++.
cp "$work/unsupported.c" "$work/unsupported.cpp"
if ! "$cxx" -o "$work/unsupported" "$work/unsupported.cpp" 2>"$work/unsupported.err" &&
   grep -q "MPI_Comm_spawn is not supported by Rankfold" "$work/unsupported.err"; then
  pass unsupported-function-cxx
else
  fail unsupported-function-cxx "$(head -3 "$work/unsupported.err")"
fi

# --list-unsupported lists every use of an unsupported function, not only the first, with
# file:line:col, and which functions; supported calls are not listed; nothing is written.
# (Only clearly out-of-scope functions here: others are being added to Rankfold.)
orig=$PWD
mkdir -p "$work/list" && cd "$work/list" || exit 2
cat >uses.c <<'C'
#include <mpi.h>
#include <stddef.h>
static int open_file(MPI_File* f) {
    return MPI_File_open(MPI_COMM_WORLD, "f", MPI_MODE_RDONLY, MPI_INFO_NULL, f);
}
int main(int argc, char** argv) {
    MPI_File f;
    MPI_Comm child;
    int x = 0;
    MPI_Init(&argc, &argv);
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    open_file(&f);
    MPI_Comm_spawn("worker", NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &child, NULL); MPI_File_open(MPI_COMM_WORLD, "f", MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
    return MPI_Finalize();
}
C
expected='uses.c:4:12: MPI_File_open is not supported by Rankfold
uses.c:13:5: MPI_Comm_spawn is not supported by Rankfold
uses.c:13:88: MPI_File_open is not supported by Rankfold
2 unsupported MPI functions used: MPI_Comm_spawn, MPI_File_open'
out=$("$cc" --list-unsupported -O2 -Wall -Werror -c -o uses.o uses.c 2>"$work/list.err")
status=$?
if [ $status -eq 1 ] && [ "$out" = "$expected" ] && [ ! -e uses.o ] && [ ! -e a.out ]; then
  pass list-unsupported
else
  fail list-unsupported "status $status, output '$out', $(head -3 "$work/list.err")"
fi
# A normal compile of the same program still fails, naming the function.
if ! "$cc" -c -o uses.o uses.c 2>"$work/list.err" && [ ! -e uses.o ] &&
   grep -q "MPI_File_open is not supported by Rankfold" "$work/list.err"; then
  pass unsupported-still-an-error
else
  fail unsupported-still-an-error "$(head -3 "$work/list.err")"
fi
# ... the same from C++, and with the compiler's flags and a whole link line.
cp uses.c uses.cpp
out=$("$cxx" --list-unsupported -o app uses.cpp -lm 2>"$work/list.err")
status=$?
if [ $status -eq 1 ] && [ "$out" = "${expected//uses.c/uses.cpp}" ] && [ ! -e app ]; then
  pass list-unsupported-cxx
else
  fail list-unsupported-cxx "status $status, output '$out', $(head -3 "$work/list.err")"
fi
# A program that uses only supported functions: status 0.
cat >clean.c <<'C'
#include <mpi.h>
int main(int argc, char** argv) { MPI_Init(&argc, &argv); return MPI_Finalize(); }
C
out=$("$cc" --list-unsupported clean.c 2>"$work/list.err")
status=$?
if [ $status -eq 0 ] && [ "$out" = "no unsupported MPI functions" ]; then pass list-clean
else fail list-clean "status $status, output '$out', $(head -3 "$work/list.err")"; fi
# A program that does not compile: status 2 and the compiler's own error.
printf '#include <mpi.h>\nint main(void) { int x = 1 return x; }\n' >broken.c
"$cc" --list-unsupported broken.c uses.c >"$work/list.out" 2>"$work/list.err"
status=$?
if [ $status -eq 2 ] && grep -q "^broken.c:2:[0-9]*: error: expected" "$work/list.err"; then
  pass list-compile-error
else
  fail list-compile-error "status $status, stderr: $(head -3 "$work/list.err")"
fi
# rankfold-cc accepts what mpicc accepts: a call to a function without its header (memset
# without <string.h>) keeps gcc's severity, a warning, and the program builds and runs; a call
# to an MPI function mpi.h does not declare is an error naming it, and no object is left; both
# in a normal compile and under --list-unsupported.
cat >implicit.c <<'C'
#include <mpi.h>
int main(int argc, char** argv) { int a[2]; MPI_Init(&argc, &argv); memset(a, 0, sizeof a); MPI_Finalize(); return a[0]; }
C
if "$cc" -o implicit implicit.c 2>"$work/implicit.err" &&
   grep -q "warning: implicit declaration of function .memset" "$work/implicit.err" &&
   "$run" -np 2 ./implicit >/dev/null 2>&1; then
  pass implicit-declaration-warns
else
  fail implicit-declaration-warns "$(head -3 "$work/implicit.err")"
fi
out=$("$cc" --list-unsupported implicit.c 2>"$work/list.err")
status=$?
if [ $status -eq 0 ] && [ "$out" = "no unsupported MPI functions" ]; then pass list-implicit-declaration
else fail list-implicit-declaration "status $status, output '$out', $(head -3 "$work/list.err")"; fi
cat >undeclared.c <<'C'
#include <mpi.h>
int main(int argc, char** argv) { MPI_Init(&argc, &argv); MPI_Frobnicate(1); return MPI_Finalize(); }
C
if "$cc" -c undeclared.c 2>"$work/undeclared.err"; then
  fail undeclared-mpi-function "compiled although MPI_Frobnicate is declared nowhere"
elif grep -q "^undeclared.c:2:[0-9]*: error: MPI_Frobnicate is not declared by Rankfold's mpi.h" \
       "$work/undeclared.err" && [ ! -e undeclared.o ]; then
  pass undeclared-mpi-function
else
  fail undeclared-mpi-function "$(head -5 "$work/undeclared.err"); object: $(ls undeclared.o 2>&1)"
fi
out=$("$cc" --list-unsupported undeclared.c 2>"$work/list.err")
status=$?
if [ $status -eq 1 ] && grep -q "^undeclared.c:2:[0-9]*: MPI_Frobnicate is not supported" <<<"$out"
then pass list-undeclared-mpi-function
else fail list-undeclared-mpi-function "status $status, output '$out', $(head -3 "$work/list.err")"; fi

# mpi.h declares MPI 4.0's constants and predefined handles also where Rankfold lacks the
# functions: a program that names them compiles up to its unsupported calls, which are then
# named (here MPI_File_set_atomicity, after MPI_LOCK_SHARED: --list-unsupported must get that
# far).
cat >constants.c <<'C'
#include <mpi.h>
int used[] = {MPI_LOCK_SHARED, MPI_LOCK_EXCLUSIVE, MPI_MODE_NOCHECK, MPI_MODE_NOSUCCEED,
              MPI_WIN_BASE, MPI_WIN_SIZE, MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR, MPI_WIN_MODEL,
              MPI_WIN_FLAVOR_SHARED, MPI_WIN_UNIFIED, MPI_UNIVERSE_SIZE, MPI_APPNUM,
              MPI_LASTUSEDCODE, MPI_MODE_RDWR, MPI_SEEK_END, MPI_DISTRIBUTE_BLOCK,
              MPI_COMBINER_HINDEXED_BLOCK, MPI_TYPECLASS_REAL, MPI_COMM_TYPE_HW_GUIDED,
              MPI_ERR_VALUE_TOO_LARGE, MPI_F_STATUS_SIZE, MPI_INTEGER, MPI_DOUBLE_COMPLEX,
              MPI_REAL8, MPI_SESSION_NULL, MPI_INFO_ENV, MPI_ERRORS_ABORT};
MPI_Copy_function* copy = MPI_NULL_COPY_FN;
MPI_Delete_function* del = MPI_NULL_DELETE_FN;
MPI_Win_copy_attr_function* win_copy[] = {MPI_WIN_NULL_COPY_FN, MPI_WIN_DUP_FN};
MPI_Win_delete_attr_function* win_del = MPI_WIN_NULL_DELETE_FN;
MPI_Type_copy_attr_function* type_copy[] = {MPI_TYPE_NULL_COPY_FN, MPI_TYPE_DUP_FN};
MPI_Type_delete_attr_function* type_del = MPI_TYPE_NULL_DELETE_FN;
C
if "$cc" -Wall -Werror -c constants.c 2>"$work/constants.err"; then pass mpi4-constants
else fail mpi4-constants "$(head -5 "$work/constants.err")"; fi
cat >lock.c <<'C'
#include <mpi.h>
int lock(MPI_File f) { return MPI_File_set_atomicity(f, MPI_LOCK_SHARED + MPI_MODE_NOCHECK); }
C
out=$("$cc" --list-unsupported -c lock.c 2>"$work/list.err")
status=$?
if [ $status -eq 1 ] && grep -q "^lock.c:2:[0-9]*: MPI_File_set_atomicity is not supported by Rankfold" <<<"$out"
then pass list-after-mpi4-constants
else fail list-after-mpi4-constants "status $status, output '$out', $(head -3 "$work/list.err")"; fi

# Object files and static libraries, here compiled by plain gcc against MPICH's mpi.h: their
# undefined MPI symbols, with the source line of a use when they have debug info.
mpich_inc=/usr/include/x86_64-linux-gnu/mpich
if [ -r "$mpich_inc/mpi.h" ]; then
  cat >io.c <<'C'
#include <mpi.h>
int write_all(MPI_Comm comm) {
    MPI_File f;
    int rank;
    MPI_Comm_rank(comm, &rank);
    return MPI_File_open(comm, "out", MPI_MODE_WRONLY, MPI_INFO_NULL, &f);
}
C
  gcc -I"$mpich_inc" -c io.c -o io.o && gcc -g -I"$mpich_inc" -c io.c -o io-g.o &&
    ar rcs libio.a io-g.o
  out=$("$cc" --list-unsupported -o app clean.c io.o 2>"$work/list.err")
  status=$?
  if [ $status -eq 1 ] && [ "$out" = "io.o: MPI_File_open is not supported by Rankfold
1 unsupported MPI function used: MPI_File_open" ]; then
    pass list-object-file
  else
    fail list-object-file "status $status, output '$out', $(head -3 "$work/list.err")"
  fi
  out=$("$cc" --list-unsupported -o app clean.c -L. -lm libio.a 2>"$work/list.err")
  status=$?
  if [ $status -eq 1 ] && [ "$out" = "$work/list/io.c:6: MPI_File_open is not supported by Rankfold (in libio.a(io-g.o))
1 unsupported MPI function used: MPI_File_open" ]; then
    pass list-static-library
  else
    fail list-static-library "status $status, output '$out', $(head -3 "$work/list.err")"
  fi
fi
# An object file that is not one: status 2 and nm's message.
echo "not an object" >junk.o
"$cc" --list-unsupported junk.o >"$work/list.out" 2>"$work/list.err"
status=$?
if [ $status -eq 2 ] && grep -q "junk.o" "$work/list.err"; then pass list-bad-object
else fail list-bad-object "status $status, stderr: $(head -3 "$work/list.err")"; fi
if "$cc" --help | grep -q -- "--list-unsupported"; then pass list-help; else fail list-help "not in --help"; fi
cd "$orig" || exit 2

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
