// -static: no program interpreter, no dynamic section, still runs.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -static -O2 %s %S/Inputs/add.c -o %t/prog
// RUN: llvm-readelf -l %t/prog | FileCheck %s --check-prefix=PHDR
// PHDR-NOT: INTERP
// PHDR-NOT: DYNAMIC
// RUN: %t/prog | FileCheck %s
// CHECK: static 7
#include <stdio.h>
int add(int, int);
int main(void) {
  printf("static %d\n", add(3, 4));
  return 0;
}
