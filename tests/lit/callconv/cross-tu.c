// Two translation units agree through the declaration they share: the
// caller calls weigh.neverc.cc with the plan's registers, the callee's TU
// defines that entry. The address of weigh is its standard-convention
// body in every TU, so a function pointer works anywhere. A caller linked
// against a weigh built without the convention does not link (the custom
// entry is missing) instead of calling it wrongly.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -O2 -c %S/Inputs/callee.c -o %t/callee.o
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -O2 -c %s -o %t/caller.o
// RUN: %neverc %t/caller.o %t/callee.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// OUT: direct 33
// OUT-NEXT: pointer 33
// RUN: llvm-objdump -d -r --no-show-raw-insn %t/caller.o | FileCheck %s
// CHECK-LABEL: <main>:
// CHECK: movl $0x5, %r11d
// CHECK-NEXT: movl $0x2, %r10d
// CHECK-NEXT: callq *
// CHECK-NEXT: R_X86_64_GOTPCRELX weigh.neverc.cc-0x4
//
// A call to an entry defined elsewhere loads its address from the GOT, not
// through a PLT entry, whose lazy-binding resolver keeps only the standard
// argument registers (r11 is its scratch): across a shared library too.
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -O2 -fPIC -shared %S/Inputs/callee.c -o %t/libweigh.so
// RUN: %neverc %t/caller.o -L%t -lweigh -Wl,-rpath,%t -o %t/dynamic
// RUN: %t/dynamic | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf --dyn-syms %t/libweigh.so | FileCheck %s --check-prefix=DYN
// DYN-DAG: FUNC GLOBAL DEFAULT {{.*}} weigh{{$}}
// DYN-DAG: FUNC GLOBAL DEFAULT {{.*}} weigh.neverc.cc{{$}}
// Reached indirectly, the entry is an indirect-branch target under
// -fcf-protection (LLVM gives the naked function its endbr64).
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -O2 -fcf-protection=branch -c %S/Inputs/callee.c -o %t/cet.o
// RUN: llvm-objdump -d --no-show-raw-insn %t/cet.o | FileCheck %s --check-prefix=CET
// CET-LABEL: <weigh.neverc.cc>:
// CET-NEXT: endbr64
// CET-NEXT: movq %r11, %rdi
//
// RUN: %clang -O2 -Wno-unknown-attributes -c %S/Inputs/callee.c -o %t/plain-callee.o
// RUN: not %neverc %t/caller.o %t/plain-callee.o -o %t/bad 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: undefined symbol: weigh.neverc.cc
// RUN: not test -e %t/bad
#include <stdio.h>

__attribute__((custom_attr("neverc-callconv", "gpr:r11,r10;ret:rcx")))
long weigh(long a, long b);

int main(void) {
  long (*volatile fp)(long, long) = weigh;
  printf("direct %ld\n", weigh(5, 2));
  printf("pointer %ld\n", fp(5, 2));
  return 0;
}
