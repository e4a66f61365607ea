#!/usr/bin/env bash
# Every test: install dependencies, build everything, run CTest (unit, SDK,
# misbehaving-plugin suite, fuzz smoke runs, benchmark smoke run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
start=$(date +%s)
bash scripts/build.sh
ctest --test-dir "${NEVERC_BUILD_DIR:-build}" --output-on-failure -j2
echo "test.sh: build + tests took $(( $(date +%s) - start )) s"
