// With observers on all eight IR phases and a read-only pass at each of
// the five pass slots, neverc writes the bytes clang-22 writes, at every
// optimisation level, with debug info, for assembly and for textual and
// binary IR. With no plugin the IR domain adds nothing at all.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: bash %S/Inputs/same-bytes.sh %neverc %clang %test_plugins/IRTracePlugin.so %s %t \
// RUN:   "-O0 -c" "-O1 -c" "-O2 -c" "-O3 -c" "-Os -c" "-Oz -c" "-O2 -g -c" "-O0 -g -c" \
// RUN:   "-O2 -S" "-O2 -S -emit-llvm" "-O2 -c -emit-llvm" | FileCheck %s --check-prefix=SAME
// SAME-COUNT-11: same bytes:
// RUN: %neverc -O2 -c %s -o %t/plain.o && %clang -O2 -c %s -o %t/c.o && cmp %t/plain.o %t/c.o
//
// -flto and -flto=thin: the pre-link bitcode (summary, module hash, module
// flags, -fthin-link-bitcode's file) is clang-22's too:
// RUN: bash %S/Inputs/same-bytes.sh %neverc %clang %test_plugins/IRTracePlugin.so %s %t \
// RUN:   "-O2 -flto -c" "-O0 -flto -c" "-O2 -flto=thin -c" "-O0 -flto=thin -c" "-Oz -flto=thin -c" \
// RUN:   "-O2 -g -flto=thin -c" "-O2 -flto -S -emit-llvm" "-O2 -flto=thin -S -emit-llvm" \
// RUN:   "-O2 -flto=thin -funified-lto -c" "-O3 -flto -funified-lto -c" | FileCheck %s --check-prefix=SAME-LTO
// SAME-LTO-COUNT-10: same bytes:
// RUN: env IR_TRACE_PASSES=1 %neverc -fplugin=%test_plugins/IRTracePlugin.so -O2 -flto=thin -fthin-link-bitcode=%t/n.thin -c %s -o %t/n.bc 2>/dev/null
// RUN: %clang -O2 -flto=thin -fthin-link-bitcode=%t/c.thin -c %s -o %t/c.bc
// RUN: cmp %t/n.thin %t/c.thin && cmp %t/n.bc %t/c.bc
//
// To standard output too:
// RUN: env IR_TRACE_MODE=quiet %neverc -fplugin=%test_plugins/IRTracePlugin.so -O2 -flto -c %s -o - > %t/stdout.bc
// RUN: %clang -O2 -flto -c %s -o - > %t/stdout-clang.bc
// RUN: cmp %t/stdout.bc %t/stdout-clang.bc
//
// What the domain cannot do under -flto is refused, with no object: Clang
// builds the fat-LTO pipeline as one piece.
// RUN: not %neverc -fplugin=%test_plugins/IRTracePlugin.so -O2 -flto -ffat-lto-objects -c %s -o %t/fat.o 2>&1 | FileCheck %s --check-prefix=FAT
// RUN: test ! -e %t/fat.o
// FAT: error: the IR phases do not run with -ffat-lto-objects

#include <stdio.h>
struct point { double x, y; };
static double dot(struct point a, struct point b) { return a.x * b.x + a.y * b.y; }
double norm2(const struct point *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += dot(p[i], p[i]);
  return s;
}
int main(void) {
  struct point v[3] = {{1, 2}, {3, 4}, {5, 6}};
  printf("%g\n", norm2(v, 3));
  return 0;
}
