#!/usr/bin/env bash
# One command for both benchmarks, one markdown report:
#
#   tests/bench/run.sh            # full: compile bench (lua, lua-batch,
#                                 # sqlite; -O0/-O2) + ABI bench
#   tests/bench/run.sh --smoke    # quick check: compile smoke + short ABI run
#   tests/bench/run.sh -- --runs 10 --workloads lua   # extra bench.py flags
#
# Needs a built tree (build/bin/neverc, build/plugins/CensusPlugin.so,
# build/tests/bench/neverc-bench-abi with NEVERC_ENABLE_BENCH and Google
# Benchmark) and, for lua/sqlite, the apt-get source cache that
# tests/conformance/run.sh fills (build/conformance). Writes
# build/bench/report.md: machine (nproc, CPU model, date), the compile table
# (tests/bench/compile/run.sh) and the ABI table (tests/bench/abi_ratios.py).
# Not a CTest test: timings are for reading, never asserted.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${NEVERC_BUILD_DIR:-$ROOT/build}
OUTDIR=$BUILD/bench
REPORT=$OUTDIR/report.md
ABI_BIN=$BUILD/tests/bench/neverc-bench-abi
SMOKE=0
COMPILE_ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
  --smoke) SMOKE=1; shift ;;
  --) shift; COMPILE_ARGS+=("$@"); break ;;
  -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
  *) echo "bench: unknown argument '$1' (bench.py flags go after --)" >&2
     exit 2 ;;
  esac
done
mkdir -p "$OUTDIR"

if [ "$SMOKE" = 1 ]; then
  COMPILE_MD=$OUTDIR/compile-smoke.md
  COMPILE_ARGS=(--smoke --out "$COMPILE_MD" "${COMPILE_ARGS[@]}")
  ABI_ARGS=(--benchmark_min_time=0.01s)
else
  COMPILE_MD=$OUTDIR/compile.md
  COMPILE_ARGS=(--out "$COMPILE_MD" "${COMPILE_ARGS[@]}")
  ABI_ARGS=(--benchmark_min_time=0.2s --benchmark_repetitions=5)
fi

echo "bench: === compile benchmark"
rm -f "$COMPILE_MD"
compile_rc=0
bash "$HERE/compile/run.sh" "${COMPILE_ARGS[@]}" || compile_rc=$?

echo "bench: === ABI benchmark"
ABI_MD=$OUTDIR/abi.md
abi_rc=0
if [ -x "$ABI_BIN" ]; then
  # Google Benchmark < 1.8 takes --benchmark_min_time as plain seconds.
  if "$ABI_BIN" --benchmark_min_time=0.001s --benchmark_filter=NONE \
    >/dev/null 2>&1; then :; else
    ABI_ARGS=("${ABI_ARGS[@]/%s/}")
  fi
  python3 "$HERE/abi_ratios.py" "$ABI_BIN" "${ABI_ARGS[@]}" >"$ABI_MD" ||
    abi_rc=$?
  cat "$ABI_MD"
else
  echo "_neverc-bench-abi not built ($ABI_BIN): configure with" \
    "NEVERC_ENABLE_BENCH=ON and Google Benchmark installed._" >"$ABI_MD"
  abi_rc=1
fi

cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo |
  head -n 1)
{
  echo "# neverc benchmark report"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- machine: $(nproc) CPUs, ${cpu:-unknown CPU} ($(uname -srm))"
  echo "- neverc: $("$BUILD/bin/neverc" --version 2>/dev/null | head -n 1)"
  echo "- git: $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo -)"
  echo "- mode: $([ "$SMOKE" = 1 ] && echo smoke || echo full)"
  echo
  echo "## Compile time (tests/bench/compile/run.sh)"
  echo
  if [ -s "$COMPILE_MD" ]; then
    sed 's/^# /### /' "$COMPILE_MD" # its own title, under this section
  else
    echo "_compile benchmark failed (exit $compile_rc); see its output._"
  fi
  echo
  echo "## Plugin boundary (neverc-bench-abi via tests/bench/abi_ratios.py)"
  echo
  echo "CPU time per call; ratio = neverc / direct indirect call."
  echo
  cat "$ABI_MD"
} >"$REPORT"
echo
echo "bench: report written to $REPORT"
[ "$compile_rc" = 0 ] && [ "$abi_rc" = 0 ]
