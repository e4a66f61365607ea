#!/usr/bin/env bash
# Builds the host with AddressSanitizer + UBSan in build-asan/ and runs the
# unit and lit suites under it. Not part of CI (it roughly doubles the build).
#
# allow_user_poisoning=0: LLVM's headers poison BumpPtrAllocator memory in
# our instrumented code that Debian's uninstrumented libLLVM/lld code then
# touches legitimately; without it ASan reports false use-after-poison in
# lld. detect_leaks=0: cc1 runs with -disable-free, as clang's does.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
NEVERC_BUILD_DIR=build-asan NEVERC_CMAKE_ARGS=-DNEVERC_SANITIZE=ON \
  bash scripts/build.sh
ctest --test-dir build-asan --output-on-failure -j2 -L 'unit|misbehave|lit'
