#!/usr/bin/env bash
# Configures (once) and builds the given targets (all when none) in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${NEVERC_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo ${NEVERC_CMAKE_ARGS:-}
fi
ninja -C "$BUILD_DIR" "$@"
