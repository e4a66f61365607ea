// A failed compile leaves no output file, not even a stale one, and exits
// with status 1; other translation units still compile (as with clang).
// RUN: rm -rf %t && mkdir %t
// RUN: echo stale > %t/out.o
// RUN: not %neverc -c %s -DBROKEN -o %t/out.o 2>&1 | FileCheck %s
// CHECK: compile-error.c:[[@LINE+7]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared'
// CHECK: 1 error generated.
// RUN: not test -e %t/out.o
// RUN: sh -c '%neverc -c %s -DBROKEN -o %t/out.o 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// STATUS: status=1
//
#ifdef BROKEN
int f(void) { return undeclared; }
#else
int f(void) { return 0; }
#endif
//
// With two inputs and a link, the good file still compiles but nothing is
// linked: an earlier executable is left untouched (as clang and gcc do; the
// link job never ran, so it produced nothing to remove).
// RUN: echo stale > %t/prog
// RUN: not %neverc %s %S/Inputs/main.c -DBROKEN -o %t/prog 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: error: use of undeclared identifier 'undeclared'
// TWO-NOT: ld.lld
// TWO-NOT: linker command failed
// RUN: FileCheck %s --check-prefix=STALE < %t/prog
// STALE: {{^stale$}}
//
// -S and -E fail the same way.
// RUN: echo stale > %t/out.s
// RUN: not %neverc -S %s -DBROKEN -o %t/out.s 2>/dev/null
// RUN: not test -e %t/out.s
