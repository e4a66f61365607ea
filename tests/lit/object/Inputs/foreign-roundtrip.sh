#!/usr/bin/env bash
# foreign-roundtrip.test: compiles some of the suite's header-free sources
# for Windows and Apple targets and runs neverc-objtool check over them.
# Usage: foreign-roundtrip.sh <clang> <neverc-objtool> <out dir> <lit dir>
set -euo pipefail
clang=$1 objtool=$2 out=$3 lit=$4
srcs="ast/slot-edits.c ast/rewrite.c codegen/edge.c codegen/identical.c
object/targets.c"
for t in x86_64-windows-msvc aarch64-windows-msvc i686-windows-msvc \
         x86_64-windows-gnu; do
  for f in $srcs; do
    b=$out/$t-$(basename "$f" .c)
    "$clang" --target=$t -mno-incremental-linker-compatible -w -O0 \
      -c "$lit/$f" -o "$b-O0.obj"
    "$clang" --target=$t -mno-incremental-linker-compatible -w -O2 -g \
      -ffunction-sections -fdata-sections -c "$lit/$f" -o "$b-O2.obj"
  done
done
for t in x86_64-apple-macos11 arm64-apple-macos11; do
  for f in $srcs; do
    b=$out/$t-$(basename "$f" .c)
    "$clang" --target=$t -w -O0 -c "$lit/$f" -o "$b-O0.o"
    "$clang" --target=$t -w -O2 -g -c "$lit/$f" -o "$b-O2.o"
  done
done
"$objtool" check "$out"/*.obj "$out"/*.o
