#!/usr/bin/env bash
# Builds the checker with AddressSanitizer and UBSan and runs every test against that build:
# unit tests, the program corpus (the checked programs themselves stay uninstrumented), the
# snapshot and driver checks. Any sanitizer report makes the run fail (exit status 23 of the
# reporting process). Usage: scripts/test-sanitizers.sh [BUILD_DIR]   (default: build-asan)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-asan}
scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DRANKFOLD_SANITIZE=address,undefined
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j 2
