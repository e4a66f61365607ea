// The graph linker links AArch64 Linux programs: a shared library (calls
// through the PLT, TLS descriptors kept as GOT pairs R_AARCH64_TLSDESC
// fills), a PIE against it (TLS initial-exec and local-exec, a copy of the
// library's data in a non-PIE), and a static executable (glibc's IFUNCs
// through .iplt). Each runs under qemu-user and prints what the same link
// by lld prints.
//
// REQUIRES: aarch64-linux
// RUN: rm -rf %t && mkdir -p %t/graph %t/lld
// RUN: %neverc --target=aarch64-linux-gnu -fPIC -O2 -DLIB -c %s -o %t/lib.o
// RUN: %neverc --target=aarch64-linux-gnu -O2 -c %s -o %t/prog.o
// RUN: %neverc --target=aarch64-linux-gnu -fuse-ld=neverc -shared %t/lib.o -o %t/graph/libx.so
// RUN: %clang --target=aarch64-linux-gnu -fuse-ld=lld -shared %t/lib.o -o %t/lld/libx.so
// RUN: %neverc --target=aarch64-linux-gnu -fuse-ld=neverc %t/prog.o -L%t/graph -lx -Wl,-rpath,%t/graph -o %t/graph/pie
// RUN: %clang --target=aarch64-linux-gnu -fuse-ld=lld %t/prog.o -L%t/lld -lx -Wl,-rpath,%t/lld -o %t/lld/pie
// RUN: %run_aarch64 %t/graph/pie > %t/g.out
// RUN: %run_aarch64 %t/lld/pie > %t/l.out
// RUN: diff %t/l.out %t/g.out
// RUN: FileCheck %s --check-prefix=OUT < %t/g.out
// OUT: lib 47 tls 8/8 local 3 data 11 ptr 14
//
// Differential: the libraries needed and the dynamic symbols (with their
// versions) of the program and the library are lld's.
// RUN: llvm-readelf --dyn-syms -d %t/lld/pie | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/l.dyn
// RUN: llvm-readelf --dyn-syms -d %t/graph/pie | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/g.dyn
// RUN: diff %t/l.dyn %t/g.dyn
// RUN: llvm-readelf --dyn-syms -d %t/lld/libx.so | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/l.libdyn
// RUN: llvm-readelf --dyn-syms -d %t/graph/libx.so | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/g.libdyn
// RUN: diff %t/l.libdyn %t/g.libdyn
//
// RUN: llvm-readelf -h %t/graph/pie | FileCheck %s --check-prefix=HDR
// HDR: Type: DYN
// HDR: Machine: AArch64
// RUN: llvm-readelf -r %t/graph/libx.so | FileCheck %s --check-prefix=LIBREL
// LIBREL: R_AARCH64_TLSDESC {{.*}} counter_tls
// LIBREL: R_AARCH64_JUMP_SLOT
// RUN: llvm-readelf -r %t/graph/pie | FileCheck %s --check-prefix=PIEREL
// PIEREL-DAG: R_AARCH64_RELATIVE
// PIEREL-DAG: R_AARCH64_TLS_TPREL64 {{.*}} counter_tls
// PIEREL-DAG: R_AARCH64_JUMP_SLOT {{.*}} lib_call
//
// Non-PIE: the library's data copied (R_AARCH64_COPY); static: no loader.
// RUN: %neverc --target=aarch64-linux-gnu -O2 -fno-pie -no-pie -fuse-ld=neverc %s -L%t/graph -lx -Wl,-rpath,%t/graph -o %t/graph/exe
// RUN: %run_aarch64 %t/graph/exe | diff %t/l.out -
// RUN: llvm-readelf -r %t/graph/exe | FileCheck %s --check-prefix=COPY
// COPY: R_AARCH64_COPY {{.*}} lib_data
// RUN: %neverc --target=aarch64-linux-gnu -O2 -static -fuse-ld=neverc %s %t/lib.o -o %t/graph/static
// RUN: %run_aarch64 %t/graph/static | diff %t/l.out -
// RUN: llvm-readelf -lS %t/graph/static | FileCheck %s --check-prefix=STATIC
// STATIC: .iplt
// STATIC-NOT: INTERP
//
// A static PIE for AArch64: it relocates itself at startup.
// RUN: %neverc --target=aarch64-linux-gnu -O2 -static-pie -fuse-ld=neverc %s %t/lib.o -o %t/graph/static-pie
// RUN: %run_aarch64 %t/graph/static-pie | diff %t/l.out -
// RUN: llvm-readelf -hl %t/graph/static-pie | FileCheck %s --check-prefix=SPIE
// SPIE: Type: DYN
// SPIE-NOT: INTERP
//
// LTO (thin) for AArch64, through the same linker.
// RUN: %neverc --target=aarch64-linux-gnu -O2 -flto=thin -fuse-ld=neverc %s -DLIB -DBOTH -o %t/graph/thin
// RUN: %run_aarch64 %t/graph/thin | diff %t/l.out -
//
// -r: one object with every relocation lld keeps, which links and runs.
// RUN: %neverc --target=aarch64-linux-gnu -fuse-ld=neverc -r %t/prog.o %t/lib.o -o %t/graph/r.o
// RUN: %clang --target=aarch64-linux-gnu -fuse-ld=lld -r %t/prog.o %t/lib.o -o %t/lld/r.o
// RUN: llvm-readelf -r %t/graph/r.o | grep -c R_AARCH64_ > %t/g.relocs
// RUN: llvm-readelf -r %t/lld/r.o | grep -c R_AARCH64_ > %t/l.relocs
// RUN: diff %t/l.relocs %t/g.relocs
// RUN: %neverc --target=aarch64-linux-gnu -fuse-ld=neverc %t/graph/r.o -o %t/graph/merged
// RUN: %run_aarch64 %t/graph/merged | diff %t/l.out -
//
// A call beyond CALL26's ±128 MiB goes through a range thunk placed right
// after its caller: across 129 MiB of code (Inputs/aarch64-far.s), as
// lld's runs; and to an absolute address in a PIE, through a literal (no
// load moves it).
// RUN: %neverc --target=aarch64-linux-gnu -c %S/Inputs/aarch64-far.s -o %t/far.o
// RUN: %neverc --target=aarch64-linux-gnu -O2 -DFAR -c %s -o %t/farmain.o
// RUN: %neverc --target=aarch64-linux-gnu -fuse-ld=neverc %t/farmain.o %t/lib.o %t/far.o -o %t/graph/far
// RUN: %clang --target=aarch64-linux-gnu -fuse-ld=lld %t/farmain.o %t/lib.o %t/far.o -o %t/lld/far
// RUN: %run_aarch64 %t/graph/far > %t/gfar.out
// RUN: %run_aarch64 %t/lld/far | diff - %t/gfar.out
// RUN: FileCheck %s --check-prefix=FAROUT < %t/gfar.out
// FAROUT: far 42
// RUN: llvm-objdump -d --no-show-raw-insn --start-address=0x10000 --stop-address=0x11000 %t/graph/far | FileCheck %s --check-prefix=VENEER
// VENEER: adrp x16,
// VENEER-NEXT: add x16, x16,
// VENEER-NEXT: br x16
// RUN: rm %t/far.o %t/graph/far %t/lld/far
// RUN: %neverc --target=aarch64-linux-gnu -O2 -fuse-ld=neverc -DFARABS %s %t/lib.o -Wl,--defsym,far_away=0x20000000 -o %t/farabs
// RUN: llvm-objdump -d --no-show-raw-insn %t/farabs | FileCheck %s --check-prefix=ABS
// ABS: ldr x16, 0x{{[0-9a-f]+}}
// ABS-NEXT: br x16
//
// What it does not do yet is named, and a link that did not ask for the
// graph linker goes to lld: a relocation type it does not apply.
// RUN: echo 'movz x0, #:prel_g0:main' > %t/prel.s
// RUN: %neverc --target=aarch64-linux-gnu -c %t/prel.s -o %t/prel.o
// RUN: not %neverc --target=aarch64-linux-gnu -fuse-ld=neverc %t/prog.o %t/prel.o %t/lib.o -o %t/prel 2>&1 | FileCheck %s --check-prefix=PREL
// PREL: error: in neverc.link.synthesize: relocation R_AARCH64_MOVW_PREL_G0 is not supported by the graph linker yet; use -fuse-ld=lld
//
// Objects for two targets in one link: named, nothing written.
// RUN: %neverc -O2 -c %s -o %t/x86.o
// RUN: not %neverc --target=aarch64-linux-gnu -fuse-ld=neverc %t/prog.o %t/x86.o -o %t/mixed 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: error: in neverc.link.read_inputs: {{.*}}x86.o is incompatible with -m aarch64linux (x86-64, not AArch64)
// RUN: not ls %t/mixed
// A shared library for another target too (lld's error).
// RUN: mkdir -p %t/x86lib
// RUN: %neverc -fPIC -shared -O1 -DLIB %s -o %t/x86lib/libx.so
// RUN: not %neverc --target=aarch64-linux-gnu -fuse-ld=neverc %t/prog.o -L%t/x86lib -lx -o %t/mixedlib 2>&1 | FileCheck %s --check-prefix=MIXEDLIB
// MIXEDLIB: error: in neverc.link.read_inputs: {{.*}}x86lib/libx.so is incompatible with -m aarch64linux (x86-64, not AArch64)
// RUN: not ls %t/mixedlib

#include <stdio.h>

#ifdef LIB
__thread int counter_tls = 7;
int lib_data = 11;
int bump(int x) { return x + 40; }
int lib_call(int x) { return bump(x); }
int lib_tls(void) { return counter_tls; } // a TLS descriptor in the library
#endif

#if !defined(LIB) || defined(BOTH)
#ifndef LIB
extern __thread int counter_tls;
extern int lib_data;
int lib_call(int);
int lib_tls(void);
#endif
static __thread int local_tls = 2;
static int add(int x) { return x + lib_data - 8; }
int (*volatile fp)(int) = add;

#ifdef FARABS
void far_away(void);
#endif
#ifdef FAR
int far_func(void);
#endif

int main(void) {
  counter_tls += 1;
  local_tls += 1;
#ifdef FARABS
  far_away();
#endif
#ifdef FAR
  printf("far %d\n", far_func());
#endif
  printf("lib %d tls %d/%d local %d data %d ptr %d\n", lib_call(7),
         counter_tls, lib_tls(), local_tls, lib_data, fp(11));
  return 0;
}
#endif
