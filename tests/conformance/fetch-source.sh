#!/usr/bin/env bash
# Fetches one Debian source package into a cache shared by every checkout,
# robustly: a version apt's index lists but the archive does not serve is
# passed over for the next older one.
#
#   tests/conformance/fetch-source.sh [--cache DIR] [--log-dir DIR] PACKAGE
#
# PACKAGE is a source package name (zlib, lua5.4, sqlite3).
#
# Cache: DIR, or $NEVERC_SOURCE_CACHE, or
# ${XDG_CACHE_HOME:-$HOME/.cache}/neverc/debian-sources. One directory per
# package and version, PACKAGE_VERSION with ':' written as %3a (GNU tar reads
# a ':' in an archive name as host:path), holding what
# `apt-get source --download-only PACKAGE=VERSION` downloaded and a
# completion marker .complete (sha256sum lines of every file in it). An entry
# is only renamed into place, marker included, after the download and a test
# unpack succeeded in a temporary directory beside it; on reuse the marker is
# checked with `sha256sum -c` and must list every file, and an entry that
# fails (partial, truncated, edited) is deleted and fetched again. One fetch
# at a time per cache (flock on DIR/.lock, waiting up to
# $NEVERC_SOURCE_LOCK_TIMEOUT seconds, default 1800); temporaries of killed
# runs (DIR/.tmp-*) are removed.
#
# Order: the newest valid cached entry of PACKAGE is used without asking apt
# (so a run does not depend on the archive's state of the day; delete the
# entry or the cache to fetch again). Otherwise the versions
# `apt-cache showsrc PACKAGE` lists for source package PACKAGE are tried,
# newest first (dpkg --compare-versions, duplicates dropped), until one
# downloads and unpacks. When apt has no source record at all, deb-src
# entries mirroring /etc/apt/sources.list.d/debian.sources (or the deb lines
# of /etc/apt/sources.list) are added as
# /etc/apt/sources.list.d/neverc-deb-src.sources and apt-get update runs
# (root only).
#
# Output (stdout), KEY=VALUE lines, "package=PACKAGE" first (a usage error
# is exit 1 with nothing on stdout):
#   exit 0  version=VERSION          the version in the cache (epoch kept)
#           dir=DIR                  its cache entry
#           dsc=FILE                 the .dsc in DIR
#           orig=FILE                the upstream tarball (.orig.tar.*, or the
#                                    .tar.* of a native package)
#           origin=cache|archive     reused, or downloaded by this run
#           tried_failed=V1 V2 ...   newer versions that could not be fetched
#                                    by this run (empty when none)
#           error=LINE               the last apt error line of those (empty
#                                    when none)
#   exit 1  tried_failed=..., error=LINE: a failure that is not the
#           archive's (not root and no deb-src entry, apt-get update failed,
#           no source package PACKAGE, a download that does not unpack, ...)
#   exit 2  tried_failed=..., error=LINE: nothing could be fetched: the
#           archive is unreachable, or every listed version failed to
#           download; callers report PACKAGE as skipped.
# Progress and diagnostics go to stderr ("fetch-source: PACKAGE: ..."); with
# --log-dir, apt's full output is kept there (fetch-PACKAGE_VERSION.log,
# apt-update.log). "The last apt error line" is the last "E: " line that is
# not a generic trailer ("E: Failed to fetch some archives."), else the last
# "E: ", "Err:" or "W: " line, else the last line, without "[IP: ...]".
set -uo pipefail

CACHE=${NEVERC_SOURCE_CACHE:-}
LOGDIR=
PKG=

while [ $# -gt 0 ]; do
  case "$1" in
  --cache) CACHE=$2; shift 2 ;;
  --log-dir) LOGDIR=$2; shift 2 ;;
  -h | --help) sed -n '2,57p' "$0"; exit 0 ;;
  -*) echo "fetch-source: unknown option '$1'" >&2; exit 1 ;;
  *)
    [ -z "$PKG" ] || { echo "fetch-source: one package only" >&2; exit 1; }
    PKG=$1; shift ;;
  esac
done

TRIED_FAILED=()
LAST_ERR=

say() { echo "fetch-source: $PKG: $*" >&2; }

# finish CODE [MESSAGE]: the KEY=VALUE report for exit codes 1 and 2.
finish() {
  local code=$1
  shift
  [ $# -gt 0 ] && say "$*"
  [ -n "$LAST_ERR" ] || LAST_ERR="$*"
  echo "package=$PKG"
  echo "tried_failed=${TRIED_FAILED[*]}"
  echo "error=$LAST_ERR"
  exit "$code"
}

if [ -z "$PKG" ] || ! [[ "$PKG" =~ ^[a-z0-9][a-z0-9.+-]+$ ]]; then
  echo "fetch-source: usage: fetch-source.sh [--cache DIR] [--log-dir DIR]" \
    "PACKAGE (a Debian source package name; got '$PKG')" >&2
  exit 1
fi
if [ -z "$CACHE" ]; then
  if [ -n "${XDG_CACHE_HOME:-}" ]; then
    CACHE=$XDG_CACHE_HOME/neverc/debian-sources
  elif [ -n "${HOME:-}" ]; then
    CACHE=$HOME/.cache/neverc/debian-sources
  else
    finish 1 "neither NEVERC_SOURCE_CACHE, XDG_CACHE_HOME nor HOME is set"
  fi
fi
mkdir -p "$CACHE" || finish 1 "cannot create the cache $CACHE"
CACHE=$(cd "$CACHE" && pwd)
if [ -n "$LOGDIR" ]; then
  mkdir -p "$LOGDIR" || finish 1 "cannot create the log directory $LOGDIR"
fi

exec 8>"$CACHE/.lock"
if ! flock -w "${NEVERC_SOURCE_LOCK_TIMEOUT:-1800}" 8; then
  finish 1 "could not lock $CACHE/.lock"
fi
# Under the lock nobody else is fetching: what is left is from killed runs.
rm -rf "$CACHE"/.tmp-*
TMP=
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
  [ -z "$TMP" ] || rm -rf "$TMP" "$TMP.unpack" "$TMP.unpack.err" "$TMP.sums"
  rm -f "$CACHE"/.tmp-log-*
}
trap cleanup EXIT

#===--- helpers -----------------------------------------------------------===#

last_apt_error() { # log file
  local line
  line=$(grep -E '^E: ' "$1" |
    grep -vE '^E: (Failed to fetch some archives|Unable to fetch some archives|Some files failed to download)' |
    tail -n 1)
  [ -n "$line" ] || line=$(grep -E '^E: ' "$1" | tail -n 1)
  [ -n "$line" ] || line=$(grep -E '^(Err:|W: )' "$1" | tail -n 1)
  [ -n "$line" ] || line=$(grep -v '^[[:space:]]*$' "$1" | tail -n 1)
  [ -n "$line" ] || line="(apt printed nothing)"
  echo "$line" | sed -e 's/ *\[IP: [^]]*\]//g' -e 's/[[:space:]]*$//'
}

NET_PATTERN='Could not resolve|Temporary failure resolving|Unable to connect|Could not connect|Connection failed|Connection timed out|Connection refused|Network is unreachable|No route to host|Cannot initiate the connection'

network_failure() { # log file
  grep -Eq "$NET_PATTERN" "$1" && ! grep -q ' 404 ' "$1"
}

log_file() { # name -> where apt's output of that step goes
  if [ -n "$LOGDIR" ]; then echo "$LOGDIR/$1.log"; else echo "$CACHE/.tmp-log-$1"; fi
}

# sort_versions: newest first, dpkg-equal ones once.
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/apt-versions.sh"

# The versions of source package $PKG apt's index lists, newest first.
apt_versions() {
  apt-cache showsrc "$PKG" 2>/dev/null | awk -v p="$PKG" '
    BEGIN { RS = ""; FS = "\n" }
    {
      pk = ""; v = ""
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^Package: /) pk = substr($i, 10)
        else if ($i ~ /^Version: /) v = substr($i, 10)
      }
      if (pk == p && v != "") print v
    }' | sort_versions
}

entry_name() { # version -> cache directory name
  echo "${PKG}_${1//:/%3a}"
}

# find_orig DIR: the upstream tarball of $PKG in DIR.
find_orig() {
  local f
  for f in "$1/${PKG}"_*.orig.tar.* "$1/${PKG}"_*.tar.*; do
    case "$f" in *.asc | *.debian.tar.* | *.orig-*.tar.*) continue ;; esac
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 1
}

find_dsc() { # DIR
  local f
  for f in "$1/${PKG}"_*.dsc; do
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 1
}

# check_entry DIR: 0 when DIR is a complete cache entry; else prints why.
check_entry() {
  local d=$1 listed present bad
  if [ ! -f "$d/.complete" ]; then
    echo "no completion marker (partial fetch)"
    return 1
  fi
  listed=$(sed -n 's/^[0-9a-f]\{64\}  \*\{0,1\}//p' "$d/.complete" | LC_ALL=C sort)
  present=$(cd "$d" && find . -mindepth 1 -maxdepth 1 ! -name .complete -printf '%f\n' | LC_ALL=C sort)
  if [ -z "$listed" ] || [ "$listed" != "$present" ]; then
    echo "its files are not the ones .complete lists"
    return 1
  fi
  if ! bad=$(cd "$d" && sha256sum --strict -c .complete 2>&1); then
    echo "checksum mismatch: $(grep ': FAILED' <<<"$bad" | head -n 3 | paste -sd ' ')"
    return 1
  fi
  if ! find_dsc "$d" >/dev/null || ! find_orig "$d" >/dev/null; then
    echo "no .dsc or no upstream tarball"
    return 1
  fi
}

# test_unpack DIR: every tarball reads to its end and the upstream one
# extracts to a top-level directory. Prints the problem on failure.
test_unpack() {
  local d=$1 f orig
  orig=$(find_orig "$d") || { echo "no upstream tarball among: $(ls "$d" | tr '\n' ' ')"; return 1; }
  find_dsc "$d" >/dev/null || { echo "no .dsc among: $(ls "$d" | tr '\n' ' ')"; return 1; }
  for f in "$d"/*.tar.*; do
    case "$f" in *.asc) continue ;; esac
    [ "$f" = "$orig" ] && continue
    tar --force-local -tf "$f" >/dev/null 2>"$d.unpack.err" ||
      { echo "$(basename "$f") does not unpack: $(tail -n 1 "$d.unpack.err")"; return 1; }
  done
  rm -rf "$d.unpack" && mkdir -p "$d.unpack"
  if ! tar --force-local -xf "$orig" -C "$d.unpack" 2>"$d.unpack.err"; then
    echo "$(basename "$orig") does not unpack: $(tail -n 1 "$d.unpack.err")"
    return 1
  fi
  if [ -z "$(find "$d.unpack" -mindepth 1 -maxdepth 1 -type d)" ]; then
    echo "$(basename "$orig") has no top-level directory"
    return 1
  fi
  rm -rf "$d.unpack" "$d.unpack.err"
}

# success DIR VERSION ORIGIN: the exit-0 report.
success() {
  echo "package=$PKG"
  echo "version=$2"
  echo "dir=$1"
  echo "dsc=$(find_dsc "$1")"
  echo "orig=$(find_orig "$1")"
  echo "origin=$3"
  echo "tried_failed=${TRIED_FAILED[*]}"
  echo "error=$LAST_ERR"
  exit 0
}

# Adds deb-src entries mirroring the configured deb entries, then updates.
# Returns 0, 1 on failure, 2 when the archive is unreachable; sets LAST_ERR.
ensure_deb_src() {
  if [ "$(id -u)" -ne 0 ]; then
    LAST_ERR="no deb-src entry for '$PKG' and not root: add deb-src lines to /etc/apt/sources.list.d/ and run apt-get update"
    return 1
  fi
  local list=/etc/apt/sources.list.d/neverc-deb-src.sources log
  if [ ! -f "$list" ]; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed -e 's/^Types:.*$/Types: deb-src/' \
        /etc/apt/sources.list.d/debian.sources >"$list"
    elif [ -f /etc/apt/sources.list ] &&
      grep -q '^deb ' /etc/apt/sources.list; then
      list=/etc/apt/sources.list.d/neverc-deb-src.list
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$list"
    else
      LAST_ERR="no Debian apt sources found to mirror as deb-src"
      return 1
    fi
    say "added $list"
  fi
  log=$(log_file apt-update)
  say "apt-get update (no source record yet)"
  if ! apt-get update >"$log" 2>&1; then
    LAST_ERR="apt-get update failed: $(last_apt_error "$log")"
    network_failure "$log" && return 2
    return 1
  fi
  if [ -z "$(apt_versions)" ]; then
    if network_failure "$log"; then
      LAST_ERR="archive unreachable: $(last_apt_error "$log")"
      return 2
    fi
    LAST_ERR="apt-get update succeeded but apt-cache showsrc lists no source package '$PKG'"
    return 1
  fi
}

#===--- the cache ---------------------------------------------------------===#

best=
best_version=
for d in "$CACHE/${PKG}"_*; do
  [ -d "$d" ] || continue
  v=${d##*/}
  v=${v#"${PKG}_"}
  v=${v//%3a/:}
  if ! why=$(check_entry "$d"); then
    say "cache entry $d is corrupt ($why); removing it"
    rm -rf "$d"
    continue
  fi
  if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best_version"; then
    best=$d best_version=$v
  fi
done
if [ -n "$best" ]; then
  say "using cached $best_version ($best)"
  success "$best" "$best_version" cache
fi

#===--- the archive -------------------------------------------------------===#

mapfile -t VERSIONS < <(apt_versions)
if [ ${#VERSIONS[@]} = 0 ]; then
  ensure_deb_src
  rc=$?
  [ $rc = 0 ] || finish $rc "$LAST_ERR"
  mapfile -t VERSIONS < <(apt_versions)
fi
say "apt-cache showsrc lists ${VERSIONS[*]} (newest first)"

LOCAL_FAILURE=0
for v in "${VERSIONS[@]}"; do
  TMP=$(mktemp -d "$CACHE/.tmp-${PKG}.XXXXXX") || finish 1 "mktemp failed in $CACHE"
  log=$(log_file "fetch-$(entry_name "$v")")
  say "trying $v: apt-get source --download-only $PKG=$v"
  (cd "$TMP" && apt-get source --download-only "$PKG=$v") >"$log" 2>&1
  rc=$?
  if [ $rc != 0 ]; then
    LAST_ERR=$(last_apt_error "$log")
    TRIED_FAILED+=("$v")
    say "$v failed (apt-get exit $rc): $LAST_ERR"
    rm -rf "$TMP"
    [ -n "$LOGDIR" ] || rm -f "$log"
    continue
  fi
  [ -n "$LOGDIR" ] || rm -f "$log"
  if ! why=$(test_unpack "$TMP"); then
    LAST_ERR="$v downloaded but $why"
    LOCAL_FAILURE=1
    TRIED_FAILED+=("$v")
    say "$LAST_ERR"
    rm -rf "$TMP" "$TMP.unpack" "$TMP.unpack.err"
    continue
  fi
  if ! (cd "$TMP" && find . -mindepth 1 -maxdepth 1 -printf '%f\0' |
    LC_ALL=C sort -z | xargs -0 sha256sum -- >"$TMP.sums" &&
    mv "$TMP.sums" .complete); then
    finish 1 "cannot write the completion marker in $TMP"
  fi
  entry=$CACHE/$(entry_name "$v")
  rm -rf "$entry"
  mv -T "$TMP" "$entry" || finish 1 "cannot rename $TMP to $entry"
  TMP=
  say "fetched $v into $entry"
  success "$entry" "$v" archive
done

[ ${#VERSIONS[@]} = 0 ] && finish 1 "apt-cache showsrc lists no version of source package '$PKG'"
if [ $LOCAL_FAILURE = 1 ]; then
  finish 1 "no version of $PKG could be used (tried: ${TRIED_FAILED[*]}); last error: $LAST_ERR"
fi
finish 2 "no version of $PKG could be fetched (tried: ${TRIED_FAILED[*]}); last apt error: $LAST_ERR"
