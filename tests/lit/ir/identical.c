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
// -flto with an IR plugin is refused (ir/README.md), and leaves no object:
// RUN: not %neverc -fplugin=%test_plugins/IRTracePlugin.so -O2 -flto -c %s -o %t/lto.o 2>&1 | FileCheck %s --check-prefix=LTO
// RUN: test ! -e %t/lto.o
// LTO: error: the IR phases do not run with -flto yet

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
