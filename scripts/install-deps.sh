#!/usr/bin/env bash
# Installs every Debian package neverc needs. Idempotent: packages already
# present are left alone, and nothing is fetched from outside Debian's archive.
set -euo pipefail

PACKAGES=(
  clang-22 lld-22 llvm-22-dev libclang-22-dev liblld-22-dev llvm-22-tools
  libclang-rt-22-dev
  libboost-dev libspdlog-dev libgtest-dev libbenchmark-dev
  ninja-build ccache cmake python3 gcc
  csmith libcsmith-dev hyperfine tcl
  gcc-12-source
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=
[ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
