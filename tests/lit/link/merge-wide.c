// The graph linker merges wide strings (entsize 4) and strings aligned
// beyond their character (.rodata.str1.16) as lld does: each string once,
// every piece of an aligned section at that alignment, and the symbols of
// both objects on the one copy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c %S/Inputs/merge-wide.S -DW=wide_a -DS=str_a -o %t/a.o
// RUN: %clang -c %S/Inputs/merge-wide.S -DW=wide_b -DS=str_b -o %t/b.o
// RUN: %neverc -fuse-ld=neverc %s %t/a.o %t/b.o -o %t/graph
// RUN: %clang -fuse-ld=lld %s %t/a.o %t/b.o -o %t/lld
// RUN: %t/graph | FileCheck %s
// RUN: %t/lld | FileCheck %s
// CHECK: wide merged 1 len 2, str merged 1 aligned 1 "sixteen"
// RUN: llvm-readelf -x .rodata %t/graph | grep -c 'sixteen' | FileCheck %s --check-prefix=ONCE
// ONCE: 1
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>

extern const wchar_t wide_a[], wide_b[];
extern const char str_a[], str_b[];
const void *volatile PA, *volatile PB, *volatile SA, *volatile SB;

int main(void) {
  PA = wide_a, PB = wide_b, SA = str_a, SB = str_b;
  printf("wide merged %d len %zu, str merged %d aligned %d \"%s\"\n", PA == PB,
         wcslen(wide_a), SA == SB, ((uintptr_t)SA & 15) == 0, str_a);
  return 0;
}
