#!/usr/bin/env bash
# Drop-in proof on real projects: Debian source packages built with neverc as
# CC and checked with their own tests, plus CMake and make probes.
#
#   tests/conformance/run.sh [--neverc PATH] [--cache DIR] [--source-cache DIR]
#                            [--projects "..."] [--fetch-only]
#
# Projects (default: all, in this order):
#   zlib    zlib from Debian's source package: ./configure (CC=neverc),
#           make, make test (static, shared and 64-bit example programs)
#   lua     lua5.4: upstream makefile (`make linux CC="neverc -std=gnu99"`),
#           then lua/checks.lua, the same checks through luac bytecode, and
#           a few `lua -e` one-liners; then built again with
#           sdk/examples/CallCountPlugin.c (row lua+callcount): the same
#           checks pass and the program reports its call counts; and with
#           sdk/examples/PatchableEntryPlugin.c --patchable-entry=5 (row
#           lua+patchable, a MIR rewrite of every function): the same checks
#           pass and every function of the binary is listed patchable; and
#           with sdk/examples/CustomCallConvPlugin.c on the luaV_ functions
#           (row lua+callconv): the same checks pass through custom entries;
#           and with -fobject-write=canonical-elf-tables (row lua+objwrite:
#           every object read into the object graph and written back with
#           fresh string tables): the same checks pass; and with -flto and
#           -flto=thin (rows lua+lto, lua+thinlto: bitcode objects and
#           archive, LTO in the graph linker): the same checks pass
#   <project>+objgraph (zlib, lua, sqlite): every object of the build read
#           into the object graph and written back by tools/neverc-objtool,
#           byte for byte
#   sqlite  sqlite3: configure with CC=BUILD_CC=neverc, `make sqlite3` (the
#           tools, the amalgamation sqlite3.c and the shell compiled and
#           linked by neverc), then sqlite/checks.sql against
#           sqlite/checks.expected on a file database; then the shell
#           built again with CallCountPlugin (row sqlite+callcount)
#   jansson jansson 2.14 with the Debian patches: autoreconf, configure
#           (which adds -Wl,--default-symver, a GNU ld option), make,
#           make check, exports versioned with the soname
#   cmake   cmake-probe/ with -DCMAKE_C_COMPILER=neverc: the compiler must be
#           identified as Clang; the probe results must equal clang-22's
#   make    make-probe/ with `make CC=neverc`: archive, shared library,
#           -MMD dependencies (a header edit rebuilds), run
#
# Environment: NEVERC (compiler), NEVERC_CONFORMANCE_CACHE (work trees and
# logs, default build/conformance), NEVERC_SOURCE_CACHE (see below),
# NEVERC_CONFORMANCE_PROJECTS, NEVERC_CONFORMANCE_JOBS.
#
# The Debian sources come from tests/conformance/fetch-source.sh: a cache
# outside the build tree (--source-cache, default $NEVERC_SOURCE_CACHE or
# ~/.cache/neverc/debian-sources) that a clean clone reuses, checksummed;
# when it has no valid entry, the versions `apt-cache showsrc` lists are
# tried newest first. The "source" column of the table names the version
# built; a newer version that could not be fetched is named below the table.
# When no version of a project's package can be fetched, the project is
# SKIP in the table and a "CONFORMANCE SKIPPED: <project>: ..." line names
# the package and apt's last error; the exit code is 0 if everything that
# could run passed. Every other problem (fetch failures that are not the
# archive's, build and test failures) is a FAIL and exit 1, SKIPPED lines
# or not.
#
# --fetch-only fills the source cache for the Debian projects among
# --projects and unpacks them into the work directory (no neverc needed):
# the same table with build "fetched", for warming a CI cache.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NEVERC=${NEVERC:-$ROOT/build/bin/neverc}
CACHE=${NEVERC_CONFORMANCE_CACHE:-$ROOT/build/conformance}
SOURCE_CACHE=${NEVERC_SOURCE_CACHE:-}
FETCH_ONLY=0
PROJECTS=${NEVERC_CONFORMANCE_PROJECTS:-zlib lua sqlite jansson cmake make}
JOBS=${NEVERC_CONFORMANCE_JOBS:-$(nproc 2>/dev/null || echo 2)}
# sdk/examples/CallCountPlugin.c: lua and sqlite3 are built a second time
# with it and must pass the same checks while reporting their call counts.
CALLCOUNT=${NEVERC_CALLCOUNT_PLUGIN:-$ROOT/build/plugins/CallCountPlugin.so}
# sdk/examples/PatchableEntryPlugin.c: lua built a third time with it (a MIR
# pass that rewrites every machine function) must pass the same checks.
PATCHABLE=${NEVERC_PATCHABLE_PLUGIN:-$ROOT/build/plugins/PatchableEntryPlugin.so}
# sdk/examples/CustomCallConvPlugin.c: lua built a fourth time with the VM's
# functions on a custom calling convention must pass the same checks.
CALLCONV=${NEVERC_CALLCONV_PLUGIN:-$ROOT/build/plugins/CustomCallConvPlugin.so}
LLVM_BIN=${NEVERC_LLVM_BIN:-/usr/lib/llvm-22/bin}
# tools/neverc-objtool (next to neverc): every object of the zlib, lua and
# sqlite builds is read into the object graph and written back; the bytes
# must come back identical (rows <project>+objgraph).
OBJTOOL=${NEVERC_OBJTOOL:-}

while [ $# -gt 0 ]; do
  case "$1" in
  --neverc) NEVERC=$2; shift 2 ;;
  --callcount) CALLCOUNT=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  --source-cache) SOURCE_CACHE=$2; shift 2 ;;
  --projects) PROJECTS=$2; shift 2 ;;
  --fetch-only) FETCH_ONLY=1; shift ;;
  -h | --help) sed -n '2,49p' "$0"; exit 0 ;;
  *) echo "conformance: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

if [ "$FETCH_ONLY" = 0 ]; then
  if [ ! -x "$NEVERC" ]; then
    echo "conformance: FAIL: no neverc at '$NEVERC' (build it first)" >&2
    exit 1
  fi
  NEVERC=$(cd "$(dirname "$NEVERC")" && pwd)/$(basename "$NEVERC")
fi
mkdir -p "$CACHE/work" "$CACHE/logs"
CACHE=$(cd "$CACHE" && pwd)
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

ROWS=()       # "project|source|build|tests|seconds|note"
FAILED=0
SKIP_LINES=() # one per skipped project, printed as "CONFORMANCE SKIPPED: ..."
SRC_VERSION=  # the Debian version of the current project's source, if any
SRC_NOTE=     # newer versions that could not be fetched, if any

# row PROJECT BUILD TESTS SECONDS [NOTE]: the source column is SRC_VERSION.
row() {
  local note=${5:-}
  [ -n "$SRC_NOTE" ] && note="$SRC_NOTE${note:+; $note}"
  ROWS+=("$1|${SRC_VERSION:--}|$2|$3|$4|$note")
  case "$2$3" in *FAIL*) FAILED=1 ;; esac
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

# fetch PACKAGE: tests/conformance/fetch-source.sh PACKAGE, its KEY=VALUE
# report in FETCHED, its stderr in $LOGS/fetch-PACKAGE.log (and shown).
# Returns its exit code: 0, 1 failure, 2 nothing could be fetched.
fetch() {
  local pkg=$1 rc args=(--log-dir "$LOGS")
  [ -n "$SOURCE_CACHE" ] && args+=(--cache "$SOURCE_CACHE")
  FETCHED=$(bash "$HERE/fetch-source.sh" "${args[@]}" "$pkg" \
    2>"$LOGS/fetch-$pkg.log")
  rc=$?
  sed 's/^/  /' "$LOGS/fetch-$pkg.log"
  return $rc
}

fetched() { # KEY: its value in FETCHED
  sed -n "s/^$1=//p" <<<"$FETCHED" | head -n 1
}

# unpack TARBALL NAME: a fresh tree in $WORK/NAME; prints its path.
unpack() {
  local tarball=$1 name=$2 top
  rm -rf "${WORK:?}/$name" "$WORK/$name.tmp"
  mkdir -p "$WORK/$name.tmp"
  tar --force-local -xf "$tarball" -C "$WORK/$name.tmp" || return 1
  top=$(find "$WORK/$name.tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  [ -n "$top" ] || return 1
  mv "$top" "$WORK/$name" && rm -rf "$WORK/$name.tmp"
  echo "$WORK/$name"
}

# source_tree PROJECT PACKAGE: sets TREE and SRC_VERSION, or records a
# SKIP/FAIL row.
source_tree() {
  local project=$1 pkg=$2 orig rc failed err
  TREE=
  fetch "$pkg"
  rc=$?
  failed=$(fetched tried_failed)
  err=$(fetched error)
  if [ $rc = 2 ]; then
    SKIP_LINES+=("$project: no version of Debian source package $pkg could be fetched (tried: ${failed:-none}); last apt error: $err")
    row "$project" SKIP SKIP 0 "no version of $pkg could be fetched: $err"
    return 1
  elif [ $rc != 0 ]; then
    row "$project" "FAIL" "-" 0 "fetching $pkg failed: ${err:-see $LOGS/fetch-$pkg.log}"
    return 1
  fi
  SRC_VERSION=$(fetched version)
  orig=$(fetched orig)
  if [ -n "$failed" ]; then
    SRC_NOTE="using $pkg $SRC_VERSION: newer $failed could not be fetched ($err)"
    echo "conformance: $project: $SRC_NOTE"
  fi
  # tests/bench/compile/bench.py looks for the upstream tarballs in
  # $CACHE/debian (where this script used to download them): a link there.
  mkdir -p "$CACHE/debian" && rm -f "$CACHE/debian/${pkg}"_* &&
    ln -s "$orig" "$CACHE/debian/$(basename "$orig")"
  if ! TREE=$(unpack "$orig" "$project"); then
    row "$project" "FAIL" "-" 0 "cannot unpack $orig"
    return 1
  fi
  echo "conformance: $project: $pkg $SRC_VERSION ($(fetched origin)):" \
    "$(basename "$orig") -> $TREE"
}

# fetch_only PROJECT: fills the source cache for a Debian project.
fetch_only() {
  local t0 pkg
  t0=$(now)
  case "$1" in
  zlib) pkg=zlib ;;
  lua) pkg=lua5.4 ;;
  sqlite) pkg=sqlite3 ;;
  jansson) pkg=jansson ;;
  *) echo "conformance: $1: nothing to fetch"; return ;;
  esac
  source_tree "$1" "$pkg" || return
  row "$1" fetched - "$(elapsed "$t0")"
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
  case $build in ok | "FAIL (static only)") objgraph_check zlib+objgraph "$TREE" ;; esac
}

# jansson 2.14: its configure adds -Wl,--default-symver on glibc, an option
# only GNU ld knows (neverc hands such links to the platform linker, as
# clang-22 links with it). The Debian patches are applied (one fixes the
# export check for versioned symbols), autoreconf makes the configure script
# the upstream tarball lacks, then configure, make, make check, and every
# export must carry the soname version.
project_jansson() {
  local t0 build=FAIL tests=- note= debian p tool
  t0=$(now)
  for tool in autoreconf automake libtoolize; do
    if ! command -v "$tool" >/dev/null; then
      row jansson SKIP SKIP 0 "$tool not found (Debian packages autoconf automake libtool)"
      SKIP_LINES+=("jansson: $tool not found (Debian packages autoconf, automake and libtool could not be installed; see scripts/install-deps.sh)")
      return
    fi
  done
  source_tree jansson jansson || return
  debian=$(fetched dir)/$(basename "$(fetched dsc)" .dsc).debian.tar.xz
  if [ -f "$debian" ]; then
    tar --force-local -xf "$debian" -C "$TREE" || {
      row jansson FAIL - "$(elapsed "$t0")" "cannot unpack $debian"
      return
    }
    if [ -f "$TREE/debian/patches/series" ]; then
      while read -r p; do
        case $p in '' | '#'*) continue ;; esac
        if ! (cd "$TREE" && patch -p1 -s <"debian/patches/$p"); then
          row jansson FAIL - "$(elapsed "$t0")" "Debian patch $p does not apply"
          return
        fi
      done <"$TREE/debian/patches/series"
    fi
  fi
  if (cd "$TREE" && logged jansson-autoreconf autoreconf -fi &&
    logged jansson-configure ./configure CC="$NEVERC" &&
    grep -q '^JSON_SYMVER_LDFLAGS = -Wl,--default-symver$' src/Makefile &&
    logged jansson-make make -j"$JOBS") &&
    [ -f "$TREE/src/.libs/libjansson.so.4" ]; then
    build=ok
  else
    note="autoreconf, configure (with -Wl,--default-symver) or make failed"
  fi
  if [ "$build" = ok ]; then
    if (cd "$TREE" && logged jansson-check make -j"$JOBS" check) &&
      grep -q '^# FAIL: *0$' "$LOGS/jansson-check.log"; then
      # Every export versioned by --default-symver (GNU ld's behaviour).
      if llvm-readelf-22 --dyn-syms "$TREE/src/.libs/libjansson.so.4"         2>/dev/null | grep 'json_object@@libjansson.so.4' >/dev/null; then
        tests="ok (make check, versioned exports)"
      else
        tests=FAIL
        note="exports are not versioned libjansson.so.4"
      fi
    else
      tests=FAIL
      note="make check; see $TREE/test/test-suite.log"
    fi
  fi
  row jansson "$build" "$tests" "$(elapsed "$t0")" "$note"
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
  [ "$build" = ok ] && lua_callcount
  [ "$build" = ok ] && lua_patchable
  [ "$build" = ok ] && lua_callconv
  [ "$build" = ok ] && objgraph_check lua+objgraph "$TREE/src"
  [ "$build" = ok ] && lua_objwrite
  [ "$build" = ok ] && lua_lto lua+lto -flto
  [ "$build" = ok ] && lua_lto lua+thinlto -flto=thin
}

# A fresh copy of the lua tree built again with extra CC flags (a plugin):
# lua_rebuild <tree> <log name> <flags...>. Status 0: src/lua was built.
lua_rebuild() {
  local tree=$1 name=$2
  shift 2
  rm -rf "$tree" && cp -a "$TREE" "$tree" && (cd "$tree" && make clean >/dev/null)
  (cd "$tree" && logged "$name" make -j"$JOBS" linux \
    CC="$NEVERC -std=gnu99 $*") && [ -x "$tree/src/lua" ]
}

# lua built again with PatchableEntryPlugin --patchable-entry=5: a MIR
# transaction on every machine function (committed through LLVM's
# MachineVerifier). The same checks must pass, every function of the lua
# binary must start with 5 bytes of no-ops, and __patchable_function_entries
# must list one address per function.
lua_patchable() {
  local t0 build=FAIL tests=- note= tree=$WORK/lua-patchable lua entries fns
  t0=$(now)
  if [ ! -f "$PATCHABLE" ]; then
    row lua+patchable FAIL - 0 "$PATCHABLE not built"
    return
  fi
  if lua_rebuild "$tree" lua-patchable-make -fplugin="$PATCHABLE" \
    --patchable-entry=5; then
    build=ok
  else
    note="make with -fplugin=PatchableEntryPlugin.so failed"
  fi
  if [ "$build" = ok ]; then
    lua=$tree/src/lua
    # Entries: 8 bytes each in the linked binary; functions: the text
    # symbols of the objects linked into it (all but luac.o).
    entries=$("$LLVM_BIN/llvm-readelf" -S -W "$lua" |
      sed -n 's/.*] __patchable_function_entries *PROGBITS *[0-9a-f]* *[0-9a-f]* *\([0-9a-f]*\) .*/\1/p')
    entries=$(( 16#${entries:-0} / 8 ))
    fns=$(for o in "$tree"/src/*.o; do
      [ "${o##*/}" = luac.o ] || "$LLVM_BIN/llvm-nm" --defined-only "$o"
    done | grep -c ' [tT] ')
    if logged lua-patchable-checks "$lua" "$HERE/lua/checks.lua" &&
      grep -q '^lua checks: [0-9]* passed' "$LOGS/lua-patchable-checks.log" &&
      "$LLVM_BIN/llvm-objdump" -d --disassemble-symbols=luaV_execute "$lua" |
        grep -A1 '<luaV_execute>:' | grep 'nopl' >/dev/null &&
      [ "$entries" -eq "$fns" ]; then
      tests="ok ($(sed -n 's/^lua checks: \([0-9]*\) passed.*/\1/p' "$LOGS/lua-patchable-checks.log") checks, $entries patched entries for $fns functions)"
    else
      tests=FAIL
      note="entries $entries, functions $fns; see $LOGS/lua-patchable-*.log"
    fi
  fi
  row lua+patchable "$build" "$tests" "$(elapsed "$t0")" "$note"
}

# lua built again with CustomCallConvPlugin in global mode for the VM's
# functions (ccprefix=luaV_): each gets the custom calling convention
# "gpr:r10,r11,rsi,rdi;ret:rdx", lowered by neverc (target/README.md). The
# same checks must pass and the binary must hold a custom entry
# (<name>.neverc.cc) per luaV_ function, luaV_execute's among them.
lua_callconv() {
  local t0 build=FAIL tests=- note= tree=$WORK/lua-callconv lua entries fns
  t0=$(now)
  if [ ! -f "$CALLCONV" ]; then
    row lua+callconv FAIL - 0 "$CALLCONV not built"
    return
  fi
  if lua_rebuild "$tree" lua-callconv-make -fplugin="$CALLCONV" \
    -fplugin-arg=org.neverc.example.custom-callconv:cc-all \
    -fplugin-arg=org.neverc.example.custom-callconv:ccprefix=luaV_; then
    build=ok
  else
    note="make with -fplugin=CustomCallConvPlugin.so failed"
  fi
  if [ "$build" = ok ]; then
    lua=$tree/src/lua
    entries=$("$LLVM_BIN/llvm-nm" --defined-only "$lua" | grep -c ' luaV_.*\.neverc\.cc$')
    fns=$("$LLVM_BIN/llvm-nm" --defined-only "$tree/src/lvm.o" | grep -c ' [tT] luaV_[a-z_]*$')
    if logged lua-callconv-checks "$lua" "$HERE/lua/checks.lua" &&
      grep -q '^lua checks: [0-9]* passed' "$LOGS/lua-callconv-checks.log" &&
      "$LLVM_BIN/llvm-nm" "$lua" | grep ' luaV_execute\.neverc\.cc$' >/dev/null &&
      [ "$entries" -ge "$fns" ] && [ "$fns" -gt 0 ]; then
      tests="ok ($(sed -n 's/^lua checks: \([0-9]*\) passed.*/\1/p' "$LOGS/lua-callconv-checks.log") checks, $entries custom-convention entries)"
    else
      tests=FAIL
      note="entries $entries, lvm.c luaV_ functions $fns; see $LOGS/lua-callconv-*.log"
    fi
  fi
  row lua+callconv "$build" "$tests" "$(elapsed "$t0")" "$note"
}

# lua built again with CallCountPlugin (an IR pass through the plugin ABI):
# the same checks must pass, and the program reports how often each of its
# functions ran; the ten most called go to lua-callcount-top.log.
lua_callcount() {
  local t0 build=FAIL tests=- note= tree=$WORK/lua-callcount lua
  t0=$(now)
  if [ ! -f "$CALLCOUNT" ]; then
    row lua+callcount FAIL - 0 "$CALLCOUNT not built"
    return
  fi
  if NEVERC_CALLCOUNT_FILE=/dev/null lua_rebuild "$tree" lua-callcount-make \
    -fplugin="$CALLCOUNT"; then
    build=ok
  else
    note="make with -fplugin=CallCountPlugin.so failed"
  fi
  if [ "$build" = ok ]; then
    lua=$tree/src/lua
    rm -f "$LOGS/lua-callcount-counts.log"
    if NEVERC_CALLCOUNT_FILE=$LOGS/lua-callcount-counts.log "$lua" \
      "$HERE/lua/checks.lua" >"$LOGS/lua-callcount-checks.log" 2>&1 &&
      grep -q '^lua checks: [0-9]* passed' "$LOGS/lua-callcount-checks.log" &&
      grep -q '^callcount: luaV_execute [1-9]' "$LOGS/lua-callcount-counts.log"; then
      sort -k3,3nr "$LOGS/lua-callcount-counts.log" | head -n 10 \
        >"$LOGS/lua-callcount-top.log"
      tests="ok ($(sed -n 's/^lua checks: \([0-9]*\) passed.*/\1/p' "$LOGS/lua-callcount-checks.log") checks, $(wc -l <"$LOGS/lua-callcount-counts.log") functions counted)"
      note="top: $(head -n 3 "$LOGS/lua-callcount-top.log" | awk '{printf "%s%s %s", sep, $2, $3; sep=", "}')"
    else
      tests=FAIL
      note="see $LOGS/lua-callcount-*.log"
    fi
  fi
  row lua+callcount "$build" "$tests" "$(elapsed "$t0")" "$note"
}

# Every object of a build read into the object graph (the built-in ELF
# reader) and written back (the ELF writer): byte for byte, or the row
# fails. Runs only when neverc-objtool is built next to neverc.
objgraph_check() { # row dir
  local t0 row=$1 dir=$2 tool=${OBJTOOL:-$(dirname "$NEVERC")/neverc-objtool}
  t0=$(now)
  if [ ! -x "$tool" ]; then
    row "$row" FAIL - 0 "$tool not built"
    return
  fi
  local objs
  objs=$(find "$dir" -name '*.o' | sort)
  if [ -z "$objs" ]; then
    row "$row" FAIL - "$(elapsed "$t0")" "no objects in $dir"
    return
  fi
  # shellcheck disable=SC2086
  if logged "$row-roundtrip" "$tool" check $objs; then
    row "$row" ok "ok ($(tail -n 1 "$LOGS/$row-roundtrip.log"))" "$(elapsed "$t0")"
  else
    row "$row" ok FAIL "$(elapsed "$t0")" "see $LOGS/$row-roundtrip.log"
  fi
}

# lua built again with -fobject-write=canonical-elf-tables: every object
# goes through the object phases (read into the graph, written back with a
# fresh .strtab and a distinct .shstrtab); the same checks must pass.
lua_objwrite() {
  local t0 build=FAIL tests=- note= tree=$WORK/lua-objwrite lua
  t0=$(now)
  if lua_rebuild "$tree" lua-objwrite-make -fobject-write=canonical-elf-tables; then
    build=ok
  else
    note="make with -fobject-write=canonical-elf-tables failed"
  fi
  if [ "$build" = ok ]; then
    lua=$tree/src/lua
    if logged lua-objwrite-checks "$lua" "$HERE/lua/checks.lua" &&
      grep -q '^lua checks: [0-9]* passed' "$LOGS/lua-objwrite-checks.log" &&
      "$LLVM_BIN/llvm-readelf" -S "$tree/src/lvm.o" | grep ' \.shstrtab ' >/dev/null; then
      tests="ok ($(sed -n 's/^lua checks: \([0-9]*\) passed.*/\1/p' "$LOGS/lua-objwrite-checks.log") checks, objects with a distinct .shstrtab)"
    else
      tests=FAIL
      note="see $LOGS/lua-objwrite-*.log"
    fi
  fi
  row lua+objwrite "$build" "$tests" "$(elapsed "$t0")" "$note"
}

# lua built again with -flto or -flto=thin: every object is bitcode (and
# liblua.a an archive of it), and the graph linker runs LLVM's LTO between
# reading the inputs and resolving symbols (lto/README.md); the same checks
# must pass, and the binary must be the graph linker's (lld names itself
# in .comment). lua_lto <row> <flag>
lua_lto() {
  local row=$1 flag=$2 t0 build=FAIL tests=- note= tree lua
  tree=$WORK/$row
  t0=$(now)
  if lua_rebuild "$tree" "$row-make" "$flag"; then
    build=ok
  else
    note="make with $flag failed"
  fi
  if [ "$build" = ok ]; then
    lua=$tree/src/lua
    if logged "$row-checks" "$lua" "$HERE/lua/checks.lua" &&
      grep -q '^lua checks: [0-9]* passed' "$LOGS/$row-checks.log" &&
      "$LLVM_BIN/llvm-bcanalyzer" "$tree/src/lvm.o" >/dev/null &&
      ! "$LLVM_BIN/llvm-readelf" -p .comment "$lua" | grep -q 'Linker: LLD'; then
      tests="ok ($(sed -n 's/^lua checks: \([0-9]*\) passed.*/\1/p' "$LOGS/$row-checks.log") checks, bitcode objects, linked by the graph linker)"
    else
      tests=FAIL
      note="see $LOGS/$row-*.log"
    fi
  fi
  row "$row" "$build" "$tests" "$(elapsed "$t0")" "$note"
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
    # The amalgamation is generated by Tcl scripts; tcl is optional in
    # scripts/install-deps.sh, so its absence is a loud skip.
    row sqlite SKIP SKIP 0 "tclsh not found (Debian package tcl)"
    SKIP_LINES+=("sqlite: tclsh not found (Debian package tcl could not be installed; see scripts/install-deps.sh)")
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
  [ "$build" = ok ] && sqlite_callcount "$tclsh"
  # `make sqlite3` keeps no objects (it compiles and links in one step):
  # the amalgamation and the shell are compiled once more (-g -O0: debug
  # sections and their relocations, at a tenth of -O2's compile time) for
  # the object round trip.
  if [ "$build" = ok ]; then
    mkdir -p "$WORK/sqlite-objects"
    if (cd "$bld" && logged sqlite-objects \
      "$NEVERC" -g -O0 -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_FTS4 \
      -DSQLITE_ENABLE_RTREE -c sqlite3.c shell.c) &&
      mv "$bld/sqlite3.o" "$bld/shell.o" "$WORK/sqlite-objects/"; then
      objgraph_check sqlite+objgraph "$WORK/sqlite-objects"
    else
      row sqlite+objgraph FAIL - 0 "see $LOGS/sqlite-objects.log"
    fi
  fi
}

# sqlite3's shell built again with CallCountPlugin: the same checks, and the
# counts of the amalgamation's functions on stderr.
sqlite_callcount() {
  local t0 build=FAIL tests=- note= bld=$TREE/build-callcount tclsh=$1
  t0=$(now)
  if [ ! -f "$CALLCOUNT" ]; then
    row sqlite+callcount FAIL - 0 "$CALLCOUNT not built"
    return
  fi
  rm -rf "$bld" && mkdir -p "$bld"
  # The build runs programs it compiled (mksourceid, lemon) and parses
  # their stderr: their counts go nowhere.
  if (cd "$bld" && export NEVERC_CALLCOUNT_FILE=/dev/null &&
    logged sqlite-callcount-configure ../configure \
      CC="$NEVERC -fplugin=$CALLCOUNT" BUILD_CC="$NEVERC" \
      TCLSH_CMD="$tclsh" --disable-tcl &&
    logged sqlite-callcount-make make -j"$JOBS" sqlite3) && [ -x "$bld/sqlite3" ]; then
    build=ok
  else
    note="configure or make with -fplugin=CallCountPlugin.so failed"
  fi
  if [ "$build" = ok ]; then
    rm -f "$WORK/cc.db" "$WORK/cc.db-wal" "$WORK/cc.db-shm"
    rm -f "$LOGS/sqlite-callcount-counts.log"
    if (cd "$WORK" &&
      NEVERC_CALLCOUNT_FILE=$LOGS/sqlite-callcount-counts.log "$bld/sqlite3" \
        cc.db <"$HERE/sqlite/checks.sql" >"$LOGS/sqlite-callcount-run.log" 2>&1) &&
      diff -u "$HERE/sqlite/checks.expected" "$LOGS/sqlite-callcount-run.log" \
        >"$LOGS/sqlite-callcount.diff" 2>&1 &&
      grep -q '^callcount: sqlite3_step [1-9]' "$LOGS/sqlite-callcount-counts.log"; then
      sort -k3,3nr "$LOGS/sqlite-callcount-counts.log" | head -n 10 \
        >"$LOGS/sqlite-callcount-top.log"
      tests="ok ($(wc -l <"$HERE/sqlite/checks.expected") result lines, $(wc -l <"$LOGS/sqlite-callcount-counts.log") functions counted)"
      note="top: $(head -n 3 "$LOGS/sqlite-callcount-top.log" | awk '{printf "%s%s %s", sep, $2, $3; sep=", "}')"
    else
      tests=FAIL
      note="see $LOGS/sqlite-callcount*"
    fi
  fi
  row sqlite+callcount "$build" "$tests" "$(elapsed "$t0")" "$note"
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
if [ "$FETCH_ONLY" = 0 ]; then
  echo "conformance: neverc = $NEVERC"
  "$NEVERC" --version | head -n 1
fi
echo "conformance: cache = $CACHE, projects = $PROJECTS, jobs = $JOBS"
for p in $PROJECTS; do
  SRC_VERSION=''
  SRC_NOTE=''
  case "$p" in
  zlib | lua | sqlite | jansson | cmake | make)
    echo "conformance: === $p"
    if [ "$FETCH_ONLY" = 1 ]; then fetch_only "$p"; else "project_$p"; fi
    ;;
  *) row "$p" FAIL - 0 "unknown project" ;;
  esac
done

echo
printf '| %-7s | %-18s | %-28s | %-42s | %8s |\n' project source build tests seconds
printf '|%s|%s|%s|%s|%s|\n' --------- -------------------- \
  ------------------------------ -------------------------------------------- \
  ----------
for r in "${ROWS[@]}"; do
  IFS='|' read -r p v b t s n <<<"$r"
  printf '| %-7s | %-18s | %-28s | %-42s | %8s |\n' "$p" "$v" "$b" "$t" "$s"
  [ -n "$n" ] && echo "    $p: $n"
done
echo
echo "conformance: total $(elapsed "$T_ALL") s; logs in $LOGS"
if [ ${#SKIP_LINES[@]} -gt 0 ]; then
  echo
  printf 'CONFORMANCE SKIPPED: %s\n' "${SKIP_LINES[@]}"
  echo
fi
if [ "$FAILED" = 1 ]; then
  echo "conformance: FAILED"
  exit 1
fi
echo "conformance: PASSED${SKIP_LINES[*]:+ (${#SKIP_LINES[@]} project(s) skipped)}"
exit 0
