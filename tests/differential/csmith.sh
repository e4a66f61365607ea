#!/usr/bin/env bash
# Differential testing: csmith programs compiled with `neverc -O2` and with
# `gcc -O0` must print the same checksum.
#
#   tests/differential/csmith.sh <neverc> [N] [first-seed]
#
# Programs gcc's build cannot run within 10 s are skipped (csmith often
# generates very long-running code), and counted apart from programs csmith
# or gcc failed to produce. Each mismatch is reported
# with its seed; the exit status is non-zero if any occurred or if fewer than
# half of the programs could be compared.
set -u
neverc=${1:?usage: csmith.sh <neverc> [N] [first-seed]}
n=${2:-${NEVERC_CSMITH_N:-30}}
seed=${3:-${NEVERC_CSMITH_SEED:-1000}}
inc=/usr/include/csmith
# csmith and libcsmith-dev are optional packages (scripts/install-deps.sh
# warns when they cannot be installed): without them the test is skipped,
# loudly. gcc is required.
command -v gcc >/dev/null || { echo "csmith: gcc is missing (scripts/install-deps.sh installs it)"; exit 1; }
command -v csmith >/dev/null || { echo "CSMITH SKIPPED: csmith is not installed (Debian package csmith)"; exit 0; }
[ -f "$inc/csmith.h" ] || { echo "CSMITH SKIPPED: $inc/csmith.h is missing (Debian package libcsmith-dev)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0 mismatched=0 mismatch_seeds=
skip_gen=0 skip_gcc=0 skip_run=0
for ((i = 0; i < n; ++i)); do
  s=$((seed + i))
  prog="$work/p$s.c"
  csmith --seed "$s" --no-packed-struct -o "$prog" >/dev/null 2>&1 || { skip_gen=$((skip_gen + 1)); continue; }
  gcc -O0 -w -I"$inc" "$prog" -o "$work/gcc$s" 2>/dev/null || { skip_gcc=$((skip_gcc + 1)); continue; }
  if ! "$neverc" -O2 -w -I"$inc" "$prog" -o "$work/nc$s" 2>"$work/err$s"; then
    echo "csmith: MISMATCH seed $s: neverc failed to compile: $(head -c 300 "$work/err$s")"
    mismatched=$((mismatched + 1)) mismatch_seeds+=" $s"; continue
  fi
  want=$(timeout 10 "$work/gcc$s" 2>/dev/null) || { skip_run=$((skip_run + 1)); continue; }
  got=$(timeout 20 "$work/nc$s" 2>/dev/null)
  if [ "$want" != "$got" ]; then
    echo "csmith: MISMATCH seed $s: gcc -O0 printed '$want', neverc -O2 printed '$got'"
    mismatched=$((mismatched + 1)) mismatch_seeds+=" $s"
  else
    compared=$((compared + 1))
  fi
done
skipped=$((skip_gen + skip_gcc + skip_run))
echo
echo "| programs | seeds | agree | mismatch | skipped: csmith failed | skipped: gcc failed | skipped: gcc -O0 binary over 10 s or failed |"
echo "|--:|---|--:|--:|--:|--:|--:|"
echo "| $n | $seed-$((seed + n - 1)) | $compared | $mismatched | $skip_gen | $skip_gcc | $skip_run |"
echo
[ -n "$mismatch_seeds" ] && echo "mismatching seeds:$mismatch_seeds"
echo "csmith: $n programs from seed $seed: $compared agree, $mismatched mismatch, $skipped skipped"
[ "$mismatched" -eq 0 ] && [ $((compared * 2)) -ge "$n" ]
