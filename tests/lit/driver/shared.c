// A -fPIC shared library, a program linked against it, and -fpie/-pie.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fPIC -shared %S/Inputs/add.c -o %t/libadd.so
// RUN: llvm-readelf -h %t/libadd.so | FileCheck %s --check-prefix=DYN
// DYN: Type: DYN (Shared object file)
// RUN: llvm-readelf --dyn-syms %t/libadd.so | FileCheck %s --check-prefix=SYM
// SYM: FUNC GLOBAL DEFAULT {{.*}} add
//
// RUN: %neverc %s -L%t -ladd -Wl,-rpath,%t -o %t/prog
// RUN: llvm-readelf -d %t/prog | FileCheck %s --check-prefix=NEEDED
// NEEDED: (NEEDED) Shared library: [libadd.so]
// RUN: %t/prog | FileCheck %s
// CHECK: 2 + 3 = 5
//
// RUN: %neverc -fpie -pie %s -L%t -ladd -Wl,-rpath,%t -o %t/pie
// RUN: %t/pie | FileCheck %s
// RUN: %neverc -fno-pic -no-pie %s -L%t -ladd -Wl,-rpath,%t -o %t/nopie
// RUN: llvm-readelf -h %t/nopie | FileCheck %s --check-prefix=EXEC
// EXEC: Type: EXEC (Executable file)
// RUN: %t/nopie | FileCheck %s
#include <stdio.h>
int add(int, int);
int main(void) {
  printf("2 + 3 = %d\n", add(2, 3));
  return 0;
}
