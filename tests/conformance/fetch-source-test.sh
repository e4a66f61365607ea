#!/usr/bin/env bash
# Tests tests/conformance/fetch-source.sh and run.sh --fetch-only against a
# fake apt-get and apt-cache put first on PATH (no network, no root needed;
# the real apt is never called). The fakes list versions given in
# FAKE_VERSIONS and make tiny source packages (.dsc, .orig.tar.gz with two
# files, .debian.tar.gz); FAKE_FAIL lists versions (or "all") whose download
# fails with apt's 404 output and exit 100, FAKE_CORRUPT versions (or "all")
# that download a truncated tarball.
#
#   tests/conformance/fetch-source-test.sh     # prints one line per check
#
# Checked: versions tried newest first (dpkg order, duplicates and other
# source packages' records dropped); a version that fails is passed over and
# the next older one used, and reported (stdout keys, run.sh's table and
# note); cache reuse without apt; a truncated file, a missing marker, a
# marker missing a file and a stale temporary are detected and refetched or
# removed; every version failing is exit 2 with the last apt error, and
# run.sh prints "CONFORMANCE SKIPPED: ..." and exits 0; a download that does
# not unpack is exit 1 and a FAIL; concurrent fetches download once.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FETCH=$HERE/fetch-source.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin"
export FAKE_CALLS=$T/calls FAKE_VERSIONS='' FAKE_FAIL='' FAKE_CORRUPT='' FAKE_SLEEP=
export PATH=$T/bin:$PATH
unset NEVERC_SOURCE_CACHE XDG_CACHE_HOME

cat >"$T/bin/apt-cache" <<'EOF'
#!/usr/bin/env bash
# fake apt-cache: showsrc PKG
echo "apt-cache $*" >>"$FAKE_CALLS"
[ "$1" = showsrc ] || { echo "E: fake apt-cache: unsupported: $*" >&2; exit 100; }
for v in $FAKE_VERSIONS; do
  printf 'Package: %s\nBinary: %s\nVersion: %s\nFormat: 3.0 (quilt)\n\n' "$2" "$2" "$v"
done
# Another source package building a binary named like $2: not a candidate.
printf 'Package: %s-other\nBinary: %s\nVersion: 99:9.9-1\n\n' "$2" "$2"
EOF

cat >"$T/bin/apt-get" <<'EOF'
#!/usr/bin/env bash
# fake apt-get: source --download-only PKG=VERSION
echo "apt-get $*" >>"$FAKE_CALLS"
[ "$1 $2" = "source --download-only" ] ||
  { echo "E: fake apt-get: unsupported: $*" >&2; exit 100; }
pkg=${3%%=*} ver=${3#*=}
nover=${ver#*:} up=${ver#*:}
up=${up%-*}
[ -z "$FAKE_SLEEP" ] || sleep "$FAKE_SLEEP"
echo "Reading package lists..."
for f in $FAKE_FAIL; do
  if [ "$f" = "$ver" ] || [ "$f" = all ]; then
    url=http://fake.invalid/debian-security/pool/updates/main/${pkg}_$nover.dsc
    echo "Err:1 http://fake.invalid/debian-security bookworm-security/main $pkg $ver (dsc)"
    echo "  404  Not Found [IP: 192.0.2.1 80]"
    echo "E: Failed to fetch $url  404  Not Found [IP: 192.0.2.1 80]" >&2
    echo "E: Failed to fetch some archives." >&2
    exit 100
  fi
done
mkdir -p ".fake/$pkg-$up/debian"
echo "$pkg $ver" >".fake/$pkg-$up/README"
echo "int main(void) { return 0; }" >".fake/$pkg-$up/main.c"
echo "$ver" >".fake/$pkg-$up/debian/changelog"
tar -czf "${pkg}_$up.orig.tar.gz" -C .fake "$pkg-$up/README" "$pkg-$up/main.c"
tar -czf "${pkg}_$nover.debian.tar.gz" -C ".fake/$pkg-$up" debian
rm -rf .fake
printf 'Format: 3.0 (quilt)\nSource: %s\nVersion: %s\n' "$pkg" "$ver" >"${pkg}_$nover.dsc"
for f in $FAKE_CORRUPT; do
  if [ "$f" = "$ver" ] || [ "$f" = all ]; then
    truncate -s 20 "${pkg}_$up.orig.tar.gz"
  fi
done
echo "dpkg-source: info: extracting $pkg in $pkg-$up (skipped: --download-only)"
EOF
chmod +x "$T/bin/apt-get" "$T/bin/apt-cache"

. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

entries() { # DIR: what is in it besides .lock
  find "$1" -mindepth 1 -maxdepth 1 ! -name .lock -printf '%f\n' | sort
}
calls() { grep -c "^apt-get source" "$FAKE_CALLS" 2>/dev/null || true; }
fetch() { # CACHE PKG: runs fetch-source.sh; sets RC, OUT, ERR (file)
  : >"$FAKE_CALLS"
  OUT=$(bash "$FETCH" --cache "$1" "$2" 2>"$T/err")
  RC=$?
  ERR=$T/err
}
err404() { # PKG VERSION: the error line fetch-source.sh must report
  local nover=${2#*:}
  echo "E: Failed to fetch http://fake.invalid/debian-security/pool/updates/main/${1}_$nover.dsc  404  Not Found"
}

#===--- newest fails, the next older one is used --------------------------===#

C=$T/cache
export FAKE_VERSIONS="1:1.0-1 2.0-1 1:1.0-1+deb12u1 1:1.0-1"
export FAKE_FAIL="1:1.0-1+deb12u1"
fetch "$C" fakez
E=$C/fakez_1%3a1.0-1
check "fallback: exit 0" 0 "$RC"
check "fallback: report" "package=fakez
version=1:1.0-1
dir=$E
dsc=$E/fakez_1.0-1.dsc
orig=$E/fakez_1.0.orig.tar.gz
origin=archive
tried_failed=1:1.0-1+deb12u1
error=$(err404 fakez 1:1.0-1+deb12u1)" "$OUT"
has_line "fallback: versions newest first, deduplicated, own records only" "$ERR" \
  "fetch-source: fakez: apt-cache showsrc lists 1:1.0-1+deb12u1 1:1.0-1 2.0-1 (newest first)"
has_line "fallback: the failure is named" "$ERR" \
  "fetch-source: fakez: 1:1.0-1+deb12u1 failed (apt-get exit 100): $(err404 fakez 1:1.0-1+deb12u1)"
check "fallback: apt-get source calls" "apt-get source --download-only fakez=1:1.0-1+deb12u1
apt-get source --download-only fakez=1:1.0-1" "$(grep '^apt-get' "$FAKE_CALLS")"
check "fallback: marker verifies" 0 "$(cd "$E" && sha256sum --status -c .complete; echo $?)"
check "fallback: marker lists every file" "fakez_1.0-1.debian.tar.gz
fakez_1.0-1.dsc
fakez_1.0.orig.tar.gz" "$(awk '{ print $2 }' "$E/.complete")"
check "fallback: no temporaries left" "" "$(entries "$C" | grep -vx 'fakez_1%3a1.0-1')"

#===--- reuse, corruption -------------------------------------------------===#

FAKE_FAIL=all fetch "$C" fakez
check "reuse: exit 0 with the archive down" 0 "$RC"
check "reuse: origin" "origin=cache" "$(grep '^origin=' <<<"$OUT")"
check "reuse: no apt-get call" 0 "$(calls)"

truncate -s 10 "$E/fakez_1.0.orig.tar.gz"
fetch "$C" fakez
check "truncated: exit 0" 0 "$RC"
has_line "truncated: detected" "$ERR" \
  "fetch-source: fakez: cache entry $E is corrupt (checksum mismatch: fakez_1.0.orig.tar.gz: FAILED); removing it"
check "truncated: refetched" "origin=archive version=1:1.0-1" \
  "$(grep '^origin=' <<<"$OUT") $(grep '^version=' <<<"$OUT")"
check "truncated: tarball whole again" 0 "$(cd "$E" && sha256sum --status -c .complete; echo $?)"

rm "$E/.complete"
mkdir -p "$C/.tmp-fakez.stale1"
fetch "$C" fakez
has_line "partial: missing marker detected" "$ERR" \
  "fetch-source: fakez: cache entry $E is corrupt (no completion marker (partial fetch)); removing it"
check "partial: refetched" "0 origin=archive" "$RC $(grep '^origin=' <<<"$OUT")"
check "partial: stale temporary removed" no "$([ -e "$C/.tmp-fakez.stale1" ] && echo yes || echo no)"

sed -i '/debian.tar.gz/d' "$E/.complete"
fetch "$C" fakez
has_line "marker without a file: detected" "$ERR" \
  "fetch-source: fakez: cache entry $E is corrupt (its files are not the ones .complete lists); removing it"
check "marker without a file: refetched" "0 origin=archive" "$RC $(grep '^origin=' <<<"$OUT")"

#===--- nothing can be fetched: exit 2 ------------------------------------===#

FAKE_FAIL=all fetch "$T/cache2" fakez
check "all fail: exit 2" 2 "$RC"
check "all fail: report" "package=fakez
tried_failed=1:1.0-1+deb12u1 1:1.0-1 2.0-1
error=$(err404 fakez 2.0-1)" "$OUT"
has_line "all fail: stderr names the package and the last apt error" "$ERR" \
  "fetch-source: fakez: no version of fakez could be fetched (tried: 1:1.0-1+deb12u1 1:1.0-1 2.0-1); last apt error: $(err404 fakez 2.0-1)"
check "all fail: cache left empty" "" "$(entries "$T/cache2")"

#===--- a download that does not unpack: exit 1 ---------------------------===#

FAKE_CORRUPT=all fetch "$T/cache3" fakez
check "corrupt download: exit 1" 1 "$RC"
check "corrupt download: error" "error=2.0-1 downloaded but fakez_2.0.orig.tar.gz does not unpack: tar: Error is not recoverable: exiting now" \
  "$(grep '^error=' <<<"$OUT")"
check "corrupt download: nothing cached" "" "$(entries "$T/cache3")"

FAKE_CORRUPT="1:1.0-1+deb12u1" fetch "$T/cache3" fakez
check "corrupt newest: older used" "0 version=1:1.0-1 tried_failed=1:1.0-1+deb12u1" \
  "$RC $(grep -E '^(version|tried_failed)=' <<<"$OUT" | tr '\n' ' ' | sed 's/ $//')"

#===--- concurrent runs download once -------------------------------------===#

: >"$FAKE_CALLS"
export FAKE_FAIL=
for i in 1 2 3; do
  FAKE_SLEEP=0.3 bash "$FETCH" --cache "$T/cache4" fakez >"$T/par$i.out" 2>"$T/par$i.err" &
done
wait
check "concurrent: all exit 0 with the same entry" "3 3" \
  "$(grep -lx "dir=$T/cache4/fakez_1%3a1.0-1+deb12u1" "$T"/par?.out | wc -l) $(cat "$T"/par?.out | grep -c '^version=1:1.0-1+deb12u1$')"
check "concurrent: one download, two reuses" "1 2" \
  "$(calls) $(cat "$T"/par?.out | grep -c '^origin=cache$')"

#===--- default cache location --------------------------------------------===#

OUT=$(XDG_CACHE_HOME=$T/xdg bash "$FETCH" fakez 2>/dev/null)
check "XDG_CACHE_HOME default" "dir=$T/xdg/neverc/debian-sources/fakez_1%3a1.0-1+deb12u1" \
  "$(grep '^dir=' <<<"$OUT")"
OUT=$(HOME=$T/home bash "$FETCH" fakez 2>/dev/null)
check "HOME default" "dir=$T/home/.cache/neverc/debian-sources/fakez_1%3a1.0-1+deb12u1" \
  "$(grep '^dir=' <<<"$OUT")"

#===--- run.sh --fetch-only: the table names the version; SKIPPED ----------===#

# Runs run.sh --fetch-only --projects zlib; the seconds column as S.
run_sh() { # SOURCE-CACHE
  bash "$HERE/run.sh" --fetch-only --projects zlib --cache "$T/conf" \
    --source-cache "$1" >"$T/run.out" 2>&1
  RC=$?
  sed -i -E 's/\|  +[0-9]+\.[0-9] \|$/|        S |/' "$T/run.out"
}
export FAKE_VERSIONS="1:1.2.13.dfsg-1 1:1.2.13.dfsg-1 1:1.2.13.dfsg-1+deb12u1"
export FAKE_FAIL="1:1.2.13.dfsg-1+deb12u1"
run_sh "$T/cache5"
check "run.sh fallback: exit 0" 0 "$RC"
has_line "run.sh fallback: table row names the version built" "$T/run.out" \
  "| zlib    | 1:1.2.13.dfsg-1    | fetched                      | -                                          |        S |"
has_line "run.sh fallback: note names the version passed over" "$T/run.out" \
  "    zlib: using zlib 1:1.2.13.dfsg-1: newer 1:1.2.13.dfsg-1+deb12u1 could not be fetched ($(err404 zlib 1:1.2.13.dfsg-1+deb12u1))"
has_line "run.sh fallback: passed" "$T/run.out" "conformance: PASSED"
lacks "run.sh fallback: not skipped" "$T/run.out" "SKIPPED"

FAKE_FAIL=all run_sh "$T/cache6"
check "run.sh all fail: exit 0" 0 "$RC"
has_line "run.sh all fail: CONFORMANCE SKIPPED line" "$T/run.out" \
  "CONFORMANCE SKIPPED: zlib: no version of Debian source package zlib could be fetched (tried: 1:1.2.13.dfsg-1+deb12u1 1:1.2.13.dfsg-1); last apt error: $(err404 zlib 1:1.2.13.dfsg-1)"
has_line "run.sh all fail: SKIP row" "$T/run.out" \
  "| zlib    | -                  | SKIP                         | SKIP                                       |        0 |"
has_line "run.sh all fail: verdict" "$T/run.out" "conformance: PASSED (1 project(s) skipped)"

FAKE_CORRUPT=all run_sh "$T/cache7"
check "run.sh unusable download: exit 1" 1 "$RC"
has_line "run.sh unusable download: FAIL row" "$T/run.out" \
  "| zlib    | -                  | FAIL                         | -                                          |        0 |"
has_line "run.sh unusable download: verdict" "$T/run.out" "conformance: FAILED"
lacks "run.sh unusable download: not skipped" "$T/run.out" "CONFORMANCE SKIPPED"

echo
if [ "$FAILS" = 0 ]; then
  echo "fetch-source test: PASSED ($CHECKS checks)"
  exit 0
fi
echo "fetch-source test: FAILED ($FAILS of $CHECKS checks)"
exit 1
