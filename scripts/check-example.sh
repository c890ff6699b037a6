#!/usr/bin/env bash
# Builds Rankfold and checks one example program with it, as a user would.
# Usage: scripts/check-example.sh [EXAMPLE.c] [RANKS]   (default: examples/ring.c, 4 ranks)
set -euo pipefail
cd "$(dirname "$0")/.."
example=${1:-examples/ring.c}
ranks=${2:-4}
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target rankfold-run rankfold-cc rankfold_module
name=$(basename "${example%.*}")
build/bin/rankfold-cc -O1 -o "build/$name" "$example"
echo "\$ rankfold-run -np $ranks build/$name"
build/bin/rankfold-run -np "$ranks" "build/$name"
