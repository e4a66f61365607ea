#!/bin/bash
# same-bytes.sh NEVERC CLANG PLUGIN SOURCE WORKDIR FLAGS...
# Compiles SOURCE with neverc (PLUGIN loaded, its pass slots on) and with
# clang for each FLAGS word (a quoted flag set) and fails on the first pair
# of outputs that differ.
set -u
neverc=$1 clang=$2 plugin=$3 src=$4 dir=$5
shift 5
mkdir -p "$dir"
for flags in "$@"; do
  # shellcheck disable=SC2086
  IR_TRACE_PASSES=1 "$neverc" -fplugin="$plugin" $flags "$src" -o "$dir/n.out" 2>/dev/null ||
    { echo "neverc failed: $flags"; exit 1; }
  # shellcheck disable=SC2086
  "$clang" $flags "$src" -o "$dir/c.out" || { echo "clang failed: $flags"; exit 1; }
  cmp -s "$dir/n.out" "$dir/c.out" || { echo "differ: $flags"; exit 1; }
  echo "same bytes: $flags"
done
