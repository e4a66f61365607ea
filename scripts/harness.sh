#!/usr/bin/env bash
# The whole measurement and assurance harness, one command, one report:
# how much of neverc is real (phase table, coverage map, census), how
# correct it is (tests, conformance, GCC torture, csmith, sanitizers,
# fuzzing) and how fast it is (compile and ABI benchmarks against clang-22).
#
#   scripts/harness.sh            # full run (37 min on 2 cores, built tree)
#   scripts/harness.sh --quick    # every stage, smaller: torture every 10th
#                                 # file, 30 csmith programs, 10 s per
#                                 # fuzzer, benchmark smoke (~6 min)
#
# Knobs (environment): NEVERC_HARNESS_CSMITH_N (programs, default 500),
# NEVERC_HARNESS_FUZZ_SECONDS (per fuzzer, default 120),
# NEVERC_HARNESS_STAGES (run only these, e.g. "build csmith fuzz"; names:
# install build tests coverage census conformance torture csmith sanitize
# fuzz bench).
# Writes build/harness/report.md (sections from each stage's own output)
# and build/harness/logs/<stage>.log; exits non-zero if any stage failed.
# CI (scripts/test.sh) runs the cheap parts of the same stages through CTest;
# this adds the long csmith campaign, longer fuzzing and the benchmarks.
# The benchmarks time clang-22 against neverc: run it on a quiet machine.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${NEVERC_BUILD_DIR:-build}
QUICK=0
case "${1:-}" in
--quick) QUICK=1 ;;
"") ;;
-h | --help) sed -n '2,19p' "$0"; exit 0 ;;
*) echo "harness: unknown argument '$1'" >&2; exit 2 ;;
esac
OUT=$BUILD/harness
SECTIONS=$OUT/sections
LOGS=$OUT/logs
rm -rf "$SECTIONS" "$LOGS"
mkdir -p "$SECTIONS" "$LOGS"
NEVERC=$BUILD/bin/neverc
CSMITH_N=${NEVERC_HARNESS_CSMITH_N:-500}
FUZZ_SECONDS=${NEVERC_HARNESS_FUZZ_SECONDS:-120}
TORTURE_ENV=()
BENCH_ARGS=()
if [ "$QUICK" = 1 ]; then
  CSMITH_N=30 FUZZ_SECONDS=10
  TORTURE_ENV=(NEVERC_TORTURE_STRIDE=10)
  BENCH_ARGS=(--smoke)
fi

# stage NAME TITLE KIND COMMAND...: runs COMMAND with its output in
# $LOGS/NAME.log (and on the terminal), then records the section.
stage() {
  local name=$1 title=$2 kind=$3
  shift 3
  if [ -n "${NEVERC_HARNESS_STAGES:-}" ] &&
    [[ " $NEVERC_HARNESS_STAGES " != *" $name "* ]]; then
    return 0
  fi
  echo "harness: === $title: $*"
  local t0 rc
  t0=$(date +%s)
  "$@" 2>&1 | tee "$LOGS/$name.log"
  rc=${PIPESTATUS[0]}
  local shown="$*"
  [ "$1" = fuzz_campaign ] &&
    shown="neverc-fuzz-{descriptor,object-input} -max_total_time=$FUZZ_SECONDS"
  python3 tests/harness/report.py stage "$SECTIONS" "$name" "$title" "$rc" \
    "$(($(date +%s) - t0))" "$shown" "$LOGS/$name.log" "$kind"
}

# Runs each fuzzer for FUZZ_SECONDS on a scratch copy of its corpus and
# prints one table row per fuzzer from libFuzzer's own final lines.
fuzz_campaign() {
  local work rc=0
  work=$(mktemp -d)
  echo "| fuzzer | seconds | runs | coverage (cov/ft) | corpus | crashes |"
  echo "|---|--:|--:|--:|--:|--:|"
  for f in descriptor object-input; do
    local bin=$BUILD/tests/fuzz/neverc-fuzz-$f seeds=()
    if [ ! -x "$bin" ]; then
      echo "| $f | - | not built (needs NEVERC_ENABLE_FUZZ and clang) | | | |"
      rc=1
      continue
    fi
    mkdir -p "$work/$f/corpus" "$work/$f/crashes"
    case "$f" in
    descriptor) cp -r tests/fuzz/corpus/. "$work/$f/corpus/" ;;
    object-input) [ -d "$BUILD/tests/fuzz/corpus-object" ] &&
      seeds=("$BUILD/tests/fuzz/corpus-object") ;;
    esac
    "$bin" -max_total_time="$FUZZ_SECONDS" -max_len=4096 -seed=1 \
      -artifact_prefix="$work/$f/crashes/" "$work/$f/corpus" "${seeds[@]}" \
      >"$LOGS/fuzz-$f.log" 2>&1
    local frc=$? last done_line crashes
    last=$(grep -E '^#[0-9]+' "$LOGS/fuzz-$f.log" | tail -n 1)
    done_line=$(grep -E '^Done [0-9]+ runs' "$LOGS/fuzz-$f.log" | tail -n 1)
    crashes=$(find "$work/$f/crashes" -type f | wc -l)
    echo "| $f | $FUZZ_SECONDS | $(echo "$done_line" | awk '{print $2}') |" \
      "$(echo "$last" | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \/ \2/p') |" \
      "$(echo "$last" | sed -n 's/.*corp: \([0-9]*\)\/.*/\1/p') | $crashes |"
    if [ "$frc" != 0 ] || [ "$crashes" != 0 ]; then
      echo "fuzz: $f exited $frc with $crashes crash input(s); see $LOGS/fuzz-$f.log"
      rc=1
    fi
  done
  rm -rf "$work"
  [ "$rc" = 0 ] && echo "fuzz: PASSED (no crash)"
  return $rc
}

T0=$(date +%s)
stage install "Dependencies (Debian packages)" last bash scripts/install-deps.sh
stage build "Build" last bash scripts/build.sh
stage tests "CTest: unit, SDK, misbehaving plugins, lit, fuzz smoke" ctest \
  ctest --test-dir "$BUILD" --output-on-failure -j2 \
  -LE 'conformance|differential|coverage'
stage coverage "Phase coverage map (docs/plugin-api-coverage.json)" table \
  python3 tests/coverage/check_coverage.py "$ROOT" "$NEVERC"
stage census "Phase census over a lua build" table \
  bash tests/conformance/census.sh --neverc "$NEVERC"
stage conformance "Conformance: Debian projects built with neverc" table \
  bash tests/conformance/run.sh --neverc "$NEVERC"
stage torture "GCC torture tests, neverc against clang-22" table \
  env "${TORTURE_ENV[@]}" bash tests/conformance/torture.sh --neverc "$NEVERC"
stage csmith "csmith: neverc -O2 against gcc -O0" table \
  bash tests/differential/csmith.sh "$NEVERC" "$CSMITH_N" 1000
stage sanitize "ASan + UBSan: unit, lit, census" ctest \
  bash scripts/sanitize.sh --no-install
stage fuzz "Fuzzing" table fuzz_campaign
stage bench "Benchmarks against clang-22" "file:$BUILD/bench/report.md" \
  bash tests/bench/run.sh "${BENCH_ARGS[@]}"

cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n 1)
python3 tests/harness/report.py assemble "$SECTIONS" "$OUT/report.md" \
  "date: $(date -u '+%Y-%m-%d %H:%M UTC'), $(($(date +%s) - T0)) s in all" \
  "machine: $(nproc) CPUs, ${cpu:-unknown CPU}, $(free -g | awk '/^Mem:/{print $2}') GiB" \
  "neverc: $("$NEVERC" --version 2>/dev/null | head -n 1) ($(git describe --always --dirty 2>/dev/null || echo -))" \
  "mode: $([ "$QUICK" = 1 ] && echo quick || echo full)${NEVERC_HARNESS_STAGES:+, stages: $NEVERC_HARNESS_STAGES}" \
  "phases: $("$NEVERC" --print-phases 2>/dev/null | tail -n 1)"
