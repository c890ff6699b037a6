#!/usr/bin/env bash
# Fuzzes Rankfold's parsers with libFuzzer, each under AddressSanitizer and UBSan.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS  how long each target runs (default 60)
#   TARGET   a fuzz target's name (default: all of them). The targets are the
#            rankfold_fuzz_target() lines of tests/fuzz/CMakeLists.txt: adding a parser is adding
#            tests/fuzz/NAME_fuzzer.cpp, seeds in tests/fuzz/corpus/NAME/ and one line there.
#
# Each target runs on a scratch copy of its seed corpus plus its regressions, so the repository's
# corpus does not grow. On a finding (crash, failed check, sanitizer report, leak, timeout, out
# of memory) the input is copied into tests/fuzz/regressions/NAME/ and the script exits 1: fix the
# bug and commit that file, and ctest (fuzz-regressions-NAME) keeps it fixed. 2: a usage or build
# error. Environment: FUZZ_BUILD_DIR (default build-fuzz), FUZZ_CXX (default clang++).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${1:-60}
[ $# -gt 0 ] && shift
if ! [[ $seconds =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2
  exit 2
fi
build=${FUZZ_BUILD_DIR:-build-fuzz}
[[ $build = /* ]] || build=$root/$build
build=$build/libfuzzer
cxx=${FUZZ_CXX:-clang++}

start=$SECONDS
scripts/install-deps.sh --gates
# libFuzzer's runtime comes with clang's compiler-rt (Debian: libclang-rt-14-dev).
mkdir -p "$build"
printf 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }\n' \
  >"$build/probe.cpp"
if ! "$cxx" -fsanitize=fuzzer,address,undefined "$build/probe.cpp" -o "$build/probe" \
     >"$build/probe.log" 2>&1; then
  cat "$build/probe.log" >&2
  echo "fuzz: $cxx cannot link libFuzzer; install clang and libclang-rt-14-dev" >&2
  exit 2
fi

cmake -S tests/fuzz -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE= \
  -DRANKFOLD_LIBFUZZER=ON >"$build/configure.log" || { cat "$build/configure.log" >&2; exit 2; }

declare -A max_len
all=()
while read -r name len; do
  all+=("$name")
  max_len[$name]=$len
done <"$build/fuzz-targets.txt"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for t in "${targets[@]}"; do
  if [ -z "${max_len[$t]:-}" ]; then
    echo "fuzz: unknown target '$t' (known: ${all[*]})" >&2
    exit 2
  fi
done

cmake --build "$build" --target "${targets[@]/%/_fuzzer}" || exit 2
echo "fuzz: configured and built ${targets[*]} in $((SECONDS - start)) s"

# Halt on the first report with a stack; ASan's and libFuzzer's leak checks stay on.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
for t in "${targets[@]}"; do
  work=$build/runs/$t
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  regressions=$root/tests/fuzz/regressions/$t
  mkdir -p "$regressions"
  find "$root/tests/fuzz/corpus/$t" "$regressions" -maxdepth 1 -type f ! -name '.*' \
    -exec cp -t "$work/corpus" {} +
  args=(-max_len="${max_len[$t]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048
        -print_final_stats=1 -artifact_prefix="$work/artifacts/")
  [ -f "$root/tests/fuzz/dict/$t.dict" ] && args+=(-dict="$root/tests/fuzz/dict/$t.dict")

  echo "fuzz: $t for ${seconds} s (log: $work/log)"
  rc=0
  "$build/${t}_fuzzer" "${args[@]}" "$work/corpus" >"$work/log" 2>&1 || rc=$?
  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added)' \
    "$work/log" | sed 's/^/  /' || true
  echo "  corpus: $(find "$work/corpus" -type f | wc -l) inputs (scratch copy)"
  [ "$rc" -eq 0 ] && continue

  [ "$status" -eq 2 ] || status=1
  # The report's first lines: what went wrong and where.
  grep -m1 -A14 -E '^==[0-9]+==ERROR|runtime error|fuzz: property violated|deadly signal|Timeout|out-of-memory' \
    "$work/log" | cut -c1-240 >&2 || true
  found=0
  for artifact in "$work/artifacts"/*; do
    [ -f "$artifact" ] || continue
    found=1
    known=""
    for old in "$regressions"/*; do
      [ -f "$old" ] && cmp -s "$artifact" "$old" && known=$old
    done
    if [ -n "$known" ]; then
      echo "fuzz: $t: fails on the known regression ${known#"$root"/}" >&2
    else
      cp "$artifact" "$regressions/"
      echo "fuzz: $t: new finding saved as tests/fuzz/regressions/$t/$(basename "$artifact")" >&2
    fi
  done
  if [ "$found" -eq 0 ]; then
    tail -20 "$work/log" >&2
    echo "fuzz: $t exited with $rc and saved no input" >&2
    status=2
  fi
  echo "fuzz: reproduce with $build/${t}_fuzzer FILE" >&2
done
echo "fuzz: done in $((SECONDS - start)) s"
exit $status
