#!/usr/bin/env bash
# ThinLTO links through the graph linker against clang-22 + lld, side by
# side, on the same bitcode:
#
#   tests/bench/link/lto.sh [--runs N] [--work DIR] [--out FILE]
#
# Bitcode: the sqlite3 shell (sqlite3.c + shell.c) and lua (its src/*.c but
# luac.c) from the conformance work tree (DIR, default
# build/conformance/work), compiled once with clang-22 -flto=thin -O2
# (neverc writes the same bytes). Rows, per project and ThinLTO jobs 1 and
# 2: cold (an empty --thinlto-cache-dir each run) and warm (the cache the
# cold links filled). Columns: neverc (the graph linker) and clang-22
# -fuse-ld=lld, their ratio, and warm / cold for neverc (the issue's goal:
# <= 1.02 cold, warm <= 0.2 x cold). Medians of N runs (default 3); timings
# are for reading, nothing is asserted. Writes a markdown table to --out
# (default build/bench/link-lto.md) and prints it.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
NEVERC=$ROOT/build/bin/neverc
WORK=$ROOT/build/conformance/work
RUNS=3
OUT=$ROOT/build/bench/link-lto.md
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) RUNS=$2; shift 2 ;;
  --work) WORK=$2; shift 2 ;;
  --out) OUT=$2; shift 2 ;;
  -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
  *) echo "lto-bench: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
CLANG=$(command -v clang-22)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$(dirname "$OUT")"

# median CACHE-MODE CMD: CACHE-MODE "cold" empties $T/cache before each run.
median() {
  python3 - "$RUNS" "$1" "$T/cache" "$2" <<'PY'
import shutil, statistics, subprocess, sys, time
runs, mode, cache, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
ts = []
for _ in range(runs + 1):
    if mode == "cold":
        shutil.rmtree(cache, ignore_errors=True)
    t = time.perf_counter()
    if subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode:
        print("fail"); sys.exit(0)
    ts.append(time.perf_counter() - t)
print("%.3f" % statistics.median(ts[1:]))
PY
}

rows=()
bench() {
  local name=$1 jobs=$2
  shift 2
  local nc nw lc lw
  local n="$NEVERC -fuse-ld=neverc -Wl,--thinlto-jobs=$jobs -Wl,--thinlto-cache-dir=$T/cache $* -o $T/n"
  local l="$CLANG -fuse-ld=lld -Wl,--thinlto-jobs=$jobs -Wl,--thinlto-cache-dir=$T/cache $* -o $T/l"
  nc=$(median cold "$n")
  nw=$(median warm "$n")
  lc=$(median cold "$l")
  lw=$(median warm "$l")
  rows+=("$name, jobs $jobs|$nc|$lc|$nw|$lw")
  echo "lto-bench: $name jobs $jobs: neverc cold $nc warm $nw, lld cold $lc warm $lw" >&2
}

S=$WORK/sqlite/build-neverc
if [ -f "$S/sqlite3.c" ]; then
  echo "lto-bench: compiling sqlite3.c and shell.c once (-flto=thin -O2)" >&2
  "$CLANG" -flto=thin -O2 -c "$S/sqlite3.c" -I"$S" -o "$T/sqlite3.o"
  "$CLANG" -flto=thin -O2 -c "$S/shell.c" -I"$S" -o "$T/shell.o"
  for j in 1 2; do
    bench "sqlite3 shell" "$j" "$T/shell.o" "$T/sqlite3.o" -lm
  done
fi
if [ -d "$WORK/lua/src" ]; then
  echo "lto-bench: compiling lua once (-flto=thin -O2)" >&2
  mkdir -p "$T/lua"
  for c in "$WORK"/lua/src/*.c; do
    [ "$(basename "$c")" = luac.c ] && continue
    "$CLANG" -flto=thin -O2 -DLUA_USE_LINUX -c "$c" -o "$T/lua/$(basename "$c" .c).o"
  done
  for j in 1 2; do
    bench "lua" "$j" "$T"/lua/*.o -Wl,-E -lm -ldl
  done
fi
if [ ${#rows[@]} = 0 ]; then
  echo "lto-bench: nothing to link (no work tree; run tests/conformance/run.sh)" >&2
  exit 1
fi
{
  echo "ThinLTO links timed with $RUNS runs each (medians), $(nproc) cores, $(date -u +%F)."
  echo
  echo "| link | neverc cold (s) | lld cold (s) | neverc warm (s) | lld warm (s) | cold neverc / lld | warm neverc / lld | neverc warm / cold |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|"
  for r in "${rows[@]}"; do
    IFS='|' read -r name nc lc nw lw <<<"$r"
    python3 - "$name" "$nc" "$lc" "$nw" "$lw" <<'PY'
import sys
name, nc, lc, nw, lw = sys.argv[1:]
def ratio(x, y):
    try: return "%.2f" % (float(x) / float(y))
    except ValueError: return "-"
print(f"| {name} | {nc} | {lc} | {nw} | {lw} | {ratio(nc, lc)} | {ratio(nw, lw)} | {ratio(nw, nc)} |")
PY
  done
} | tee "$OUT"
