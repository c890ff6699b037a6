#!/usr/bin/env bash
# Installs the Debian packages Rankfold builds and tests with (DESIGN.md §7), only those missing.
# Needs root (or sudo). Safe to run again.
# libsimgrid-dev brings SimGrid's SMPI (smpicc, smpicxx, smpirun), the differential test's
# second reference MPI next to MPICH.
# Usage: scripts/install-deps.sh [--gates]   (--gates: also the quality-gate tools of CI:
# clang and libFuzzer for fuzzing, clang-tidy and cppcheck for static analysis)
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  libboost-context-dev libunwind-dev libdwarf-dev libelf-dev libxxhash-dev
  catch2 libcli11-dev libfmt-dev nlohmann-json3-dev
  mpich libmpich-dev gdb
  libsimgrid-dev python3 chromium
)
if [ "${1:-}" = "--gates" ]; then
  packages+=(clang libclang-rt-14-dev clang-tidy cppcheck)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
