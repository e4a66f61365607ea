#!/usr/bin/env bash
# The object graph's read + write speed next to llvm-objcopy's copy.
#
#   tests/bench/object/run.sh [--runs N] [--objects "a.o b.o ..."]
#
# Objects: sqlite3.c from the conformance cache (build/conformance) compiled
# by clang-22 at -O0 -g, -O2 and -O2 -g -ffunction-sections -fdata-sections,
# plus every object of the conformance zlib and lua builds (or --objects).
# For each set: the median of N runs (default 5) of
#   graph    neverc-objtool roundtrip <o> <out> per object (read into the
#            graph, written back: the ELF reader and writer)
#   objcopy  llvm-objcopy <o> <out> per object (the same copy, LLVM's)
#   compile  with ObjectTestPlugin mode=noop (interceptors on pre_write and
#            five other object phases that run the chain and change
#            nothing; its observers stay quiet in that mode), against the
#            same compile without a plugin and clang-22's: the pipeline's
#            cost inside a compile (sqlite3 -O0 only)
# and prints MB/s and the ratios. Timings are for reading, never asserted.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BUILD=${NEVERC_BUILD_DIR:-$ROOT/build}
NEVERC=$BUILD/bin/neverc
OBJTOOL=$BUILD/bin/neverc-objtool
PLUGIN=$BUILD/tests/plugins/modules/ObjectTestPlugin.so
LLVM_BIN=${NEVERC_LLVM_BIN:-/usr/lib/llvm-22/bin}
RUNS=5
OBJECTS=
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) RUNS=$2; shift 2 ;;
  --objects) OBJECTS=$2; shift 2 ;;
  *) sed -n '2,17p' "$0"; exit 2 ;;
  esac
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }
# time_cmd RUNS cmd...: median wall seconds
time_cmd() {
  local n=$1 i t0
  shift
  for ((i = 0; i < n; i++)); do
    t0=$(now)
    "$@" >/dev/null 2>&1
    calc "$(now) - $t0"
  done | median
}
copy_all() { # tool objects...
  local tool=$1 o
  shift
  for o in "$@"; do
    if [ "$tool" = graph ]; then
      "$OBJTOOL" roundtrip "$o" "$WORK/out.o"
    else
      "$LLVM_BIN/llvm-objcopy" "$o" "$WORK/out.o"
    fi
  done
}

SQLITE=$(find "$BUILD/conformance/work/sqlite" -maxdepth 2 -name sqlite3.c 2>/dev/null | head -n 1 || true)
declare -a SETS
if [ -n "$OBJECTS" ]; then
  SETS+=("given|$OBJECTS")
else
  if [ -n "$SQLITE" ]; then
    clang-22 -c -O0 -g "$SQLITE" -o "$WORK/sqlite-O0g.o"
    clang-22 -c -O2 "$SQLITE" -o "$WORK/sqlite-O2.o"
    clang-22 -c -O2 -g -ffunction-sections -fdata-sections "$SQLITE" \
      -o "$WORK/sqlite-O2g-fs.o"
    SETS+=("sqlite3 -O0 -g|$WORK/sqlite-O0g.o" "sqlite3 -O2|$WORK/sqlite-O2.o"
           "sqlite3 -O2 -g -ffunction-sections|$WORK/sqlite-O2g-fs.o")
  fi
  for p in zlib lua; do
    objs=$(find "$BUILD/conformance/work/$p" -maxdepth 2 -name '*.o' 2>/dev/null | sort | tr '\n' ' ')
    [ -n "$objs" ] && SETS+=("$p ($(echo $objs | wc -w) objects)|$objs")
  done
fi
[ ${#SETS[@]} -gt 0 ] || { echo "bench-object: no objects (build the conformance cache first)" >&2; exit 1; }

echo "| objects | MB | graph s | graph MB/s | objcopy s | objcopy MB/s | graph/objcopy |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for set in "${SETS[@]}"; do
  name=${set%%|*}
  # shellcheck disable=SC2206
  objs=(${set#*|})
  bytes=$(cat "${objs[@]}" | wc -c)
  "$OBJTOOL" check "${objs[@]}" >/dev/null
  g=$(time_cmd "$RUNS" copy_all graph "${objs[@]}")
  c=$(time_cmd "$RUNS" copy_all objcopy "${objs[@]}")
  printf '| %s | %.1f | %.3f | %.0f | %.3f | %.0f | %.2f |\n' "$name" \
    "$(calc "$bytes / 1048576")" "$g" "$(calc "$bytes / 1048576 / $g")" \
    "$c" "$(calc "$bytes / 1048576 / $c")" "$(calc "$g / $c")"
done

if [ -n "$SQLITE" ] && [ -f "$PLUGIN" ]; then
  echo
  echo "| sqlite3.c -O0 -c | median s |"
  echo "|---|---:|"
  base=$(time_cmd "$RUNS" "$NEVERC" -c -O0 "$SQLITE" -o "$WORK/a.o")
  clang=$(time_cmd "$RUNS" clang-22 -c -O0 "$SQLITE" -o "$WORK/c.o")
  noop=$(time_cmd "$RUNS" "$NEVERC" -fplugin="$PLUGIN" \
    -fplugin-arg=org.neverc.test.object:mode=noop -c -O0 "$SQLITE" -o "$WORK/b.o")
  cmp "$WORK/a.o" "$WORK/b.o" && same="byte-identical" || same="DIFFERENT"
  printf '| clang-22 | %.2f |\n| neverc, no plugin | %.2f (%.3fx clang-22) |\n| neverc, object interceptors changing nothing | %.2f (%.3fx; object %s) |\n' \
    "$clang" "$base" "$(calc "$base / $clang")" "$noop" \
    "$(calc "$noop / $clang")" "$same"
fi
