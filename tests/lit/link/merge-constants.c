// The graph linker merges constant sections as lld does: the entsize-byte
// pieces of .rodata.cst4, .rodata.cst8 and .rodata.cst16 are kept once
// each (one run per size, aligned to it), and the code that loads them
// through .LCPI symbols is pointed at the one copy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O2 -DPART_A -c %s -o %t/a.o
// RUN: %neverc -O2 -c %s -o %t/b.o
// RUN: llvm-readelf -S %t/a.o | FileCheck %s --check-prefix=INPUT
// INPUT-DAG: .rodata.cst8
// INPUT-DAG: .rodata.cst4
// INPUT-DAG: .rodata.cst16
// RUN: %neverc %t/a.o %t/b.o -o %t/graph
// RUN: %clang -fuse-ld=lld %t/a.o %t/b.o -o %t/lld
// RUN: %t/graph | FileCheck %s --check-prefix=OUT
// RUN: %t/lld | FileCheck %s --check-prefix=OUT
// OUT: a: 11.250 8.250 2.750 3.000
// OUT-NEXT: b: 8.250 11.250 2.750 3.000
// The same constants in both objects are in the executable once, as
// with lld: .rodata is as large as lld's.
// RUN: llvm-readelf -S %t/graph | grep ' .rodata ' | awk '{print $6}' > %t/graph.size
// RUN: llvm-readelf -S %t/lld | grep ' .rodata ' | awk '{print $6}' > %t/lld.size
// RUN: diff %t/graph.size %t/lld.size

#include <stdio.h>

typedef float v4 __attribute__((vector_size(16)));

#ifdef PART_A
double a1(double X) { return X * 3.25 + 1.5; }
double a2(double X) { return X * 3.25 - 1.5; }
float a3(float X) { return X * 2.75f; }
v4 a4(v4 X) { return X * (v4){1.5f, 2.5f, 3.5f, 4.5f}; }
#else
double a1(double), a2(double);
float a3(float);
v4 a4(v4);
double b1(double X) { return X * 3.25 - 1.5; }
double b2(double X) { return X * 3.25 + 1.5; }
float b3(float X) { return X * 2.75f; }
v4 b4(v4 X) { return X * (v4){1.5f, 2.5f, 3.5f, 4.5f}; }
int main(void) {
  v4 One = {1, 1, 1, 1};
  printf("a: %.3f %.3f %.3f %.3f\n", a1(3), a2(3), a3(1), (double)a4(One)[1] + 0.5);
  printf("b: %.3f %.3f %.3f %.3f\n", b1(3), b2(3), b3(1), (double)b4(One)[1] + 0.5);
  return 0;
}
#endif
