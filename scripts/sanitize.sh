#!/usr/bin/env bash
# Builds the host with AddressSanitizer + UBSan in build-asan/ and runs, under
# it, the unit suites, the misbehaving-plugin suite, every lit suite, and the
# phase census over a real lua build (neverc with the census plugin on every
# phase: the preprocessor alone fires ~735,000 events through the host).
# scripts/test.sh (and so CI) runs this after the main test run; measured
# ~4 min clean on this 2-core machine.
#
#   scripts/sanitize.sh [--no-install]
#
# allow_user_poisoning=0: LLVM's headers poison BumpPtrAllocator memory in
# our instrumented code that Debian's uninstrumented libLLVM/lld code then
# touches legitimately; without it ASan reports false use-after-poison in
# lld. detect_leaks=0: cc1 runs with -disable-free, as clang's does.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = --no-install ] || bash scripts/install-deps.sh
export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ASAN_DIR=${NEVERC_ASAN_BUILD_DIR:-build-asan}
start=$(date +%s)
# The fuzzers (already ASan-instrumented in the main build, and not run
# here) and the benchmarks are left out of this build.
NEVERC_BUILD_DIR=$ASAN_DIR \
  NEVERC_CMAKE_ARGS="-DNEVERC_SANITIZE=ON -DNEVERC_ENABLE_FUZZ=OFF -DNEVERC_ENABLE_BENCH=OFF" \
  bash scripts/build.sh
ctest --test-dir "$ASAN_DIR" --output-on-failure -j2 -L 'unit|misbehave|lit'
# The census reuses the lua source the main build's conformance run fetched.
bash tests/conformance/census.sh --neverc "$ASAN_DIR/bin/neverc" \
  --plugin "$ASAN_DIR/plugins/CensusPlugin.so" \
  --cache "${NEVERC_CONFORMANCE_CACHE:-${NEVERC_BUILD_DIR:-build}/conformance}"
echo "sanitize.sh: ASan+UBSan build + suites took $(( $(date +%s) - start )) s"
