// The graph linker merges string sections as lld does: .rodata.str1.1,
// .comment and the DWARF string tables hold each string once, and the
// code and debug data pointing into them are rewritten to the one copy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -g -O1 -DPART_A -c %s -o %t/a.o
// RUN: %neverc -g -O1 -c %s -o %t/b.o
// RUN: %neverc %t/a.o %t/b.o -o %t/graph
// RUN: %clang -fuse-ld=lld %t/a.o %t/b.o -o %t/lld
// RUN: %t/graph | FileCheck %s --check-prefix=OUT
// OUT: a literal both files print
// OUT-NEXT: a literal both files print
// OUT-NEXT: shared 42
// The literal both objects carry is in the executable once, as with lld.
// RUN: grep -a -o "a literal both files print" %t/graph | count 1
// RUN: grep -a -o "a literal both files print" %t/lld | count 1
//
// RUN: llvm-readelf -p .comment %t/graph | FileCheck %s --check-prefix=COMMENT
// COMMENT: clang version
// COMMENT-NOT: clang version
// RUN: llvm-readelf -S %t/graph | FileCheck %s --check-prefix=FLAGS
// FLAGS: .debug_str PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 01 MS 0 0 1
//
// The same strings in .debug_str as lld's (each once; lld orders them by
// hash, the graph linker by first use), and DWARF that verifies.
// RUN: llvm-objcopy --dump-section=.debug_str=%t/graph.str %t/graph %t/graph.copy
// RUN: llvm-objcopy --dump-section=.debug_str=%t/lld.str %t/lld %t/lld.copy
// RUN: tr '\0' '\n' < %t/graph.str | sort > %t/graph.sorted
// RUN: tr '\0' '\n' < %t/lld.str | sort > %t/lld.sorted
// RUN: diff %t/graph.sorted %t/lld.sorted
// RUN: sort -u %t/graph.sorted | diff - %t/graph.sorted
// RUN: llvm-dwarfdump --verify %t/graph | FileCheck %s --check-prefix=DWARF
// DWARF: No errors.
// RUN: llvm-dwarfdump --debug-info %t/graph | FileCheck %s --check-prefix=NAMES
// NAMES: DW_AT_name ("shared_helper")
// NAMES: DW_AT_name ("main")

#include <stdio.h>
int shared_helper(int);
#ifdef PART_A
int shared_helper(int x) {
  puts("a literal both files print");
  return x + 41;
}
#else
int main(void) {
  puts("a literal both files print");
  printf("shared %d\n", shared_helper(1));
  return 0;
}
#endif
