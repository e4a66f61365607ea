#!/usr/bin/env bash
# Installs every Debian package neverc needs. Idempotent: packages already
# present are left alone (when all are, nothing runs, not even apt-get
# update), and nothing is fetched from outside Debian's archive.
#
# Robust against the archive's state of the day: after apt-get update, the
# missing packages are installed in one apt-get install; when that fails,
# each package still missing is installed alone, and when that fails too,
# the older versions `apt-cache madison` lists are tried newest first
# (apt-get install PKG=VERSION; a candidate whose files the archive does not
# serve is passed over). A package that cannot be had is named:
#   install-deps: cannot install PKG: <the last apt error line>
# Packages only optional test stages need (OPTIONAL below) failing is a loud
# warning and exit 0; any other package failing is exit 1.
#
# Environment: NEVERC_INSTALL_DEPS_SUDO, the command that runs apt-get
# (default: sudo when not root, nothing when root; set it empty to run
# apt-get directly). apt-get, apt-cache and dpkg-query are looked up on PATH.
set -uo pipefail

PACKAGES=(
  clang-22 lld-22 llvm-22-dev libclang-22-dev liblld-22-dev llvm-22-tools
  libclang-rt-22-dev
  libboost-dev libspdlog-dev libgtest-dev libbenchmark-dev
  ninja-build ccache cmake python3 gcc
  csmith libcsmith-dev hyperfine tcl mold
  gcc-12-source autoconf automake libtool patch
  qemu-user libc6-dev-arm64-cross libgcc-12-dev-arm64-cross
)

# Needed only by optional test stages; what needs each one.
declare -A OPTIONAL=(
  [gcc-12-source]="conformance.torture (GCC torture tests)"
  [csmith]="differential.csmith"
  [libcsmith-dev]="differential.csmith"
  [hyperfine]="tests/bench/compile/bench.py --timer hyperfine (the default timer interleaves runs itself)"
  [autoconf]="conformance.jansson (autoreconf)"
  [automake]="conformance.jansson (autoreconf)"
  [libtool]="conformance.jansson (autoreconf)"
  [patch]="conformance.jansson (the Debian patches)"
  [tcl]="conformance.sqlite and the sqlite benchmark (tclsh builds the amalgamation)"
  [mold]="tests/bench/link/graph.sh (the mold row)"
  [qemu-user]="conformance.torture_aarch64 and lit link/aarch64.c (AArch64 programs run)"
  [libc6-dev-arm64-cross]="conformance.torture_aarch64 and lit link/aarch64.c (AArch64's C library)"
  [libgcc-12-dev-arm64-cross]="conformance.torture_aarch64 and lit link/aarch64.c (AArch64's crt objects, libgcc)"
)

installed() { # package
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing_packages() {
  local p
  for p in "${PACKAGES[@]}"; do
    installed "$p" || echo "$p"
  done
}

mapfile -t missing < <(missing_packages)
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

if [ -n "${NEVERC_INSTALL_DEPS_SUDO+set}" ]; then
  read -r -a SUDO <<<"$NEVERC_INSTALL_DEPS_SUDO"
elif [ "$(id -u)" -ne 0 ]; then
  SUDO=(sudo)
else
  SUDO=()
fi
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT

# The last informative "E: " line of apt's output in $LOG (not the generic
# trailers), else its last "E:"/"Err:"/"W:" line, else its last line.
last_apt_error() {
  local line
  line=$(grep -E '^E: ' "$LOG" |
    grep -vE '^E: (Unable to fetch some archives|Failed to fetch some archives|Some files failed to download)' |
    tail -n 1)
  [ -n "$line" ] || line=$(grep -E '^E: ' "$LOG" | tail -n 1)
  [ -n "$line" ] || line=$(grep -E '^(Err:|W: )' "$LOG" | tail -n 1)
  [ -n "$line" ] || line=$(grep -v '^[[:space:]]*$' "$LOG" | tail -n 1)
  [ -n "$line" ] || line="(apt-get printed nothing)"
  echo "$line" | sed -e 's/ *\[IP: [^]]*\]//g' -e 's/[[:space:]]*$//'
}

# apt_install ARGS...: apt-get install, output on the terminal and in $LOG.
apt_install() {
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "$@" </dev/null 2>&1 | tee "$LOG"
  return "${PIPESTATUS[0]}"
}

# sort_versions: newest first, dpkg-equal ones once.
. "$(dirname "${BASH_SOURCE[0]}")/apt-versions.sh"

# install_one PKG: the package alone, then its older versions. Sets ERR.
install_one() {
  local p=$1 v candidate versions
  echo "install-deps: installing $p alone"
  if apt_install "$p" && installed "$p"; then
    return 0
  fi
  ERR=$(last_apt_error)
  candidate=$(apt-cache policy "$p" 2>/dev/null | sed -n 's/^ *Candidate: //p')
  mapfile -t versions < <(apt-cache madison "$p" 2>/dev/null | awk -F'|' -v p="$p" '
    { gsub(/ /, "", $1); gsub(/ /, "", $2) } $1 == p && $3 ~ /Packages/ { print $2 }' |
    sort_versions)
  for v in "${versions[@]}"; do
    [ "$v" = "$candidate" ] && continue
    echo "install-deps: $p: trying version $v (after: $ERR)"
    if apt_install "$p=$v" && installed "$p"; then
      return 0
    fi
    ERR=$(last_apt_error)
  done
  return 1
}

echo "install-deps: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -qq >"$LOG" 2>&1
rc=$?
cat "$LOG"
if [ $rc != 0 ]; then
  echo "install-deps: warning: apt-get update failed (exit $rc: $(last_apt_error)); installing from the current index"
fi
if apt_install "${missing[@]}"; then
  why="apt-get install succeeded"
else
  why="apt-get install failed ($(last_apt_error))"
fi
mapfile -t missing < <(missing_packages)
[ ${#missing[@]} -eq 0 ] && { echo "install-deps: done"; exit 0; }
echo "install-deps: $why; retrying ${missing[*]} one by one"

failed_required=()
failed_optional=()
for p in "${missing[@]}"; do
  ERR=
  install_one "$p" && continue
  echo "install-deps: cannot install $p: $ERR"
  if [ -n "${OPTIONAL[$p]+set}" ]; then
    failed_optional+=("$p")
  else
    failed_required+=("$p")
  fi
done

if [ ${#failed_optional[@]} -gt 0 ]; then
  echo "=================================================================="
  echo "install-deps: WARNING: optional package(s) not installed: ${failed_optional[*]}"
  for p in "${failed_optional[@]}"; do
    echo "install-deps: WARNING:   $p is needed by ${OPTIONAL[$p]}"
  done
  echo "=================================================================="
fi
if [ ${#failed_required[@]} -gt 0 ]; then
  echo "install-deps: FAILED: required package(s) not installed: ${failed_required[*]}"
  exit 1
fi
echo "install-deps: done${failed_optional[*]:+ (without ${failed_optional[*]})}"
exit 0
