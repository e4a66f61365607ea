// Distributed ThinLTO through the graph linker: --thinlto-index-only
// writes each module's index (<module>.thinlto.bc, the bytes lld writes)
// and no image; the backends are separate neverc processes any build
// runner could schedule (-x ir -fthinlto-index=); their native objects
// link into the program an in-process ThinLTO link makes.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %neverc -flto=thin -O2 -DMAIN -c %s -o main.o
// RUN: %neverc -flto=thin -O2 -c %s -o lib.o
// RUN: %neverc -fuse-ld=neverc -flto=thin -Wl,--thinlto-index-only=objects.txt -Wl,--thinlto-emit-imports-files main.o lib.o -o prog
// RUN: not test -e prog
// RUN: FileCheck %s --check-prefix=LIST < objects.txt
// LIST: main.o
// LIST-NEXT: lib.o
// RUN: llvm-bcanalyzer main.o.thinlto.bc > /dev/null
// RUN: llvm-bcanalyzer lib.o.thinlto.bc > /dev/null
// RUN: FileCheck %s --check-prefix=IMPORTS < main.o.imports
// IMPORTS: lib.o
// The same index lld writes.
// RUN: mkdir lld && cp main.o lib.o lld/
// RUN: cd lld && %clang -fuse-ld=lld -flto=thin -Wl,--thinlto-index-only main.o lib.o -o prog && cd ..
// RUN: cmp main.o.thinlto.bc lld/main.o.thinlto.bc
// RUN: cmp lib.o.thinlto.bc lld/lib.o.thinlto.bc
//
// The backends, one process each, then the final link.
// RUN: %neverc -O2 -c -x ir main.o -fthinlto-index=main.o.thinlto.bc -o main.native.o
// RUN: %neverc -O2 -c -x ir lib.o -fthinlto-index=lib.o.thinlto.bc -o lib.native.o
// RUN: %neverc main.native.o lib.native.o -o distributed
// RUN: ./distributed | FileCheck %s
// CHECK: answer=42
// RUN: %neverc main.o lib.o -o inprocess
// RUN: ./inprocess | FileCheck %s
// Across modules: the import put twice into main.
// RUN: llvm-nm main.native.o | FileCheck %s --check-prefix=NM
// NM-NOT: U twice
//
// A module without a ThinLTO summary cannot be compiled elsewhere from its
// index: refused by name (lld's then).
// RUN: %neverc -flto -O2 -c %s -o full.o
// RUN: not %neverc -fuse-ld=neverc -Wl,--thinlto-index-only main.o full.o -o prog 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: {{.*}}full.o: distributed ThinLTO (--thinlto-index-only) of a module without a ThinLTO summary is not done by the graph linker yet; use -fuse-ld=lld

#include <stdio.h>

#ifdef MAIN
int twice(int);
int main(void) {
  printf("answer=%d\n", twice(21));
  return 0;
}
#else
int twice(int X) { return 2 * X; }
#endif
