#!/usr/bin/env bash
# AST schema walk over real code: every node of every translation unit of
# lua 5.4 and of the sqlite3.c amalgamation, every property its kind owns,
# read by ast/test/SchemaWalkPlugin.c from a real neverc compile:
#
#   lua     every src/*.c, one compile each (-c only):
#           neverc -fplugin=SchemaWalkPlugin.so -std=gnu99 -DLUA_COMPAT_5_3
#                  -DLUA_USE_LINUX -c FILE
#   sqlite  sqlite3.c (generated with `make sqlite3.c` after configure with
#           CC=BUILD_CC=neverc, as run.sh's sqlite build does), compiled -c
#           with the flags that build compiles it with (the Makefile's
#           $(TCC) $(READLINE_FLAGS) $(SHELL_OPT), read back from make)
#
# Every compile runs with SCHEMA_WALK_STRICT=1, so a TU with an unmapped kind
# (the host reporting an abstract schema kind), a failed property read or a
# failed typed accessor / navigation call fails its compile. The summary line
# the plugin prints per TU ("schema-walk: nodes=... errors=...") is summed per
# project into a table (TUs, nodes, unmapped, reads, ok, unavailable, errors,
# call errors), followed by the properties whose reads answered
# CAPABILITY_UNAVAILABLE (a limitation the host names; not a failure) and any
# unmapped kinds, failed reads and failed calls. The table's "failed
# (crashed)" column counts the TUs whose compile failed (a strict failure or
# a crash; compiles run with -fno-crash-diagnostics, so a crash leaves no
# reproducer in /tmp); their summary lines still count (TaskEnd runs after a
# recovered crash).
#
#   tests/conformance/schema-walk.sh [--neverc PATH] [--plugin PATH]
#                                    [--cache DIR] [--source-cache DIR]
#                                    [--projects "lua sqlite"]
#
# Sources come from tests/conformance/fetch-source.sh, the source cache
# census.sh and run.sh use (--source-cache, default $NEVERC_SOURCE_CACHE or
# ~/.cache/neverc/debian-sources); the trees and logs live in
# DIR/schema-walk (--cache, default build/conformance; the amalgamation is
# kept there and regenerated only when the sqlite3 tarball changes). When no
# version of a package can be fetched (or tclsh, which generates sqlite3.c,
# is missing) and nothing else failed, prints "SCHEMA-WALK SKIPPED: ..." and
# exits 0 (CTest reports the test as skipped, as for census.sh). Exit 1 on
# any unmapped kind, failed read or call, failed or crashed compile, a TU
# without a summary line, or a fetch/generation failure that is not the
# archive's.
# shellcheck disable=SC2317 # the project_* functions are called as "project_$p"
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NEVERC=${NEVERC:-$ROOT/build/bin/neverc}
PLUGIN=${NEVERC_SCHEMA_WALK_PLUGIN:-$ROOT/build/tests/plugins/modules/SchemaWalkPlugin.so}
CACHE=${NEVERC_CONFORMANCE_CACHE:-$ROOT/build/conformance}
SOURCE_CACHE=${NEVERC_SOURCE_CACHE:-}
JOBS=${NEVERC_CONFORMANCE_JOBS:-$(nproc 2>/dev/null || echo 2)}
PROJECTS="lua sqlite"
LUA_FLAGS=(-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX)

while [ $# -gt 0 ]; do
  case "$1" in
  --neverc) NEVERC=$2; shift 2 ;;
  --plugin) PLUGIN=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  --source-cache) SOURCE_CACHE=$2; shift 2 ;;
  --projects) PROJECTS=$2; shift 2 ;;
  -h | --help) sed -n '2,41p' "$0"; exit 0 ;;
  *) echo "schema-walk: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

for f in "$NEVERC" "$PLUGIN"; do
  if [ ! -e "$f" ]; then
    echo "schema-walk: FAIL: missing $f (build neverc and SchemaWalkPlugin first)" >&2
    exit 1
  fi
done
NEVERC=$(cd "$(dirname "$NEVERC")" && pwd)/$(basename "$NEVERC")
PLUGIN=$(cd "$(dirname "$PLUGIN")" && pwd)/$(basename "$PLUGIN")
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
WORK=$CACHE/schema-walk
mkdir -p "$WORK"
exec 9>"$CACHE/.schema-walk.lock"
if ! flock -w 1800 9; then
  echo "schema-walk: FAIL: could not lock $CACHE/.schema-walk.lock" >&2
  exit 1
fi

FAILED=0
FAIL_LINES=() # "project: reason"
SKIP_LINES=() # "project: reason", printed as SCHEMA-WALK SKIPPED: only when nothing failed
ROWS=()       # "project|version|tus|seconds"

fail() { # PROJECT REASON
  FAILED=1
  FAIL_LINES+=("$1: $2")
  echo "schema-walk: $1: FAIL: $2" >&2
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# fetch PACKAGE PROJECT: ORIG and VERSION, or a SKIP/FAIL entry (return 1).
fetch() {
  local pkg=$1 project=$2 rc args=() log
  [ -n "$SOURCE_CACHE" ] && args+=(--cache "$SOURCE_CACHE")
  log=$(mktemp)
  FETCHED=$(bash "$HERE/fetch-source.sh" "${args[@]}" "$pkg" 2>"$log")
  rc=$?
  sed 's/^/  /' "$log"
  rm -f "$log"
  if [ "$rc" = 2 ]; then
    SKIP_LINES+=("$project: no version of Debian source package $pkg could be fetched (tried: $(fetched tried_failed)); last apt error: $(fetched error)")
    return 1
  elif [ "$rc" != 0 ]; then
    fail "$project" "fetching $pkg failed: $(fetched error)"
    return 1
  fi
  ORIG=$(fetched orig)
  VERSION=$(fetched version)
}
fetched() { sed -n "s/^$1=//p" <<<"$FETCHED" | head -n 1; }

# unpack TARBALL DIR: DIR is the tarball's single top directory, fresh.
unpack() {
  local top
  rm -rf "$2" "$2.tmp"
  mkdir -p "$2.tmp"
  tar --force-local -xf "$1" -C "$2.tmp" || return 1
  top=$(find "$2.tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  [ -n "$top" ] && mv "$top" "$2" && rm -rf "$2.tmp"
}

# walk PROJECT DIR SOURCE FLAGS...: one strict compile in DIR, its stderr in
# $WORK/logs/PROJECT/<source>.log, the object in $WORK/obj/PROJECT.
walk() {
  local project=$1 dir=$2 src=$3 base
  shift 3
  base=$(basename "$src" .c)
  # -fno-crash-diagnostics: a crash leaves no reproducer files in /tmp.
  (cd "$dir" && SCHEMA_WALK_STRICT=1 "$NEVERC" -fplugin="$PLUGIN" \
    -fno-crash-diagnostics "$@" -c "$src" -o "$WORK/obj/$project/$base.o") \
    >"$WORK/logs/$project/$base.log" 2>&1
  echo $? >"$WORK/logs/$project/$base.rc"
}

# check PROJECT: every TU compiled and printed exactly one summary line;
# FAILED_TUS / CRASHED_TUS count the others.
declare -A FAILED_TUS CRASHED_TUS
check() {
  local project=$1 log rc n
  FAILED_TUS[$project]=0
  CRASHED_TUS[$project]=0
  for log in "$WORK/logs/$project"/*.log; do
    rc=$(cat "${log%.log}.rc" 2>/dev/null || echo missing)
    n=$(grep -c '^schema-walk: nodes=' "$log")
    if [ "$rc" != 0 ] || [ "$n" != 1 ]; then
      FAILED_TUS[$project]=$((FAILED_TUS[$project] + 1))
      if [ "$rc" -ge 128 ] 2>/dev/null ||
        grep -q 'frontend command failed with exit code 1[0-9][0-9]\|Stack dump:\|PrintStackTrace' "$log"; then
        CRASHED_TUS[$project]=$((CRASHED_TUS[$project] + 1))
      fi
    fi
    if [ "$n" != 1 ]; then
      fail "$project" "$(basename "$log" .log).c printed $n summary lines (exit $rc; $log)"
    elif [ "$rc" != 0 ]; then
      fail "$project" "$(basename "$log" .log).c: compile failed (exit $rc; $log)"
    else
      continue
    fi
    # The last lines of the first few failures, without the host's
    # per-property CAPABILITY_UNAVAILABLE warnings.
    if [ "${FAILED_TUS[$project]}" -le 3 ]; then
      grep -v '^schema-walk: \|^warning: AST property \|warnings\? generated' "$log" |
        tail -n 12 | sed 's/^/    /' >&2
    elif [ "${FAILED_TUS[$project]}" = 4 ]; then
      echo "    (further failures: see their logs)" >&2
    fi
  done
}

project_lua() {
  local t0 src f n=0
  t0=$(now)
  fetch lua5.4 lua || return
  src=$WORK/lua
  if ! unpack "$ORIG" "$src"; then
    fail lua "cannot unpack $ORIG"
    return
  fi
  echo "schema-walk: lua: lua5.4 $VERSION: $(basename "$ORIG") -> $src"
  rm -rf "$WORK/logs/lua" "$WORK/obj/lua"
  mkdir -p "$WORK/logs/lua" "$WORK/obj/lua"
  echo "schema-walk: lua: SCHEMA_WALK_STRICT=1 $NEVERC -fplugin=$PLUGIN ${LUA_FLAGS[*]} -c src/<each>.c"
  for f in "$src"/src/*.c; do
    [ -e "$f" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    walk lua "$src/src" "$f" "${LUA_FLAGS[@]}" &
    n=$((n + 1))
  done
  wait
  if [ "$n" = 0 ]; then
    fail lua "no src/*.c in $src"
    return
  fi
  check lua
  ROWS+=("lua|$VERSION|$n|$(elapsed "$t0")")
}

project_sqlite() {
  local t0 tclsh src bld flags
  t0=$(now)
  tclsh=$(command -v tclsh || command -v tclsh8.6 || true)
  if [ -z "$tclsh" ]; then
    SKIP_LINES+=("sqlite: tclsh not found (Debian package tcl): sqlite3.c cannot be generated")
    return
  fi
  fetch sqlite3 sqlite || return
  src=$WORK/sqlite
  bld=$src/build-neverc
  if [ -f "$bld/sqlite3.c" ] && [ "$(cat "$src/.from" 2>/dev/null)" = "$ORIG" ]; then
    echo "schema-walk: sqlite: reusing $bld/sqlite3.c (from $(basename "$ORIG"))"
  else
    echo "schema-walk: sqlite: sqlite3 $VERSION: $(basename "$ORIG") -> $src; configure, make sqlite3.c"
    if ! unpack "$ORIG" "$src"; then
      fail sqlite "cannot unpack $ORIG"
      return
    fi
    mkdir -p "$bld"
    if ! (cd "$bld" && ../configure CC="$NEVERC" BUILD_CC="$NEVERC" \
      TCLSH_CMD="$tclsh" --disable-tcl && make -j"$JOBS" sqlite3.c) \
      >"$WORK/sqlite-amalgamation.log" 2>&1 || [ ! -f "$bld/sqlite3.c" ]; then
      fail sqlite "configure or make sqlite3.c failed; last lines of $WORK/sqlite-amalgamation.log:"
      tail -n 20 "$WORK/sqlite-amalgamation.log" | sed 's/^/    /' >&2
      return
    fi
    echo "$ORIG" >"$src/.from"
  fi
  # The flags `make sqlite3` compiles sqlite3.c with (run.sh's build), without
  # the compiler: $(TCC) is "${CC} ${CFLAGS} -I. ...", so CC is emptied.
  # shellcheck disable=SC2016 # $(...) is make's, not the shell's
  flags=$(cd "$bld" && printf '%s\n' \
    'schema-walk-flags:' \
    '	@echo SCHEMA_WALK_FLAGS= $(TCC) $(LTCOMPILE_EXTRAS) $(READLINE_FLAGS) $(SHELL_OPT)' |
    make -s -f Makefile -f - schema-walk-flags CC= 2>&1 |
    sed -n 's/^SCHEMA_WALK_FLAGS= *//p')
  if [ -z "$flags" ] || ! grep -q -- '-DSQLITE_THREADSAFE' <<<"$flags"; then
    fail sqlite "cannot read the sqlite3.c compile flags from $bld/Makefile (got '$flags')"
    return
  fi
  rm -rf "$WORK/logs/sqlite" "$WORK/obj/sqlite"
  mkdir -p "$WORK/logs/sqlite" "$WORK/obj/sqlite"
  echo "schema-walk: sqlite: SCHEMA_WALK_STRICT=1 $NEVERC -fplugin=$PLUGIN $flags -O0 -c sqlite3.c"
  # -O0 last: what is walked is the tree, which the optimisation level does
  # not change; -O2 code generation would double the test's time.
  # shellcheck disable=SC2086 # the flags are make's words (no spaces inside)
  walk sqlite "$bld" "$bld/sqlite3.c" $flags -O0
  check sqlite
  ROWS+=("sqlite|$VERSION|1|$(elapsed "$t0")")
}

T_ALL=$(now)
echo "schema-walk: neverc = $NEVERC"
echo "schema-walk: plugin = $PLUGIN"
echo "schema-walk: work = $WORK, projects = $PROJECTS, jobs = $JOBS"
for p in $PROJECTS; do
  case "$p" in
  lua | sqlite) echo "schema-walk: === $p"; "project_$p" ;;
  *) fail "$p" "unknown project" ;;
  esac
done

# Sums of the summary lines per project, then the detail lines merged.
summary_of() { # PROJECT: "nodes unmapped reads ok unavailable errors call_errors"
  cat "$WORK/logs/$1"/*.log 2>/dev/null | awk '
    /^schema-walk: nodes=/ {
      for (i = 2; i <= NF; ++i) { split($i, kv, "="); s[kv[1]] += kv[2] }
    }
    END {
      printf "%d %d %d %d %d %d %d\n", s["nodes"], s["unmapped"], s["reads"],
        s["ok"], s["unavailable"], s["errors"], s["call_errors"]
    }'
}
merged() { # PROJECT PREFIX: "KEY=count" summed over the TUs, largest first
  cat "$WORK/logs/$1"/*.log 2>/dev/null | awk -v pre="schema-walk: $2:" '
    index($0, pre) == 1 {
      rest = substr($0, length(pre) + 1)
      n = split(rest, items, " ")
      for (i = 1; i <= n; ++i) {
        k = items[i]
        if (match(k, /=[0-9]+/)) {
          key = substr(k, 1, RSTART - 1) substr(k, RSTART + RLENGTH)
          c[key] += substr(k, RSTART + 1, RLENGTH - 1)
        }
      }
    }
    END { for (k in c) printf "%d %s\n", c[k], k }' | sort -k1,1nr -k2 |
    awk '{ printf "      %-58s %10d\n", $2, $1 }'
}

echo
printf '| %-7s | %-16s | %4s | %-16s | %10s | %8s | %10s | %10s | %11s | %6s | %11s | %7s |\n' \
  project source TUs "failed (crashed)" nodes unmapped reads ok unavailable \
  errors "call errors" seconds
printf '|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n' --------- ------------------ \
  ------ ------------------ ------------ ---------- ------------ ------------ \
  ------------- -------- ------------- ---------
for r in "${ROWS[@]}"; do
  IFS='|' read -r p v n s <<<"$r"
  read -r nodes unmapped reads ok unav errors callerr <<<"$(summary_of "$p")"
  printf '| %-7s | %-16s | %4d | %-16s | %10d | %8d | %10d | %10d | %11d | %6d | %11d | %7s |\n' \
    "$p" "$v" "$n" "${FAILED_TUS[$p]:-0} (${CRASHED_TUS[$p]:-0})" "$nodes" \
    "$unmapped" "$reads" "$ok" "$unav" "$errors" "$callerr" "$s"
  if [ "$unmapped" != 0 ] || [ "$errors" != 0 ] || [ "$callerr" != 0 ]; then
    fail "$p" "$unmapped unmapped node(s), $errors failed read(s), $callerr failed call(s)"
  fi
  if [ "$nodes" = 0 ]; then
    fail "$p" "no node was walked"
  fi
done
for r in "${ROWS[@]}"; do
  IFS='|' read -r p _ <<<"$r"
  list=$(merged "$p" unavailable)
  echo
  if [ -n "$list" ]; then
    echo "  $p: properties with CAPABILITY_UNAVAILABLE reads (reads):"
    echo "$list"
  else
    echo "  $p: no CAPABILITY_UNAVAILABLE reads"
  fi
  for what in "unmapped kinds" "ancestor kinds" errors "call errors"; do
    list=$(merged "$p" "$what")
    if [ -n "$list" ]; then
      echo "  $p: $what (count):"
      echo "$list"
    fi
  done
done
echo
echo "schema-walk: total $(elapsed "$T_ALL") s; per-TU logs in $WORK/logs"
if [ "$FAILED" = 1 ]; then
  echo "schema-walk: FAILED:"
  printf '  %s\n' "${FAIL_LINES[@]}"
  if [ ${#SKIP_LINES[@]} -gt 0 ]; then
    printf '  also not run: %s\n' "${SKIP_LINES[@]}"
  fi
  exit 1
fi
if [ ${#SKIP_LINES[@]} -gt 0 ]; then
  echo
  printf 'SCHEMA-WALK SKIPPED: %s\n' "${SKIP_LINES[@]}"
  echo
  exit 0
fi
echo "schema-walk: PASSED"
exit 0
