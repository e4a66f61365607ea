#!/usr/bin/env bash
# Every test: install dependencies, build everything, run CTest (unit, SDK,
# misbehaving-plugin suite, lit, fuzz smoke runs, benchmark smoke run,
# coverage map, conformance, GCC torture, csmith, census), then the same
# unit/lit suites and the census again under ASan + UBSan
# (scripts/sanitize.sh, its own build in build-asan/).
# NEVERC_SKIP_SANITIZE=1 leaves out the sanitizer stage (for quick local runs;
# CI runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
start=$(date +%s)
bash scripts/build.sh
ctest --test-dir "${NEVERC_BUILD_DIR:-build}" --output-on-failure -j2
echo "test.sh: build + tests took $(( $(date +%s) - start )) s"
if [ "${NEVERC_SKIP_SANITIZE:-0}" != 1 ]; then
  bash scripts/sanitize.sh --no-install
fi
echo "test.sh: total $(( $(date +%s) - start )) s"
