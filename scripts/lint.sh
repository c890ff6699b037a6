#!/usr/bin/env bash
# Static analysis of Rankfold's own sources: clang-tidy (configuration in .clang-tidy) and
# cppcheck (suppressions in .cppcheck-suppressions). Exits non-zero on any finding.
#
# Usage: scripts/lint.sh [BUILD_DIR]
#   BUILD_DIR (default: build-lint) provides compile_commands.json; if it has none, it is
#   configured here (no build needed). Nothing is built.
# Environment: LINT_JOBS (parallel clang-tidy processes, default: nproc), CLANG_TIDY, CPPCHECK.
#
# Checked: mc/ (every layer folder), properties/, simulated-mpi/ and simulated-shmem/ src and
# interface/, snapshot/,
# dwarf-introspect/,
# compiler-driver/, tests/unit, tests/corpus and bench/ -- the sources listed in
# compile_commands.json, and the project headers they include. Not checked: third-party and
# system headers, simulated-mpi/include (the C interface), the C test programs and examples.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build-lint}
build=$(mkdir -p "$build" && cd "$build" && pwd)
jobs=${LINT_JOBS:-$(nproc)}
clang_tidy=${CLANG_TIDY:-clang-tidy}
cppcheck=${CPPCHECK:-cppcheck}
start=$(date +%s)

for tool in "$clang_tidy" "$cppcheck" python3; do
  command -v "$tool" >/dev/null || { echo "lint: $tool not found (scripts/install-deps.sh --gates)" >&2; exit 2; }
done

if [ ! -f "$build/compile_commands.json" ]; then
  echo "lint: configuring $build for compile_commands.json"
  generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DRANKFOLD_TUNED_ENTRY_MEMSET=OFF >/dev/null
fi

work="$build/lint"
rm -rf "$work/tidy"
mkdir -p "$work/tidy" "$work/cppcheck-cache"

# The project's sources, once each (a file built into two targets appears twice), and a
# compilation database restricted to them for cppcheck.
python3 - "$root" "$build/compile_commands.json" "$work" <<'EOF'
import json, re, sys
root, db, work = sys.argv[1], sys.argv[2], sys.argv[3]
dirs = r"mc|mc/[a-z]+|properties|properties/[a-z]+|simulated-mpi/src|simulated-mpi/interface|simulated-shmem/src|simulated-shmem/interface|snapshot|dwarf-introspect|compiler-driver|" \
       r"tests/unit|tests/corpus|bench"
ours = re.compile("^" + re.escape(root) + "/(" + dirs + r")/[^/]+\.(cpp|c)$")
seen, entries = set(), []
for e in json.load(open(db)):
    f = e["file"]
    if not f.startswith("/"):
        f = e["directory"] + "/" + f
    if ours.match(f) and f not in seen:
        seen.add(f)
        entries.append(e)
json.dump(entries, open(work + "/compile_commands.json", "w"), indent=1)
with open(work + "/files", "w") as out:
    out.writelines(f + "\n" for f in sorted(seen))
EOF
count=$(wc -l <"$work/files")
[ "$count" -gt 0 ] || { echo "lint: no project sources in $build/compile_commands.json" >&2; exit 2; }

# Sources that include generated files need them to exist (only those are built).
cmake --build "$build" --target rankfold_generated >/dev/null

# ---- clang-tidy ---------------------------------------------------------------------------
# -ftrivial-auto-var-init=zero (the project's flag) needs an opt-in flag in clang < 16; the
# analysis does not depend on it, so the clang front end gets the default back.
# Files whose translation unit, flags and configuration are those of an earlier clean result are
# not linted again (scripts/lint-tidy-cache.py; RANKFOLD_LINT_CACHE=off lints them all).
read -r count todo < <(python3 "$root/scripts/lint-tidy-cache.py" split "$root" "$work" \
  "$clang_tidy" "$jobs")
echo "lint: clang-tidy on $todo of $count files ($((count - todo)) clean before, unchanged), $jobs at a time"
tidy_one() {
  local file=$1 log
  log="$LINT_WORK/tidy/$(echo "${file#"$LINT_ROOT"/}" | tr / _).log"
  if ! "$LINT_CLANG_TIDY" -p "$LINT_BUILD" --quiet --warnings-as-errors='*' \
      --extra-arg=-ftrivial-auto-var-init=uninitialized "$file" >"$log" 2>&1; then
    mv "$log" "$log.failed"
  fi
}
export -f tidy_one
export LINT_WORK="$work" LINT_ROOT="$root" LINT_BUILD="$build" LINT_CLANG_TIDY="$clang_tidy"
xargs -r -P "$jobs" -n 1 bash -c 'tidy_one "$0"' <"$work/files"

python3 "$root/scripts/lint-tidy-cache.py" store "$work"

tidy_failed=0
shopt -s nullglob
for log in "$work/tidy"/*.failed; do
  tidy_failed=$((tidy_failed + 1))
  # Only the diagnostics: not clang-tidy's "N warnings generated" and "Suppressed ..." lines.
  grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter=|^[0-9]+ warnings? treated as errors?$' \
    "$log" || true
done
tidy_end=$(date +%s)
echo "lint: clang-tidy: $tidy_failed of $todo files with findings ($((tidy_end - start)) s)"

# ---- cppcheck -----------------------------------------------------------------------------
cppcheck_status=0
"$cppcheck" --project="$work/compile_commands.json" --std=c++20 --library=posix --library=gnu \
  --enable=warning,performance,portability --inline-suppr \
  --suppressions-list="$root/.cppcheck-suppressions" --cppcheck-build-dir="$work/cppcheck-cache" \
  --error-exitcode=1 -j "$jobs" --quiet \
  --template='{file}:{line}:{column}: {severity}: {message} [{id}]' || cppcheck_status=$?
end=$(date +%s)
if [ "$cppcheck_status" -eq 0 ]; then
  echo "lint: cppcheck: no findings ($((end - tidy_end)) s)"
else
  echo "lint: cppcheck: findings (status $cppcheck_status, $((end - tidy_end)) s)"
fi

echo "lint: $((end - start)) s in all"
if [ "$tidy_failed" -ne 0 ] || [ "$cppcheck_status" -ne 0 ]; then
  echo "lint: FAILED"
  exit 1
fi
echo "lint: clean"
