// IFUNCs in a shared library, linked by the graph linker: an exported one
// is bound through its symbol (STT_GNU_IFUNC in .dynsym: the dynamic
// linker calls its resolver for the PLT and GOT relocations naming it), a
// hidden one goes through the library's own IPLT entry, which an
// R_X86_64_IRELATIVE in .rela.dyn fills, and so does a local one (a static
// function's target_clones); target_clones makes an exported one too. The
// program prints what it prints with the library lld links.
//
// RUN: rm -rf %t && mkdir -p %t/graph %t/lld
// RUN: %neverc -fPIC -O1 -DLIB -c %s -o %t/lib.o
// RUN: %neverc -fuse-ld=neverc -shared %t/lib.o -o %t/graph/libif.so
// RUN: %clang -fuse-ld=lld -shared %t/lib.o -o %t/lld/libif.so
// RUN: %neverc -O1 -c %s -o %t/prog.o
// RUN: %neverc -fuse-ld=neverc %t/prog.o -L%t/graph -lif -Wl,-rpath,%t/graph -o %t/graph/prog
// RUN: %clang -fuse-ld=lld %t/prog.o -L%t/lld -lif -Wl,-rpath,%t/lld -o %t/lld/prog
// RUN: %t/graph/prog > %t/g.out
// RUN: %t/lld/prog > %t/l.out
// RUN: diff %t/l.out %t/g.out
// RUN: FileCheck %s < %t/g.out
// The same in a static executable (glibc's startup code applies .rela.iplt).
// RUN: %neverc -fuse-ld=neverc -static -O1 %t/prog.o %t/lib.o -o %t/graph/static
// RUN: %t/graph/static | diff %t/l.out -
// CHECK: exported 42 hidden 7 clone 3 through-pointer 7
//
// RUN: llvm-readelf --dyn-syms %t/graph/libif.so | FileCheck %s --check-prefix=DYN
// DYN-DAG: IFUNC GLOBAL DEFAULT {{.*}} pick_exported
// DYN-DAG: IFUNC WEAK DEFAULT {{.*}} clone{{$}}
// RUN: llvm-readelf --dyn-syms %t/graph/libif.so | FileCheck %s --check-prefix=HIDDEN
// HIDDEN-NOT: pick_hidden
// RUN: llvm-readelf -r %t/graph/libif.so | FileCheck %s --check-prefix=REL
// REL: R_X86_64_IRELATIVE
#include <stdio.h>

#ifdef LIB
static int impl_a(void) { return 42; }
static int impl_b(void) { return 7; }
static void *resolve_exported(void) { return (void *)impl_a; }
static void *resolve_hidden(void) { return (void *)impl_b; }
int pick_exported(void) __attribute__((ifunc("resolve_exported")));
__attribute__((visibility("hidden"))) int pick_hidden(void)
    __attribute__((ifunc("resolve_hidden")));
int call_hidden(void) { return pick_hidden(); }
int (*hidden_pointer(void))(void) { return pick_hidden; }
__attribute__((target_clones("avx2", "default"))) int clone(void) { return 3; }
static __attribute__((target_clones("avx2", "default"))) int local_clone(void) {
  return 1;
}
int call_clone(void) { return clone() + local_clone() - 1; }
#else
int pick_exported(void);
int call_hidden(void);
int call_clone(void);
int (*hidden_pointer(void))(void);
int main(void) {
  printf("exported %d hidden %d clone %d through-pointer %d\n",
         pick_exported(), call_hidden(), call_clone(), hidden_pointer()());
  return 0;
}
#endif
