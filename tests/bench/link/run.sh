#!/usr/bin/env bash
# What the linker choice costs, on the links of the conformance projects:
# neverc's in-process lld against the platform linker (GNU ld, what
# Debian's clang-22 runs) and against clang-22 itself, side by side.
#
#   tests/bench/link/run.sh [--neverc PATH] [--runs N] [--out FILE]
#
# Inputs are the conformance work trees (build/conformance/work, filled by
# tests/conformance/run.sh): lua (lua.o + liblua.a -> lua), zlib (the
# shared libz.so from its PIC objects), jansson (libjansson.so.4 from its
# PIC objects, with and without -Wl,--default-symver, the GNU-only option
# that makes neverc hand the link to GNU ld), and sqlite3 (sqlite3.c and
# shell.c compiled here once, then the shell linked). Objects are the same
# for every row. Rows:
#   neverc            lld in-process (the default)
#   neverc observed   the same with the census plugin loaded: an observer
#                     on every phase, the six link phases of the whole-link
#                     route among them (lld writes into a staging directory,
#                     the image is audited and committed by neverc)
#   neverc bfd        neverc -fuse-ld=bfd: GNU ld, spawned
#   clang-22          Debian's default: GNU ld, spawned
#   clang-22 lld      clang-22 -fuse-ld=lld: ld.lld, spawned
# hyperfine medians (a Python timer without hyperfine). Timings are for
# reading; nothing is asserted. Writes a markdown table to --out (default
# build/bench/link.md) and prints it.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
NEVERC=$ROOT/build/bin/neverc
CENSUS=$ROOT/build/plugins/CensusPlugin.so
RUNS=10
OUT=$ROOT/build/bench/link.md
WORK=$ROOT/build/conformance/work
while [ $# -gt 0 ]; do
  case "$1" in
  --neverc) NEVERC=$2; shift 2 ;;
  --runs) RUNS=$2; shift 2 ;;
  --out) OUT=$2; shift 2 ;;
  -h | --help) sed -n '2,21p' "$0"; exit 0 ;;
  *) echo "link-bench: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
CLANG=$(command -v clang-22)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$(dirname "$OUT")"

# median SECONDS of a command line (a string run by sh -c).
median() {
  if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$T/h.json" "$1" \
      >/dev/null 2>&1 || { echo fail; return; }
    python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$T/h.json"
  else
    python3 - "$RUNS" "$1" <<'PY'
import shlex, statistics, subprocess, sys, time
runs, cmd = int(sys.argv[1]), shlex.split(sys.argv[2])
ts = []
for _ in range(runs + 2):
    t = time.perf_counter()
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
        print("fail"); sys.exit(0)
    ts.append(time.perf_counter() - t)
print("%.4f" % statistics.median(ts[2:]))
PY
  fi
}

rows=()
# bench NAME ARGS...: times the link ARGS with each linker row.
bench() {
  local name=$1 n b c l
  shift
  n=$(median "$NEVERC $* -o $T/out-n")
  o=$(median "$NEVERC -fplugin=$CENSUS $* -o $T/out-o")
  b=$(median "$NEVERC -fuse-ld=bfd $* -o $T/out-b")
  c=$(median "$CLANG $* -o $T/out-c")
  l=$(median "$CLANG -fuse-ld=lld $* -o $T/out-l")
  rows+=("$name|$n|$o|$b|$c|$l")
  echo "link-bench: $name: neverc $n s, observed $o s, neverc bfd $b s, clang-22 $c s, clang-22 lld $l s" >&2
}

if [ -f "$WORK/lua/src/lua.o" ] && [ -f "$WORK/lua/src/liblua.a" ]; then
  bench "lua (lua.o + liblua.a)" "$WORK/lua/src/lua.o" "$WORK/lua/src/liblua.a" -Wl,-E -lm -ldl
fi
if ls "$WORK/zlib/"*.lo >/dev/null 2>&1; then
  bench "zlib libz.so (shared)" -shared -Wl,-soname,libz.so.1 "$WORK/zlib/"*.lo
fi
if ls "$WORK/jansson/src/.libs/"*.o >/dev/null 2>&1; then
  J=("$WORK/jansson/src/.libs/"*.o)
  bench "jansson libjansson.so.4" -shared -Wl,-soname,libjansson.so.4 "${J[@]}"
  bench "jansson, -Wl,--default-symver (neverc: GNU ld)" -shared -Wl,--default-symver -Wl,-soname,libjansson.so.4 "${J[@]}"
fi
S=$WORK/sqlite/build-neverc
if [ -f "$S/sqlite3.c" ] && [ -f "$S/shell.c" ]; then
  echo "link-bench: compiling sqlite3.c and shell.c once (-O0)" >&2
  "$NEVERC" -O0 -c "$S/sqlite3.c" -I"$S" -o "$T/sqlite3.o"
  "$NEVERC" -O0 -c "$S/shell.c" -I"$S" -o "$T/shell.o"
  bench "sqlite3 shell (sqlite3.o + shell.o)" "$T/shell.o" "$T/sqlite3.o" -lm -ldl -lpthread
fi
if [ ${#rows[@]} = 0 ]; then
  echo "link-bench: no conformance work tree in $WORK (run tests/conformance/run.sh first)" >&2
  exit 1
fi

{
  echo "Links timed with $RUNS runs each ($(command -v hyperfine >/dev/null && echo hyperfine medians || echo python medians)), $(nproc) cores, $(date -u +%F)."
  echo
  echo "| link | neverc, lld in-process (s) | neverc, link phases observed (s) | neverc -fuse-ld=bfd (s) | clang-22, GNU ld (s) | clang-22 -fuse-ld=lld (s) | neverc / clang-22 lld | observed / neverc | neverc bfd / clang-22 |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  for r in "${rows[@]}"; do
    IFS='|' read -r name n o b c l <<<"$r"
    python3 - "$name" "$n" "$o" "$b" "$c" "$l" <<'PY'
import sys
name, n, o, b, c, l = sys.argv[1:]
def ratio(x, y):
    try: return "%.2f" % (float(x) / float(y))
    except ValueError: return "-"
print(f"| {name} | {n} | {o} | {b} | {c} | {l} | {ratio(n, l)} | {ratio(o, n)} | {ratio(b, c)} |")
PY
  done
} | tee "$OUT"
