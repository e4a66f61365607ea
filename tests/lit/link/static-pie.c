// A static PIE (-static-pie): no loader, nothing imported; the image
// relocates itself at startup (glibc's rcrt1.o applies .rela.dyn's
// RELATIVE and IRELATIVE relocations through _DYNAMIC). An undefined weak
// reference is 0, not a dynamic symbol. It prints what lld's link prints.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O1 -fPIE -c %s -o %t/p.o
// RUN: %neverc -fuse-ld=neverc -static-pie %t/p.o -o %t/graph
// RUN: %clang -fuse-ld=lld -static-pie %t/p.o -o %t/lld
// RUN: %t/graph > %t/g.out
// RUN: %t/lld > %t/l.out
// RUN: diff %t/l.out %t/g.out
// RUN: FileCheck %s < %t/g.out
// CHECK: beta 5 weak 0 tls 5
// RUN: llvm-readelf -hld --dyn-syms %t/graph | FileCheck %s --check-prefix=HDR
// HDR: Type: DYN
// HDR-NOT: INTERP
// HDR-NOT: (NEEDED)
// HDR: (FLAGS_1) PIE
// HDR-NOT: missing
// --no-dynamic-linker in a dynamic link: no .interp either (lld's).
// RUN: %neverc -fuse-ld=neverc %t/p.o -Wl,--no-dynamic-linker -o %t/nointerp
// RUN: llvm-readelf -lS %t/nointerp | FileCheck %s --check-prefix=NOINTERP
// NOINTERP-NOT: INTERP
// NOINTERP-NOT: .interp
// RUN: %neverc -fuse-ld=neverc %t/p.o -o %t/interp
// RUN: llvm-readelf -l %t/interp | FileCheck %s --check-prefix=INTERP
// INTERP: INTERP
// RUN: llvm-readelf -r %t/graph | FileCheck %s --check-prefix=REL
// REL-DAG: R_X86_64_RELATIVE
// REL-DAG: R_X86_64_IRELATIVE
#include <stdio.h>
#include <string.h>

__attribute__((weak)) extern int missing(void);
static const char *Names[] = {"alpha", "beta"}; // words RELATIVE fills
__thread int Tls = 5;

int main(void) {
  char Buf[32];
  strcpy(Buf, Names[1]); // glibc's IFUNCs
  printf("%s %zu weak %d tls %d\n", Buf, strlen(Names[0]), missing ? 1 : 0,
         Tls);
  return 0;
}
