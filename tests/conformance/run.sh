#!/usr/bin/env bash
# Drop-in proof on real projects: Debian source packages built with neverc as
# CC and checked with their own tests, plus CMake and make probes.
#
#   tests/conformance/run.sh [--neverc PATH] [--cache DIR] [--projects "..."]
#
# Projects (default: all, in this order):
#   zlib    zlib from Debian's source package: ./configure (CC=neverc),
#           make, make test (static, shared and 64-bit example programs)
#   lua     lua5.4: upstream makefile (`make linux CC="neverc -std=gnu99"`),
#           then lua/checks.lua, the same checks through luac bytecode, and
#           a few `lua -e` one-liners
#   sqlite  sqlite3: configure with CC=BUILD_CC=neverc, `make sqlite3` (the
#           tools, the amalgamation sqlite3.c and the shell compiled and
#           linked by neverc), then sqlite/checks.sql against
#           sqlite/checks.expected on a file database
#   cmake   cmake-probe/ with -DCMAKE_C_COMPILER=neverc: the compiler must be
#           identified as Clang; the probe results must equal clang-22's
#   make    make-probe/ with `make CC=neverc`: archive, shared library,
#           -MMD dependencies (a header edit rebuilds), run
#
# Environment: NEVERC (compiler), NEVERC_CONFORMANCE_CACHE (default
# build/conformance), NEVERC_CONFORMANCE_PROJECTS, NEVERC_CONFORMANCE_JOBS.
#
# Sources come from `apt-get source --download-only` into the cache (deb-src
# lines are added under /etc/apt/sources.list.d/ when missing and we are
# root) and are reused on later runs. When Debian's archive is unreachable and
# the cache is empty, the Debian projects are reported as SKIPPED with a
# "CONFORMANCE SKIPPED:" line and the exit code is 0 if everything that could
# run passed. Every other problem is a failure (exit 1).
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NEVERC=${NEVERC:-$ROOT/build/bin/neverc}
CACHE=${NEVERC_CONFORMANCE_CACHE:-$ROOT/build/conformance}
PROJECTS=${NEVERC_CONFORMANCE_PROJECTS:-zlib lua sqlite cmake make}
JOBS=${NEVERC_CONFORMANCE_JOBS:-$(nproc 2>/dev/null || echo 2)}

while [ $# -gt 0 ]; do
  case "$1" in
  --neverc) NEVERC=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  --projects) PROJECTS=$2; shift 2 ;;
  -h | --help) sed -n '2,32p' "$0"; exit 0 ;;
  *) echo "conformance: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

if [ ! -x "$NEVERC" ]; then
  echo "conformance: FAIL: no neverc at '$NEVERC' (build it first)" >&2
  exit 1
fi
NEVERC=$(cd "$(dirname "$NEVERC")" && pwd)/$(basename "$NEVERC")
mkdir -p "$CACHE/debian" "$CACHE/work" "$CACHE/logs"
CACHE=$(cd "$CACHE" && pwd)
SRC=$CACHE/debian
WORK=$CACHE/work
LOGS=$CACHE/logs

# One conformance run at a time per cache (other helpers may run it too).
exec 9>"$CACHE/.lock"
if ! flock -w 1800 9; then
  echo "conformance: FAIL: could not lock $CACHE/.lock" >&2
  exit 1
fi

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

ROWS=()      # "project|build|tests|seconds|note"
FAILED=0
SKIPPED=0
SKIP_REASON=

row() {
  ROWS+=("$1|$2|$3|$4|${5:-}")
  case "$2$3" in *FAIL*) FAILED=1 ;; esac
  case "$2$3" in *SKIP*) SKIPPED=1 ;; esac
}

# Runs "$@" with output to $LOGS/$NAME.log; on failure shows its tail.
logged() {
  local name=$1
  shift
  "$@" >"$LOGS/$name.log" 2>&1
  local rc=$?
  [ $rc = 0 ] && return 0
  echo "---- $name failed (exit $rc); last lines of $LOGS/$name.log:" >&2
  tail -n 40 "$LOGS/$name.log" >&2
  echo "----" >&2
  return $rc
}

#===--- Debian sources ----------------------------------------------------===#

NET_PATTERN='Could not resolve|Temporary failure resolving|Unable to connect|Could not connect|Connection failed|Connection timed out|Connection refused|Network is unreachable|No route to host|Cannot initiate the connection|Unable to fetch some archives'
ARCHIVE_DOWN=0

network_failure() { # log file
  grep -Eq "$NET_PATTERN" "$1" && ! grep -q ' 404 ' "$1"
}

have_source_index() { # package
  # No grep -q: an early exit would SIGPIPE apt-cache and fail the pipe.
  apt-cache showsrc "$1" 2>/dev/null | grep '^Package:' >/dev/null
}

# Adds deb-src entries mirroring the configured deb entries, then updates.
ensure_deb_src() { # package
  have_source_index "$1" && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "conformance: no deb-src entry for '$1' and not root: add deb-src" \
      "lines to /etc/apt/sources.list.d/ and run apt-get update" >&2
    return 1
  fi
  local list=/etc/apt/sources.list.d/neverc-deb-src.sources
  if [ ! -f "$list" ]; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed -e 's/^Types:.*$/Types: deb-src/' \
        /etc/apt/sources.list.d/debian.sources >"$list"
    elif [ -f /etc/apt/sources.list ] &&
      grep -q '^deb ' /etc/apt/sources.list; then
      list=/etc/apt/sources.list.d/neverc-deb-src.list
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$list"
    else
      echo "conformance: no Debian apt sources found to mirror as deb-src" >&2
      return 1
    fi
    echo "conformance: added $list"
  fi
  if ! apt-get update >"$LOGS/apt-update.log" 2>&1; then
    if network_failure "$LOGS/apt-update.log"; then
      ARCHIVE_DOWN=1
      return 1
    fi
    echo "conformance: apt-get update failed:" >&2
    tail -n 20 "$LOGS/apt-update.log" >&2
    return 1
  fi
  if ! have_source_index "$1"; then
    if network_failure "$LOGS/apt-update.log"; then
      ARCHIVE_DOWN=1
      return 1
    fi
    echo "conformance: apt-get update succeeded but '$1' has no source" \
      "record" >&2
    tail -n 20 "$LOGS/apt-update.log" >&2
    return 1
  fi
}

cached_orig() { # package -> path of the cached upstream tarball
  local f
  for f in "$SRC/$1"_*.orig.tar.*; do
    case "$f" in *.asc | *-www.tar.*) continue ;; esac
    [ -f "$f" ] && ls "$SRC/$1"_*.dsc >/dev/null 2>&1 && { echo "$f"; return 0; }
  done
  return 1
}

# fetch PACKAGE: sets ORIG to the orig tarball in the cache (downloaded if
# needed). Returns 0, 1 on failure, 2 when the archive is unreachable.
fetch() {
  local pkg=$1
  ORIG=
  if ORIG=$(cached_orig "$pkg"); then
    return 0
  fi
  [ "$ARCHIVE_DOWN" = 1 ] && return 2
  if ! ensure_deb_src "$pkg"; then
    [ "$ARCHIVE_DOWN" = 1 ] && return 2
    return 1
  fi
  if ! (cd "$SRC" && apt-get source --download-only "$pkg") \
    >"$LOGS/fetch-$pkg.log" 2>&1; then
    if network_failure "$LOGS/fetch-$pkg.log"; then
      ARCHIVE_DOWN=1
      return 2
    fi
    echo "conformance: apt-get source $pkg failed:" >&2
    tail -n 20 "$LOGS/fetch-$pkg.log" >&2
    return 1
  fi
  if ! ORIG=$(cached_orig "$pkg"); then
    echo "conformance: apt-get source $pkg left no orig tarball in $SRC" >&2
    return 1
  fi
}

# unpack TARBALL NAME: a fresh tree in $WORK/NAME; prints its path.
unpack() {
  local tarball=$1 name=$2 top
  rm -rf "${WORK:?}/$name" "$WORK/$name.tmp"
  mkdir -p "$WORK/$name.tmp"
  tar -xf "$tarball" -C "$WORK/$name.tmp" || return 1
  top=$(find "$WORK/$name.tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  [ -n "$top" ] || return 1
  mv "$top" "$WORK/$name" && rm -rf "$WORK/$name.tmp"
  echo "$WORK/$name"
}

# source_tree PROJECT PACKAGE: sets TREE, or records a SKIP/FAIL row.
source_tree() {
  local project=$1 pkg=$2 orig rc
  TREE=
  fetch "$pkg"
  rc=$?
  orig=$ORIG
  if [ $rc = 2 ]; then
    SKIP_REASON="Debian's archive is unreachable (see $LOGS) and $SRC has no cached $pkg source"
    row "$project" SKIP SKIP 0 "archive unreachable"
    return 1
  elif [ $rc != 0 ]; then
    row "$project" "FAIL" "-" 0 "apt-get source $pkg failed"
    return 1
  fi
  if ! TREE=$(unpack "$orig" "$project"); then
    row "$project" "FAIL" "-" 0 "cannot unpack $(basename "$orig")"
    return 1
  fi
  echo "conformance: $project: $(basename "$orig") -> $TREE"
}

#===--- projects ----------------------------------------------------------===#

project_zlib() {
  local t0 build=FAIL tests=- note= shared=1 rc
  t0=$(now)
  source_tree zlib zlib || return
  (
    cd "$TREE" || exit 1
    logged zlib-configure env CC="$NEVERC" ./configure || exit 1
    grep -q "^CC=$NEVERC\$" Makefile || exit 1
    logged zlib-make make -j"$JOBS" CC="$NEVERC" || exit 1
    # Drop-in: configure must find a compiler that links shared libraries,
    # as it does with clang-22 or gcc.
    grep -q '^SHAREDLIB=libz.so' Makefile || exit 3
  )
  rc=$?
  case $rc in
  0) build=ok ;;
  3)
    shared=0
    build="FAIL (static only)"
    note="configure's shared-library probe failed with neverc, so no libz.so"
    echo "conformance: zlib: $note; from $TREE/configure.log:" >&2
    grep -A3 -- '-shared' "$TREE/configure.log" | head -n 6 >&2
    ;;
  *) note="configure or make failed" ;;
  esac
  if [ $rc = 0 ] || [ $rc = 3 ]; then
    if (cd "$TREE" && logged zlib-test make test CC="$NEVERC") &&
      grep -q '\*\*\* zlib test OK \*\*\*' "$LOGS/zlib-test.log" &&
      grep -q '\*\*\* zlib 64-bit test OK \*\*\*' "$LOGS/zlib-test.log" &&
      { [ $shared = 0 ] ||
        grep -q '\*\*\* zlib shared test OK \*\*\*' "$LOGS/zlib-test.log"; }; then
      if [ $shared = 1 ]; then
        tests="ok (static, shared, 64-bit)"
      else
        tests="ok (static, 64-bit)"
      fi
    else
      tests=FAIL
      note="make test${note:+; $note}"
    fi
  fi
  row zlib "$build" "$tests" "$(elapsed "$t0")" "$note"
}

project_lua() {
  local t0 build=FAIL tests=- note= lua
  t0=$(now)
  source_tree lua lua5.4 || return
  if (cd "$TREE" && logged lua-make make -j"$JOBS" linux CC="$NEVERC -std=gnu99") &&
    [ -x "$TREE/src/lua" ] && [ -x "$TREE/src/luac" ]; then
    build=ok
  else
    note="make linux failed"
  fi
  if [ "$build" = ok ]; then
    lua=$TREE/src/lua
    if logged lua-checks "$lua" "$HERE/lua/checks.lua" &&
      logged lua-luac "$TREE/src/luac" -o "$WORK/checks.luac" "$HERE/lua/checks.lua" &&
      logged lua-checks-bytecode "$lua" "$WORK/checks.luac" &&
      lua_oneliners "$lua"; then
      tests="ok ($(sed -n 's/^lua checks: \([0-9]*\) passed.*/\1/p' "$LOGS/lua-checks.log") checks, source + bytecode)"
    else
      tests=FAIL
      note="see $LOGS/lua-*.log"
    fi
  fi
  row lua "$build" "$tests" "$(elapsed "$t0")" "$note"
}

lua_oneliners() { # lua
  local lua=$1 line code got want ok=0
  while IFS= read -r line; do
    code=${line%% => *}
    want=${line#* => }
    got=$("$lua" -e "$code" 2>&1)
    if [ "$got" != "$want" ]; then
      echo "lua -e '$code': got '$got', want '$want'" >&2
      ok=1
    fi
  done <<'EOF'
print(1 + 2 * 3, 7 // 2, 2^0.5 > 1.41) => 7	3	true
print(string.format("%-4s|%05.1f|%X", "ab", 3.14159, 3054)) => ab  |003.1|BEE
local t = {} for i = 1, 10 do t[#t+1] = i * i end print(#t, t[10], table.concat(t, ",", 1, 3)) => 10	100	1,4,9
local function mk() local n = 0 return function() n = n + 1 return n end end local c = mk() c() print(c()) => 2
local co = coroutine.wrap(function(a) local b = coroutine.yield(a * 2) return b + 1 end) print(co(5), co(9)) => 10	10
print(("neverc"):rep(2, "-"):upper(), ("a,b,,c"):gsub(",", ";")) => NEVERC-NEVERC	a;b;;c	3
print(pcall(error, "x", 0)) => false	x
print(math.maxinteger + 1 == math.mininteger, 3 | 4, 5 ~ 1) => true	7	4
print(io.write("w") and "", os.time{year=2020, month=1, day=1, hour=0} > 0) => w	true
EOF
  return $ok
}

project_sqlite() {
  local t0 build=FAIL tests=- note= bld tclsh
  t0=$(now)
  tclsh=$(command -v tclsh || command -v tclsh8.6 || true)
  if [ -z "$tclsh" ]; then
    # The amalgamation is generated by Tcl scripts.
    row sqlite FAIL - 0 "tclsh not found (Debian package tcl)"
    return
  fi
  source_tree sqlite sqlite3 || return
  bld=$TREE/build-neverc
  mkdir -p "$bld"
  if (cd "$bld" &&
    logged sqlite-configure ../configure CC="$NEVERC" BUILD_CC="$NEVERC" \
      TCLSH_CMD="$tclsh" --disable-tcl &&
    grep -q "^CC = $NEVERC\$" Makefile &&
    logged sqlite-make make -j"$JOBS" sqlite3) &&
    [ -f "$bld/sqlite3.c" ] && [ -x "$bld/sqlite3" ]; then
    build=ok
  else
    note="configure or make sqlite3 failed"
  fi
  if [ "$build" = ok ]; then
    rm -f "$WORK/checks.db" "$WORK/checks.db-wal" "$WORK/checks.db-shm"
    if (cd "$WORK" && logged sqlite-checks-run "$bld/sqlite3" checks.db \
      <"$HERE/sqlite/checks.sql") &&
      diff -u "$HERE/sqlite/checks.expected" "$LOGS/sqlite-checks-run.log" \
        >"$LOGS/sqlite-checks.diff" 2>&1 &&
      [ "$("$bld/sqlite3" "$WORK/checks.db" 'PRAGMA integrity_check; SELECT count(*) FROM t;')" = "ok
16000" ]; then
      tests="ok ($(wc -l <"$HERE/sqlite/checks.expected") result lines, reopen)"
    else
      tests=FAIL
      note="see $LOGS/sqlite-checks.diff"
      head -n 40 "$LOGS/sqlite-checks.diff" >&2
    fi
  fi
  row sqlite "$build" "$tests" "$(elapsed "$t0")" "$note"
}

project_cmake() {
  local t0 build=FAIL tests=- note= dir=$WORK/cmake-probe id ref
  t0=$(now)
  if ! command -v cmake >/dev/null; then
    row cmake FAIL - 0 "cmake not installed"
    return
  fi
  rm -rf "$dir" "$dir-clang"
  logged cmake-configure cmake -S "$HERE/cmake-probe" -B "$dir" \
    -DCMAKE_C_COMPILER="$NEVERC" -DCMAKE_BUILD_TYPE=Release
  id=$(sed -n 's/.*probe: CMAKE_C_COMPILER_ID=//p' "$LOGS/cmake-configure.log")
  if [ "$id" != Clang ]; then
    note="CMAKE_C_COMPILER_ID='$id', want Clang"
    echo "conformance: cmake: $note; neverc --version says:" >&2
    "$NEVERC" --version >&2
    grep -h 'CMAKE_C_COMPILER_ID\|CMAKE_C_COMPILER_VERSION' \
      "$dir"/CMakeFiles/*/CMakeCCompiler.cmake >&2 2>/dev/null
    row cmake FAIL - "$(elapsed "$t0")" "$note"
    return
  fi
  if logged cmake-build cmake --build "$dir" -j "$JOBS"; then
    build="ok (ID=Clang $(sed -n 's/.*probe: CMAKE_C_COMPILER_VERSION=//p' "$LOGS/cmake-configure.log"))"
  else
    row cmake FAIL - "$(elapsed "$t0")" "cmake --build failed"
    return
  fi
  tests=ok
  if ! (cd "$dir" && logged cmake-ctest ctest --output-on-failure); then
    tests=FAIL
    note="ctest"
  fi
  # Every probe result (identification, checks) equals clang-22's.
  ref=$(command -v clang-22 || true)
  if [ -n "$ref" ] && [ "$tests" = ok ]; then
    if logged cmake-configure-clang cmake -S "$HERE/cmake-probe" \
      -B "$dir-clang" -DCMAKE_C_COMPILER="$ref" -DCMAKE_BUILD_TYPE=Release &&
      diff <(grep 'probe:' "$LOGS/cmake-configure-clang.log") \
        <(grep 'probe:' "$LOGS/cmake-configure.log") >"$LOGS/cmake-diff.log"; then
      tests="ok (checks = clang-22's)"
    else
      tests=FAIL
      note="probe results differ from clang-22 ($LOGS/cmake-diff.log)"
      cat "$LOGS/cmake-diff.log" >&2
    fi
  fi
  row cmake "$build" "$tests" "$(elapsed "$t0")" "$note"
}

project_make() {
  local t0 build=FAIL tests=- note= dir=$WORK/make-probe out
  t0=$(now)
  rm -rf "$dir"
  cp -r "$HERE/make-probe" "$dir"
  if (cd "$dir" && logged make-build make CC="$NEVERC") && [ -x "$dir/app" ]; then
    build=ok
  else
    row make FAIL - "$(elapsed "$t0")" "make CC=neverc failed"
    return
  fi
  out=$(cd "$dir" && ./app 2>&1)
  if [ "$out" != "dot=42 words=4 answer=42 sqrt=1.414 scale=3" ]; then
    tests=FAIL
    note="app printed '$out'"
  elif ! (cd "$dir" && make CC="$NEVERC" 2>&1 | grep 'Nothing to be done' >/dev/null); then
    tests=FAIL
    note="second make rebuilt something (-MMD dependencies)"
  else
    # A header edit must rebuild through the -MMD dependency files.
    sleep 1
    sed -i 's/#define PROBE_SCALE 3/#define PROBE_SCALE 4/' "$dir/include/probe.h"
    out=$(cd "$dir" && make CC="$NEVERC" >"$LOGS/make-rebuild.log" 2>&1 && ./app)
    if [ "$out" = "dot=56 words=4 answer=42 sqrt=1.414 scale=4" ]; then
      tests="ok (run, up to date, header edit rebuilds)"
    else
      tests=FAIL
      note="after a header edit the app printed '$out'"
    fi
  fi
  row make "$build" "$tests" "$(elapsed "$t0")" "$note"
}

#===--- main --------------------------------------------------------------===#

T_ALL=$(now)
echo "conformance: neverc = $NEVERC"
"$NEVERC" --version | head -n 1
echo "conformance: cache = $CACHE, projects = $PROJECTS, jobs = $JOBS"
for p in $PROJECTS; do
  case "$p" in
  zlib | lua | sqlite | cmake | make)
    echo "conformance: === $p"
    "project_$p"
    ;;
  *) row "$p" FAIL - 0 "unknown project" ;;
  esac
done

echo
printf '| %-7s | %-28s | %-42s | %8s |\n' project build tests seconds
printf '|%s|%s|%s|%s|\n' --------- ------------------------------ \
  -------------------------------------------- ----------
for r in "${ROWS[@]}"; do
  IFS='|' read -r p b t s n <<<"$r"
  printf '| %-7s | %-28s | %-42s | %8s |\n' "$p" "$b" "$t" "$s"
  [ -n "$n" ] && echo "    $p: $n"
done
echo
echo "conformance: total $(elapsed "$T_ALL") s; logs in $LOGS"
if [ -n "$SKIP_REASON" ]; then
  echo
  echo "CONFORMANCE SKIPPED: $SKIP_REASON"
  echo
fi
if [ "$FAILED" = 1 ]; then
  echo "conformance: FAILED"
  exit 1
fi
if [ "$SKIPPED" = 1 ] && [ -z "$SKIP_REASON" ]; then
  echo "conformance: FAILED (skipped for a reason other than the archive)"
  exit 1
fi
echo "conformance: PASSED${SKIP_REASON:+ (Debian projects skipped)}"
exit 0
