#!/usr/bin/env bash
# The graph linker (link/lib/graph/) against lld, gold and GNU ld, side by
# side, on the same objects:
#
#   tests/bench/link/graph.sh [--runs N] [--synthetic N] [--functions K]
#                             [--objects DIR] [--out FILE]
#
# Links: the sqlite3 shell (sqlite3.c + shell.c compiled here once at
# -O2 -g) and lua (lua.o + liblua.a from the conformance work tree, when
# it exists); with --synthetic N, also N generated objects (-O2 -g, each a
# few functions, a table of pointers and strings, calling its neighbours;
# K functions each, default 64: --synthetic 2000 then makes 551 MB of
# input here, over the issue's 200 MB; 32 made 180 MB, 8 made 24 MB;
# compiling the 64-function set took 5 min 40 s on 2 cores). --objects DIR
# links the objects a former run left in DIR instead (main.o u*.o), and
# keeps what it compiles there when DIR is empty.
# Rows:
#   neverc-ld            the graph linker alone (clang-22 --ld-path=)
#   neverc graph         neverc -fuse-ld=neverc: the thirteen link phases
#   neverc graph+observed  the same with an observer before and after
#                        each of the thirteen steps (GraphStepsPlugin,
#                        --steps-mode quiet: it returns at once)
#   lld t1 / lld t2      clang-22 -fuse-ld=lld -Wl,--threads=1 / =2
#   mold t1              clang-22 -fuse-ld=mold -Wl,--threads=1 (when
#                        mold is installed; "-" otherwise)
#   gold, GNU ld         clang-22 -fuse-ld=gold / -fuse-ld=bfd
# Medians of N runs (hyperfine when installed). Timings are for reading;
# nothing is asserted. Writes a markdown table to --out (default
# build/bench/link-graph.md) and prints it.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
NEVERC=$ROOT/build/bin/neverc
GRAPHLD=$ROOT/build/bin/neverc-ld
STEPS=$ROOT/build/tests/plugins/modules/GraphStepsPlugin.so
WORK=$ROOT/build/conformance/work
RUNS=5
SYNTH=0
FUNCS=64
OBJDIR=
OUT=$ROOT/build/bench/link-graph.md
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) RUNS=$2; shift 2 ;;
  --synthetic) SYNTH=$2; shift 2 ;;
  --functions) FUNCS=$2; shift 2 ;;
  --objects) OBJDIR=$2; shift 2 ;;
  --out) OUT=$2; shift 2 ;;
  -h | --help) sed -n '2,31p' "$0"; exit 0 ;;
  *) echo "graph-bench: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
CLANG=$(command -v clang-22)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$(dirname "$OUT")"

median() {
  python3 - "$RUNS" "$1" <<'PY'
import os, shlex, statistics, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2]
ts = []
for _ in range(runs + 1):
    # The last run's output is still being written back: let it land first,
    # outside the time, so that no link pays for another's writes.
    os.sync()
    t = time.perf_counter()
    if subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode:
        print("fail"); sys.exit(0)
    ts.append(time.perf_counter() - t)
print("%.4f" % statistics.median(ts[1:]))
PY
}

rows=()
bench() {
  local name=$1
  shift
  local a b c d e f g m=-
  a=$(median "$CLANG --ld-path=$GRAPHLD $* -o $T/o1")
  b=$(median "$NEVERC -fuse-ld=neverc $* -o $T/o2")
  c=$(median "$NEVERC -fplugin=$STEPS --steps-mode quiet $* -o $T/o3")
  d=$(median "$CLANG -fuse-ld=lld -Wl,--threads=1 $* -o $T/o4")
  e=$(median "$CLANG -fuse-ld=lld -Wl,--threads=2 $* -o $T/o5")
  f=$(median "$CLANG -fuse-ld=gold $* -o $T/o6")
  g=$(median "$CLANG -fuse-ld=bfd $* -o $T/o7")
  if command -v mold >/dev/null; then
    m=$(median "$CLANG -fuse-ld=mold -Wl,--threads=1 $* -o $T/o8")
  fi
  rows+=("$name|$a|$b|$c|$d|$e|$m|$f|$g")
  echo "graph-bench: $name: neverc-ld $a, graph $b, +observers $c, lld-t1 $d, lld-t2 $e, mold-t1 $m, gold $f, bfd $g" >&2
}

S=$WORK/sqlite/build-neverc
if [ -f "$S/sqlite3.c" ]; then
  echo "graph-bench: compiling sqlite3.c and shell.c once (-O2 -g)" >&2
  "$CLANG" -O2 -g -c "$S/sqlite3.c" -I"$S" -o "$T/sqlite3.o"
  "$CLANG" -O2 -g -c "$S/shell.c" -I"$S" -o "$T/shell.o"
  bench "sqlite3 shell -O2 -g" "$T/shell.o" "$T/sqlite3.o" -lm
fi
if [ -f "$WORK/lua/src/lua.o" ] && [ -f "$WORK/lua/src/liblua.a" ]; then
  bench "lua (lua.o + liblua.a)" "$WORK/lua/src/lua.o" "$WORK/lua/src/liblua.a" -Wl,-E -lm -ldl
fi
SYN=$T/syn
if [ -n "$OBJDIR" ]; then
  SYN=$OBJDIR
  mkdir -p "$SYN"
fi
if [ -n "$OBJDIR" ] && ls "$SYN"/u*.o >/dev/null 2>&1; then
  N=$(ls "$SYN"/u*.o | wc -l)
  MB=$(du -cm "$SYN/"*.o | tail -1 | cut -f1)
  echo "graph-bench: linking the $N objects in $SYN" >&2
  bench "synthetic: $N objects from $SYN, $MB MB, -O2 -g" "$SYN/"*.o
elif [ "$SYNTH" -gt 0 ]; then
  echo "graph-bench: generating and compiling $SYNTH objects (-O2 -g)" >&2
  mkdir -p "$SYN"
  python3 - "$SYN" "$SYNTH" "$FUNCS" <<'PY'
import sys, os
d, n, K = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(n):
    nxt = (i + 1) % n
    with open(os.path.join(d, f"u{i}.c"), "w") as f:
        f.write(f"extern int f{nxt}_0(int);\n")
        f.write("".join(f"int f{i}_{k}(int);\n" for k in range(K)))
        for k in range(K):
            f.write(f"static const char s{i}_{k}[] = \"unit {i} function {k} says hello\";\n")
            f.write(f"int f{i}_{k}(int x) {{ struct {{ int a; double b; }} v = {{ x, x * 0.5 }};"
                    f" return x > {k} ? (int)v.b + s{i}_{k}[x & 7] : f{i}_{(k+1)%K}(x + 1); }}\n")
        f.write(f"int (*const t{i}[])(int) = {{" + ", ".join(f"f{i}_{k}" for k in range(min(K, 8))) + "};\n")
        f.write(f"int g{i}(int x) {{ return t{i}[x & 7](x) + (x > 100 ? f{nxt}_0(x - 1) : 0); }}\n")
    with open(os.path.join(d, "main.c"), "w") as f:
        f.write("int g0(int); int main(int c, char **v) { return g0(c) & 1; }\n")
PY
  (cd "$SYN" && ls *.c | xargs -P "$(nproc)" -n 50 "$CLANG" -O2 -g -c)
  MB=$(du -cm "$SYN/"*.o | tail -1 | cut -f1)
  bench "synthetic: $SYNTH objects x $FUNCS functions, $MB MB, -O2 -g" "$SYN/"*.o
fi
if [ ${#rows[@]} = 0 ]; then
  echo "graph-bench: nothing to link (no sqlite3 work tree; run tests/conformance/run.sh)" >&2
  exit 1
fi
{
  echo "Links timed with $RUNS runs each (medians), $(nproc) cores, $(date -u +%F)."
  echo
  echo "| link | neverc-ld (s) | neverc graph (s) | graph + observers (s) | lld t1 (s) | lld t2 (s) | mold t1 (s) | gold (s) | GNU ld (s) | neverc-ld / lld t1 | neverc-ld / lld t2 | observed / graph | observed / neverc-ld | neverc-ld / GNU ld |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  for r in "${rows[@]}"; do
    IFS='|' read -r name a b c d e m f g <<<"$r"
    python3 - "$name" "$a" "$b" "$c" "$d" "$e" "$m" "$f" "$g" <<'PY'
import sys
name, a, b, c, d, e, m, f, g = sys.argv[1:]
def ratio(x, y):
    try: return "%.2f" % (float(x) / float(y))
    except ValueError: return "-"
print(f"| {name} | {a} | {b} | {c} | {d} | {e} | {m} | {f} | {g} | {ratio(a, d)} | {ratio(a, e)} | {ratio(c, b)} | {ratio(c, a)} | {ratio(a, g)} |")
PY
  done
} | tee "$OUT"
