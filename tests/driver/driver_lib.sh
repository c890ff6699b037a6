# Sourced by the shell tests of rankfold-run's options: the build and source folders from the
# arguments, a scratch folder (the working directory, removed on exit), PASS/FAIL counting, and
# `expect`, the one check most of them are made of.
# Usage, first lines of a test: source "$(dirname "$0")/driver_lib.sh" "$@"
set -uo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
run=$build/bin/rankfold-run

# expect NAME WANT TEXT COMMAND...: COMMAND exits with status WANT and prints TEXT (on stdout or
# stderr, which stay in $work/out and $work/err for the checks that follow).
expect() {
    local name=$1 want=$2 text=$3
    shift 3
    "$@" >"$work/out" 2>"$work/err"
    local status=$?
    if [ $status -eq "$want" ] && cat "$work/out" "$work/err" | grep -qF -- "$text"; then
        pass "$name"
    else
        fail "$name" "status $status (want $want), stderr: $(tail -2 "$work/err")"
    fi
}

# finish TITLE: the summary line, and the test's exit status.
finish() {
    echo "$1: $passed passed, $failed failed"
    [ $failed -eq 0 ]
}
