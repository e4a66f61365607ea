#!/usr/bin/env bash
# GCC's C torture execution tests as a conformance suite: every program of
# gcc/testsuite/gcc.c-torture/execute/*.c is compiled and linked by neverc and
# by clang-22 with the same flags, run, and the outcomes are compared.
#
#   tests/conformance/torture.sh [--neverc PATH] [--clang PATH] [--cache DIR]
#                                [--jobs N] [--stride N] [--only REGEX]
#                                [--target TRIPLE --runner CMD]
#
# With --target (a cross target, e.g. aarch64-linux-gnu), both compilers get
# --target=; clang-22 links with lld and neverc with its own graph linker,
# and each binary runs under --runner (e.g. "qemu-aarch64 -L
# /usr/aarch64-linux-gnu"). Without the runner or the target's C library,
# the script skips.
#
# The sources come from Debian's gcc-12-source package
# (/usr/src/gcc-12/gcc-12*.tar.*, installed by scripts/install-deps.sh); only
# the execute/ directory is extracted, once, into the cache (default
# build/conformance/torture).
#
# Flags for both compilers: -O1 -w -fno-strict-aliasing ... -lm, plus the
# options of a test's untargeted dg-options/dg-additional-options lines that
# both compilers understand (-std=, -fwrapv, -fgnu89-inline, -O2, ...; GCC
# internals such as -fno-tree-* are dropped). Tests whose dg-skip-if applies
# to every target (*-*-*) are skipped. Each binary runs with a 5 s timeout in
# its own scratch directory: exit 0 = pass, anything else = fail. A test
# clang-22 cannot compile (nested functions, GNU extensions clang lacks) is
# "n/a".
#
# The suite fails (exit 1) when a test passes with clang-22 and fails with
# neverc; each one is printed as "TORTURE FAIL: <name> ...". Tests neverc
# passes and clang-22 fails are listed for information.
#
# Environment: NEVERC, CLANG (default clang-22), NEVERC_TORTURE_CACHE,
# NEVERC_TORTURE_JOBS (default 2), NEVERC_TORTURE_STRIDE (run every Nth test
# of the sorted list, default 1 = all), NEVERC_TORTURE_OFFSET (first index
# for the stride, default 0), NEVERC_TORTURE_TIMEOUT (run timeout, default 5),
# NEVERC_TORTURE_GCC_SRC (where the tarball is, default /usr/src/gcc-12).
#
# When the package (or python3/tar/the tarball) is missing, the script prints
# "TORTURE SKIPPED: <why>" and exits 0; CTest reports the test as skipped.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NEVERC=${NEVERC:-$ROOT/build/bin/neverc}
CLANG=${CLANG:-clang-22}
CACHE=${NEVERC_TORTURE_CACHE:-$ROOT/build/conformance/torture}
JOBS=${NEVERC_TORTURE_JOBS:-2}
STRIDE=${NEVERC_TORTURE_STRIDE:-1}
OFFSET=${NEVERC_TORTURE_OFFSET:-0}
RUN_TIMEOUT=${NEVERC_TORTURE_TIMEOUT:-5}
GCC_SRC=${NEVERC_TORTURE_GCC_SRC:-/usr/src/gcc-12}
ONLY=
TARGET=${NEVERC_TORTURE_TARGET:-}
RUNNER=${NEVERC_TORTURE_RUNNER:-}

while [ $# -gt 0 ]; do
  case "$1" in
  --neverc) NEVERC=$2; shift 2 ;;
  --clang) CLANG=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  --jobs) JOBS=$2; shift 2 ;;
  --stride) STRIDE=$2; shift 2 ;;
  --only) ONLY=$2; shift 2 ;;
  --target) TARGET=$2; shift 2 ;;
  --runner) RUNNER=$2; shift 2 ;;
  -h | --help) sed -n '2,41p' "$0"; exit 0 ;;
  *) echo "torture: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

skip() {
  echo "=================================================================="
  echo "TORTURE SKIPPED: $*"
  echo "=================================================================="
  exit 0
}

if [ ! -x "$NEVERC" ]; then
  echo "torture: FAIL: no neverc at '$NEVERC' (build it first)" >&2
  exit 1
fi
if ! command -v "$CLANG" >/dev/null 2>&1; then
  echo "torture: FAIL: no reference compiler '$CLANG'" >&2
  exit 1
fi
NEVERC=$(cd "$(dirname "$NEVERC")" && pwd)/$(basename "$NEVERC")
command -v python3 >/dev/null 2>&1 || skip "python3 not found"
if [ -n "$TARGET" ]; then
  [ -n "$RUNNER" ] || skip "--target $TARGET without --runner"
  command -v "${RUNNER%% *}" >/dev/null 2>&1 ||
    skip "no '${RUNNER%% *}' to run $TARGET binaries (scripts/install-deps.sh installs qemu-user)"
  [ -d "/usr/$TARGET/lib" ] ||
    skip "no C library for $TARGET in /usr/$TARGET/lib (scripts/install-deps.sh installs it)"
fi

mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
SRCDIR=$CACHE/execute
STAMP=$CACHE/.extracted

if [ ! -f "$STAMP" ]; then
  tarball=
  for t in "$GCC_SRC"/gcc-12*.tar.*; do
    [ -f "$t" ] && { tarball=$t; break; }
  done
  [ -n "$tarball" ] ||
    skip "no $GCC_SRC/gcc-12*.tar.* (install Debian package gcc-12-source: scripts/install-deps.sh)"
  echo "torture: extracting gcc.c-torture/execute from $tarball"
  tmp=$CACHE/.extract.$$
  rm -rf "$tmp" && mkdir -p "$tmp"
  if ! tar -xf "$tarball" -C "$tmp" --wildcards '*/gcc/testsuite/gcc.c-torture/execute/*'; then
    rm -rf "$tmp"
    skip "could not extract gcc.c-torture/execute from $tarball"
  fi
  rm -rf "$SRCDIR"
  mv "$tmp"/*/gcc/testsuite/gcc.c-torture/execute "$SRCDIR"
  rm -rf "$tmp"
  echo "$tarball" >"$STAMP"
fi
ls "$SRCDIR"/*.c >/dev/null 2>&1 || skip "no test programs in $SRCDIR"

exec python3 "$HERE/torture_driver.py" \
  --neverc "$NEVERC" --clang "$CLANG" --src "$SRCDIR" --work "$CACHE/work${TARGET:+-$TARGET}" \
  --jobs "$JOBS" --stride "$STRIDE" --offset "$OFFSET" \
  --timeout "$RUN_TIMEOUT" --only "$ONLY" --target "$TARGET" \
  --runner "$RUNNER" --results "$CACHE/results${TARGET:+-$TARGET}.tsv"
