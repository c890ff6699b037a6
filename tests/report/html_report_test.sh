#!/usr/bin/env bash
# The HTML report (--html) as a person sees it: each page is opened in headless Chromium, which
# runs its script and hands back the DOM, and the DOM is checked against the run's trace file —
# a lane per rank, an arrow per message the trace delivers (and a dashed one per message never
# received), the violation marked, the page self-contained. A screenshot of each page is taken
# too (and must be a real picture).
# Usage: html_report_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$chromium" ]; then
  echo "html_report_test: chromium not found (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

browse() { # ARGS...: headless Chromium on a fresh profile, without any network
  "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --hide-scrollbars "$@" 2>/dev/null
}

failures=0
pages=0
# check NAME RANKS EXPECT RUN-ARGS...: EXPECT is "violation", "ok" or "folded" (a violation
# whose story is long enough to be folded). NAME is in tests/programs unless it is a path.
check() {
  local name=$1 ranks=$2 expect=$3 fold=""
  shift 3
  local prog="$src/tests/programs/$name"
  [ "${name#*/}" = "$name" ] || { prog="$src/$name"; name=$(basename "$name"); }
  if [ "$expect" = folded ]; then expect=violation; fold=folded; fi
  local exe="$work/${name%.*}"
  "$build/bin/rankfold-cc" -o "$exe" "$prog"
  rm -f "$exe.rankfold-trace.json"
  "$build/bin/rankfold-run" -np "$ranks" --html "$work/page.html" "$@" "$exe" \
    >"$work/run.out" 2>&1 || true
  if [ ! -s "$work/page.html" ]; then
    echo "FAIL $name: no HTML report written"; sed 's/^/    /' "$work/run.out"
    failures=$((failures + 1)); return
  fi
  if ! browse --dump-dom "file://$work/page.html" >"$work/dom.html" || [ ! -s "$work/dom.html" ]; then
    echo "FAIL $name: chromium could not load the page"; failures=$((failures + 1)); return
  fi
  browse --window-size=1200,700 --screenshot="$work/shot.png" "file://$work/page.html" >/dev/null || true
  local trace="$exe.rankfold-trace.json"
  [ -f "$trace" ] || trace=""
  if ! python3 "$src/tests/report/check_html_dom.py" "$work/dom.html" "$work/page.html" \
      "$ranks" "$expect" "$trace" "$work/shot.png" $fold; then
    echo "FAIL $name (-np $ranks $*)"; failures=$((failures + 1)); return
  fi
  pages=$((pages + 1))
  echo "ok   $name (-np $ranks $*)"
}

# A deadlock that needs the explorer's choice of sender, with a message never received.
check causal-order-wildcard.c 3 violation --buffering infinite
# Plain deadlocks, point-to-point.
check send-send-deadlock.c 2 violation
check recv-recv-deadlock.c 2 violation
# A usage error in a collective; a crash with a backtrace.
check collective-mismatch-root.c 2 violation
check divide-by-zero.c 2 violation
# A lasso (liveness): the prefix, then the cycle marked as repeating.
check mutex-server-lost-request.c 4 violation --ltl '[](r1 -> <>cs1)' --fairness strong
# A long story on 16 ranks: drawn whole and folded.
check tests/report/long_story.c 16 folded
# Correct programs: the verdict and statistics, no diagram.
check anysource-three-senders.c 4 ok
check halo-cart-2d.c 4 ok

echo "html report: $pages passed, $failures failed"
[ "$failures" -eq 0 ]
