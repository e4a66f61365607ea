#!/usr/bin/env bash
# Tests scripts/install-deps.sh against a fake apt-get, apt-cache and
# dpkg-query put first on PATH, with NEVERC_INSTALL_DEPS_SUDO empty (no
# sudo, nothing installed, the real apt never called; root or not).
#
#   tests/conformance/install-deps-test.sh     # prints one line per check
#
# The fake dpkg-query reports every package installed except those in
# $T/missing (a successful fake install removes them). The fake apt has a
# version list per package ($T/versions: "PKG V1 V2 ...", V1 the candidate)
# and a list of downloads that 404 ($T/broken: "PKG VERSION" or "PKG *");
# a package without versions is unknown to it. Checked: the fast path runs
# nothing; a failed bulk install is retried per package; a candidate that
# 404s is passed over for the older version `apt-cache madison` lists; a
# package that cannot be had is named with apt's last error line; optional
# packages failing is a warning and exit 0, a required one exit 1.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SCRIPT=$(cd "$HERE/../.." && pwd)/scripts/install-deps.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin"
export FAKE_DIR=$T NEVERC_INSTALL_DEPS_SUDO=
export PATH=$T/bin:$PATH

cat >"$T/bin/dpkg-query" <<'EOF'
#!/usr/bin/env bash
# fake dpkg-query -W -f='${Status}' PKG
pkg=${!#}
if grep -qx -- "$pkg" "$FAKE_DIR/missing"; then
  echo "dpkg-query: no packages found matching $pkg" >&2
  exit 1
fi
printf 'install ok installed'
EOF

cat >"$T/bin/apt-cache" <<'EOF'
#!/usr/bin/env bash
# fake apt-cache policy|madison PKG
echo "apt-cache $*" >>"$FAKE_DIR/calls"
read -r -a vers < <(sed -n "s/^$2 //p" "$FAKE_DIR/versions")
case "$1" in
policy)
  [ ${#vers[@]} -gt 0 ] || exit 0
  printf '%s:\n  Installed: (none)\n  Candidate: %s\n' "$2" "${vers[0]}" ;;
madison)
  for v in "${vers[@]}"; do
    printf '%10s | %s | http://fake.invalid/debian bookworm/main amd64 Packages\n' "$2" "$v"
    printf '%10s | %s | http://fake.invalid/debian bookworm/main Sources\n' "$2-src" "$v"
  done ;;
*) echo "E: fake apt-cache: unsupported: $*" >&2; exit 100 ;;
esac
EOF

cat >"$T/bin/apt-get" <<'EOF'
#!/usr/bin/env bash
# fake apt-get update | install -y -qq --no-install-recommends PKG[=VER]...
echo "apt-get $*" >>"$FAKE_DIR/calls"
case "$1" in
update) exit 0 ;;
install) ;;
*) echo "E: fake apt-get: unsupported: $*" >&2; exit 100 ;;
esac
shift
pkgs=()
for a in "$@"; do
  case "$a" in -*) continue ;; esac
  p=${a%%=*} v=
  [ "$p" = "$a" ] || v=${a#*=}
  read -r -a vers < <(sed -n "s/^$p //p" "$FAKE_DIR/versions")
  if [ ${#vers[@]} = 0 ]; then
    echo "E: Unable to locate package $p" >&2
    exit 100
  fi
  [ -n "$v" ] || v=${vers[0]}
  if ! printf '%s\n' "${vers[@]}" | grep -qx -- "$v"; then
    echo "E: Version '$v' for '$p' was not found" >&2
    exit 100
  fi
  if grep -qx -- "$p $v" "$FAKE_DIR/broken" || grep -qx -- "$p \*" "$FAKE_DIR/broken"; then
    echo "Err:1 http://fake.invalid/debian bookworm/main amd64 $p amd64 $v"
    echo "  404  Not Found [IP: 192.0.2.1 80]"
    echo "E: Failed to fetch http://fake.invalid/debian/pool/main/${p}_${v}_amd64.deb  404  Not Found [IP: 192.0.2.1 80]" >&2
    echo "E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?" >&2
    exit 100
  fi
  pkgs+=("$p")
done
for p in "${pkgs[@]}"; do
  grep -vx -- "$p" "$FAKE_DIR/missing" >"$FAKE_DIR/missing.new"
  mv "$FAKE_DIR/missing.new" "$FAKE_DIR/missing"
done
EOF
chmod +x "$T/bin/"*

. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

run() { # runs install-deps.sh; sets RC, output in $T/out
  : >"$T/calls"
  bash "$SCRIPT" >"$T/out" 2>&1
  RC=$?
}
setup() { # MISSING...: packages not installed; default versions and no 404
  printf '%s\n' "$@" >"$T/missing"
  cat >"$T/versions" <<'EOF'
ccache 4.8+really4.7.5-1
tcl 8.6.13
hyperfine 1.16.1-1 1.15.0-2 1.15.0-2
gcc-12-source 12.2.0-14+deb12u1 12.2.0-14
EOF
  : >"$T/broken"
}
fail404() { # PKG VERSION: the error line install-deps.sh must report
  echo "E: Failed to fetch http://fake.invalid/debian/pool/main/${1}_${2}_amd64.deb  404  Not Found"
}

#===--- fast path ---------------------------------------------------------===#

setup
run
check "fast path: exit 0" 0 "$RC"
# The count is the script's own package list (read, not hard-coded).
NPKG=$(bash -c "$(sed -n '/^PACKAGES=(/,/^)/p' "$SCRIPT"); echo \${#PACKAGES[@]}")
check "fast path: output" "install-deps: all $NPKG packages present" "$(cat "$T/out")"
check "fast path: apt not run" "" "$(cat "$T/calls")"

#===--- per-package retry, older versions, optional failures --------------===#

setup ccache csmith hyperfine tcl gcc-12-source
printf '%s\n' "hyperfine 1.16.1-1" "gcc-12-source *" >"$T/broken"
run
check "optional: exit 0" 0 "$RC"
has_line "optional: bulk install tried first" "$T/calls" \
  "apt-get install -y -qq --no-install-recommends ccache csmith hyperfine tcl gcc-12-source"
has_line "optional: retry announced" "$T/out" \
  "install-deps: apt-get install failed (E: Unable to locate package csmith); retrying ccache csmith hyperfine tcl gcc-12-source one by one"
has_line "optional: older hyperfine tried" "$T/out" \
  "install-deps: hyperfine: trying version 1.15.0-2 (after: $(fail404 hyperfine 1.16.1-1))"
has_line "optional: older hyperfine installed" "$T/calls" \
  "apt-get install -y -qq --no-install-recommends hyperfine=1.15.0-2"
check "optional: only older versions tried, once each" "apt-get install -y -qq --no-install-recommends gcc-12-source
apt-get install -y -qq --no-install-recommends gcc-12-source=12.2.0-14" \
  "$(grep 'install.* gcc-12-source' "$T/calls" | grep -v ccache)"
has_line "optional: csmith named" "$T/out" \
  "install-deps: cannot install csmith: E: Unable to locate package csmith"
has_line "optional: gcc-12-source named with the last apt error" "$T/out" \
  "install-deps: cannot install gcc-12-source: $(fail404 gcc-12-source 12.2.0-14)"
has_line "optional: warning" "$T/out" \
  "install-deps: WARNING: optional package(s) not installed: csmith gcc-12-source"
has_line "optional: what needs csmith" "$T/out" \
  "install-deps: WARNING:   csmith is needed by differential.csmith"
has_line "optional: verdict" "$T/out" "install-deps: done (without csmith gcc-12-source)"
check "optional: the rest installed" "csmith
gcc-12-source" "$(cat "$T/missing")"

#===--- a required package fails ------------------------------------------===#

setup ccache ninja-build tcl
echo "tcl *" >"$T/broken"
run
check "required: exit 1" 1 "$RC"
has_line "required: ninja-build named" "$T/out" \
  "install-deps: cannot install ninja-build: E: Unable to locate package ninja-build"
has_line "required: optional tcl named" "$T/out" \
  "install-deps: cannot install tcl: $(fail404 tcl 8.6.13)"
has_line "required: verdict" "$T/out" \
  "install-deps: FAILED: required package(s) not installed: ninja-build"
check "required: ccache still installed" "ninja-build
tcl" "$(cat "$T/missing")"

#===--- everything installs in one go --------------------------------------===#

setup ccache tcl
run
check "bulk: exit 0" 0 "$RC"
check "bulk: calls" "apt-get update -qq
apt-get install -y -qq --no-install-recommends ccache tcl" "$(cat "$T/calls")"
check "bulk: output" "install-deps: installing ccache tcl
install-deps: done" "$(cat "$T/out")"

echo
if [ "$FAILS" = 0 ]; then
  echo "install-deps test: PASSED ($CHECKS checks)"
  exit 0
fi
echo "install-deps test: FAILED ($FAILS of $CHECKS checks)"
exit 1
