// custom_attr("neverc-callconv", spec) on a declaration, GNU and
// __declspec spellings (callconv.md §7), and CustomCallConvPlugin in its
// default attribute mode: the functions that carry the attribute get the
// convention. Positional mode with a stack slot (pos), SIMD pools, a SIMD
// result register and a custom callee-saved set (fl); the program runs.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -fdeclspec -Wno-unknown-attributes -Wno-ignored-attributes %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fdeclspec -O2 %s -o %t/a 2> %t/a.err
// RUN: %t/a > %t/a.out && diff %t/ref.out %t/a.out
// RUN: FileCheck %s --check-prefix=WARN < %t/a.err
// WARN: warning: custom-callconv: register 'r10' is callee-saved and also carries a value in spec 'gpr:r10;xmm:xmm9,xmm8;ret_xmm:xmm3;csr:r10,r11'
// WARN-NOT: warning:
//
// What the module carries by ir.final_verify: the string attributes
// custom_attr made (any key) and no llvm.global.annotations; the
// convention the plugin set on the two functions and their calls; each
// spec turned into its plan (callconv.md §6: LLVM 22 register numbers,
// schema llvm22-<triple>, the spec attribute gone), and each call
// carrying its callee's plan.
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fdeclspec -O2 -S -emit-llvm %s -o %t/a.ll 2>/dev/null
// RUN: FileCheck %s --check-prefix=IR < %t/a.ll
// IR-NOT: llvm.global.annotations
// IR-NOT: "neverc-callconv"
// IR-DAG: define dso_local cc1000 i64 @pos({{.*}} #[[POS:[0-9]+]]
// IR-DAG: define dso_local cc1000 noundef double @fl({{.*}} #[[FL:[0-9]+]]
// IR-DAG: define dso_local {{.*}}i32 @plain({{.*}} #[[PLAIN:[0-9]+]]
// IR-DAG: call cc1000 i64 @pos({{.*}} #[[POSCALL:[0-9]+]]
// IR-DAG: call cc1000 double @fl({{.*}} #[[FLCALL:[0-9]+]]
// IR-DAG: attributes #[[POS]] = {{.*}}"neverc-cc-plan-v1"="[[POSPLAN:neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000001;cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;returns=r,0,0,8,8,51,0,0;arguments=r,0,0,8,8,54,0,0\|s,1,0,8,8,0,0,0\|r,2,0,8,8,119,0,0;callee-saved=53,52,123,124,125,126]]"
// IR-DAG: attributes #[[FL]] = {{.*}}"neverc-cc-plan-v1"="[[FLPLAN:neverc-cc-plan-v1;[^"]*;returns=r,0,0,8,8,138,0,0;arguments=r,0,0,8,8,121,0,0\|r,1,0,8,8,144,0,0\|r,2,0,4,4,143,0,0;callee-saved=121,122]]"
// IR-DAG: attributes #[[PLAIN]] = {{.*}}"other-key"="v"
// IR-DAG: attributes #[[POSCALL]] = { "neverc-cc-plan-v1"="[[POSPLAN]]" }
// IR-DAG: attributes #[[FLCALL]] = { "neverc-cc-plan-v1"="[[FLPLAN]]" }
//
// The code: pos takes rcx, a stack slot and r8 and jumps to its body (the
// result is in rax already); fl keeps r10 and r11 (callee-saved in its
// convention, not in the standard one), takes xmm9 and xmm8 and returns
// in xmm3.
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fdeclspec -O2 -c %s -o %t/a.o 2>/dev/null
// RUN: llvm-objdump -d --no-show-raw-insn %t/a.o | FileCheck %s
// CHECK-LABEL: <main>:
// CHECK: movl $0x1, %ecx
// CHECK: movl $0x3, %r8d
// CHECK: subq $0x10, %rsp
// CHECK-NEXT: movq %rax, (%rsp)
// CHECK-NEXT: callq
// CHECK-NEXT: addq $0x10, %rsp
// CHECK-LABEL: <pos.neverc.cc>:
// CHECK-NEXT: movq %rcx, %rdi
// CHECK-NEXT: movq %r8, %rdx
// CHECK-NEXT: movq 0x8(%rsp), %rsi
// CHECK-NEXT: jmp
// CHECK-LABEL: <fl.neverc.cc>:
// CHECK-NEXT: pushq %r10
// CHECK-NEXT: pushq %r11
// CHECK-NEXT: movq %r10, %rdi
// CHECK-NEXT: movaps %xmm9, %xmm0
// CHECK-NEXT: movaps %xmm8, %xmm1
// CHECK-NEXT: subq $0x8, %rsp
// CHECK-NEXT: callq
// CHECK-NEXT: addq $0x8, %rsp
// CHECK-NEXT: movaps %xmm0, %xmm3
// CHECK-NEXT: popq %r11
// CHECK-NEXT: popq %r10
// CHECK-NEXT: retq
//
// The unwind information follows the pushes (a debugger can walk out).
// RUN: llvm-dwarfdump --eh-frame %t/a.o | FileCheck %s --check-prefix=CFI
// CFI: DW_CFA_advance_loc: 2
// CFI-NEXT: DW_CFA_def_cfa_offset: +16
// CFI-NEXT: DW_CFA_offset: R10 -16
//
// custom_attr is neverc's while a plugin is on the IR phases; otherwise
// it is what clang says it is, an unknown attribute.
// RUN: %neverc -fdeclspec -O2 -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: warning: unknown attribute 'custom_attr' ignored
// Arguments must be two string literals.
// RUN: not %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fdeclspec -DBAD -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t/bad.o
// BAD: :[[@LINE+21]]:16: error: 'custom_attr' attribute requires parameter 2 to be a string
#include <stdio.h>

#define CC(spec) __attribute__((custom_attr("neverc-callconv", spec)))

CC("args:rcx,stack,r8;ret:rax") __attribute__((noinline)) long pos(long a,
                                                                   long b,
                                                                   long c);
long pos(long a, long b, long c) { return a * 100 + b * 10 + c; }

__declspec(custom_attr("neverc-callconv",
                       "gpr:r10;xmm:xmm9,xmm8;ret_xmm:xmm3;csr:r10,r11"))
__attribute__((noinline)) double fl(long k, double x, float y) {
  return k + x * y;
}

__attribute__((custom_attr("other-key", "v"))) int plain(int x) {
  return x + 1;
}

#ifdef BAD
__attribute__((custom_attr("neverc-callconv", 3))) void bad(void);
#endif

int main(void) {
  printf("%ld %.1f %d\n", pos(1, 2, 3), fl(2, 1.5, 2.0f), plain(4));
  return 0;
}
