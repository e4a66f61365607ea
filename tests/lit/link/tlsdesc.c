// TLS descriptors on x86-64 (-mtls-dialect=gnu2), linked by the graph
// linker as lld links them: a shared library keeps each descriptor, a GOT
// pair an R_X86_64_TLSDESC relocation fills (the local-dynamic ones
// against _TLS_MODULE_BASE_, the TLS block's start, with no symbol); an
// executable relaxes every sequence, to initial-exec (mov from a GOT slot
// an R_X86_64_TPOFF64 fills) for the library's variable and to local-exec
// (mov $tpoff) for its own; the call through the descriptor becomes a
// 2-byte nop. Every program prints what lld's link of it prints.
//
// RUN: rm -rf %t && mkdir -p %t/graph %t/lld
// RUN: %neverc -fPIC -O2 -mtls-dialect=gnu2 -DLIB -c %s -o %t/lib.o
// RUN: %neverc -fPIC -O2 -mtls-dialect=gnu2 -c %s -o %t/prog.o
// RUN: llvm-readelf -r %t/lib.o | FileCheck %s --check-prefix=OBJ
// OBJ: R_X86_64_GOTPC32_TLSDESC {{.*}} _TLS_MODULE_BASE_
// OBJ: R_X86_64_TLSDESC_CALL
//
// RUN: %neverc -fuse-ld=neverc -shared %t/lib.o -o %t/graph/libx.so
// RUN: %clang -fuse-ld=lld -shared %t/lib.o -o %t/lld/libx.so
// RUN: %neverc -fuse-ld=neverc %t/prog.o -L%t/graph -lx -Wl,-rpath,%t/graph -o %t/graph/pie
// RUN: %clang -fuse-ld=lld %t/prog.o -L%t/lld -lx -Wl,-rpath,%t/lld -o %t/lld/pie
// RUN: %t/lld/pie > %t/l.out
// RUN: %t/graph/pie > %t/g.out
// RUN: diff %t/l.out %t/g.out
// RUN: FileCheck %s --check-prefix=OUT < %t/g.out
// OUT: bump 48 counter 106 own 8 local 13
//
// The library's dynamic relocations are lld's, kind for kind.
// RUN: llvm-readelf -r %t/graph/libx.so | FileCheck %s --check-prefix=LIB
// LIB: R_X86_64_TLSDESC 0{{$}}
// LIB: R_X86_64_TLSDESC {{.*}} counter_tls + 0
// RUN: llvm-readelf -r %t/graph/libx.so | grep -o 'R_X86_64_[A-Z0-9_]*' | sort > %t/g.rel
// RUN: llvm-readelf -r %t/lld/libx.so | grep -o 'R_X86_64_[A-Z0-9_]*' | sort > %t/l.rel
// RUN: diff %t/l.rel %t/g.rel
// RUN: llvm-readelf -r %t/graph/pie | FileCheck %s --check-prefix=PIE
// PIE: R_X86_64_TPOFF64 {{.*}} counter_tls + 0
// PIE-NOT: TLSDESC
// RUN: llvm-objdump -d %t/graph/pie | FileCheck %s --check-prefix=CODE
// CODE: <main>:
// CODE: 48 c7 c0 {{.*}}movq $-0x{{[0-9a-f]+}}, %rax
// CODE-NEXT: 66 90{{ +}}nop
//
// Static (no loader: every sequence local-exec), static PIE, and the
// library's object linked into the program.
// RUN: %neverc -static -fuse-ld=neverc %t/prog.o %t/lib.o -o %t/graph/static
// RUN: %t/graph/static | diff %t/l.out -
// RUN: %neverc -static-pie -fuse-ld=neverc %t/prog.o %t/lib.o -o %t/graph/static-pie
// RUN: %t/graph/static-pie | diff %t/l.out -
// RUN: %neverc -fuse-ld=neverc %t/prog.o %t/lib.o -o %t/graph/whole
// RUN: %t/graph/whole | diff %t/l.out -

#include <stdio.h>

#ifdef LIB
__thread int counter_tls = 5;
static __thread int hidden_tls = 40;
int bump(void) {
  hidden_tls += 2;
  return ++counter_tls + hidden_tls;
}
#else
extern __thread int counter_tls;
int bump(void);
__thread int own_tls = 7;
static __thread long local_tls[4] = {1, 2, 3, 4};
int main(void) {
  int B = bump();
  own_tls += 1;
  local_tls[2] += 10;
  counter_tls += 100;
  printf("bump %d counter %d own %d local %ld\n", B, counter_tls, own_tls,
         local_tls[2]);
  return 0;
}
#endif
