#!/usr/bin/env bash
# Phase census over a real build: lua 5.4 (the upstream makefile, as
# tests/conformance/run.sh builds it) compiled and linked with
#   CC="neverc -fplugin=CensusPlugin.so --census-out <file> -std=gnu99"
# then the JSON lines (one per session) are summed per phase and printed per
# domain (second dotted component of the phase name): distinct phases fired
# of the domain's built-in phases, total firings, and "N of 130 phases fired"
# (the built-in phases of sdk/include/neverc/Plugin/Schema/PhaseSchema.json).
#
#   tests/conformance/census.sh [--neverc PATH] [--plugin PATH] [--cache DIR]
#                               [--source-cache DIR]
#
# The lua5.4 source comes from tests/conformance/fetch-source.sh, the source
# cache run.sh uses (--source-cache, default $NEVERC_SOURCE_CACHE or
# ~/.cache/neverc/debian-sources); the census builds in DIR/census (--cache,
# default build/conformance). If no version of lua5.4 can be fetched (and
# none is cached), prints "CENSUS SKIPPED: ..." and exits 0. Fails when the
# fetch fails otherwise, the build fails, the census file is empty, or no
# driver, source or prep phase fired.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NEVERC=${NEVERC:-$ROOT/build/bin/neverc}
PLUGIN=${NEVERC_CENSUS_PLUGIN:-$ROOT/build/plugins/CensusPlugin.so}
CACHE=${NEVERC_CONFORMANCE_CACHE:-$ROOT/build/conformance}
SOURCE_CACHE=${NEVERC_SOURCE_CACHE:-}
JOBS=${NEVERC_CONFORMANCE_JOBS:-$(nproc 2>/dev/null || echo 2)}
SCHEMA=$ROOT/sdk/include/neverc/Plugin/Schema/PhaseSchema.json

while [ $# -gt 0 ]; do
  case "$1" in
  --neverc) NEVERC=$2; shift 2 ;;
  --plugin) PLUGIN=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  --source-cache) SOURCE_CACHE=$2; shift 2 ;;
  -h | --help) sed -n '2,21p' "$0"; exit 0 ;;
  *) echo "census: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

for f in "$NEVERC" "$PLUGIN" "$SCHEMA"; do
  if [ ! -e "$f" ]; then
    echo "census: FAIL: missing $f (build neverc and CensusPlugin first)" >&2
    exit 1
  fi
done
NEVERC=$(cd "$(dirname "$NEVERC")" && pwd)/$(basename "$NEVERC")
PLUGIN=$(cd "$(dirname "$PLUGIN")" && pwd)/$(basename "$PLUGIN")
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)

fetch_args=()
[ -n "$SOURCE_CACHE" ] && fetch_args+=(--cache "$SOURCE_CACHE")
fetch_log=$(mktemp)
FETCHED=$(bash "$HERE/fetch-source.sh" "${fetch_args[@]}" lua5.4 \
  2>"$fetch_log")
rc=$?
sed 's/^/  /' "$fetch_log"
rm -f "$fetch_log"
fetched() { sed -n "s/^$1=//p" <<<"$FETCHED" | head -n 1; }
if [ $rc = 2 ]; then
  echo "CENSUS SKIPPED: no version of Debian source package lua5.4 could be" \
    "fetched (tried: $(fetched tried_failed)); last apt error: $(fetched error)"
  exit 0
elif [ $rc != 0 ]; then
  echo "census: FAIL: fetching lua5.4 failed: $(fetched error)" >&2
  exit 1
fi
ORIG=$(fetched orig)
VERSION=$(fetched version)

# run.sh unpacks into work/lua; the census uses a tree of its own, one
# census at a time per cache.
WORK=$CACHE/census
mkdir -p "$WORK"
exec 9>"$CACHE/.census.lock"
if ! flock -w 1800 9; then
  echo "census: FAIL: could not lock $CACHE/.census.lock" >&2
  exit 1
fi
rm -rf "$WORK"
mkdir -p "$WORK/src"
if ! tar --force-local -xf "$ORIG" -C "$WORK/src" --strip-components=1; then
  echo "census: FAIL: cannot unpack $ORIG" >&2
  exit 1
fi
OUT=$WORK/census.jsonl
: >"$OUT"
echo "census: lua5.4 $VERSION: $(basename "$ORIG") -> $WORK/src"
# The census observes all 130 phases; the warnings for the ones this build
# does not run (-Wunimplemented-plugin-phase) would fill make's log.
echo "census: CC=\"$NEVERC -fplugin=$PLUGIN --census-out $OUT -Wno-unimplemented-plugin-phase -std=gnu99\""
t0=$(date +%s)
if ! (cd "$WORK/src" && make -j"$JOBS" linux \
  CC="$NEVERC -fplugin=$PLUGIN --census-out $OUT -Wno-unimplemented-plugin-phase -std=gnu99") \
  >"$WORK/make.log" 2>&1; then
  echo "census: FAIL: make linux failed; last lines of $WORK/make.log:" >&2
  tail -n 30 "$WORK/make.log" >&2
  exit 1
fi
if [ ! -x "$WORK/src/src/lua" ]; then
  echo "census: FAIL: make succeeded but built no src/lua" >&2
  exit 1
fi
echo "census: build ok in $(($(date +%s) - t0)) s"

python3 "$HERE/census_summary.py" --require driver,source,prep,syntax,sema,object,link "$OUT" "$SCHEMA"
