// CustomCallConvPlugin (sdk/examples/CustomCallConvPlugin.c) in global mode:
// every defined function whose signature the convention carries gets
// "gpr:r10,r11,rsi,rdi;ret:rdx" (the default ccspec). neverc lowers it on
// stock LLVM 22 (target/lib/CallConvX86.cpp): each function f becomes its
// standard-convention body f and a custom entry f.neverc.cc, and direct
// calls go to the entry with the arguments in the plan's registers. Both
// builds of the plugin, -O0 and -O2: the program prints what clang-22's
// build prints.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fplugin-arg=org.neverc.example.custom-callconv:cc-all -O2 %s -o %t/o2 2> %t/o2.err
// RUN: %t/o2 > %t/o2.out && diff %t/ref.out %t/o2.out
// RUN: %neverc -fplugin=%plugins/neverc-built/CustomCallConvPlugin.so -fplugin-arg=org.neverc.example.custom-callconv:cc-all -O0 %s -o %t/o0 2>/dev/null
// RUN: %t/o0 > %t/o0.out && diff %t/ref.out %t/o0.out
// RUN: FileCheck %s --check-prefix=WARN < %t/o2.err
// WARN: warning: custom-callconv: the address of 'fact' is taken; calls through it use the standard calling convention
//
// The code. sub3's entry moves r10, r11, rsi into rdi, rsi, rdx (rsi is
// read before it is written), calls the body and returns its result in
// rdx; many's fifth and sixth arguments come from the caller's stack (the
// entries follow in module order).
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fplugin-arg=org.neverc.example.custom-callconv:cc-all -O2 -c %s -o %t/g.o 2>/dev/null
// RUN: llvm-objdump -d -r --no-show-raw-insn %t/g.o | FileCheck %s
// CHECK-LABEL: <main>:
// CHECK: movl $0x3, %r11d
// CHECK: callq
// CHECK-NEXT: R_X86_64_PLT32 sub3.neverc.cc-0x4
// CHECK-LABEL: <sub3.neverc.cc>:
// CHECK-NEXT: movq %r10, %rdi
// CHECK-NEXT: movq %rsi, %rdx
// CHECK-NEXT: movq %r11, %rsi
// CHECK-NEXT: subq $0x8, %rsp
// CHECK-NEXT: callq
// CHECK-NEXT: R_X86_64_PLT32 sub3-0x4
// CHECK-NEXT: addq $0x8, %rsp
// CHECK-NEXT: movq %rax, %rdx
// CHECK-NEXT: retq
// A function whose result is already where the standard convention puts
// it jumps to its body (fd: doubles, no SIMD pool in the spec).
// CHECK-LABEL: <fd.neverc.cc>:
// CHECK-NEXT: jmp
// CHECK-NEXT: R_X86_64_PLT32 fd-0x4
// CHECK-LABEL: <many.neverc.cc>:
// CHECK: movq 0x8(%rsp), %r8
// CHECK-NEXT: movq 0x10(%rsp), %r9
//
//
// The symbols: every body keeps its name and binding; each entry has the
// same binding.
// RUN: llvm-readelf -s %t/g.o | FileCheck %s --check-prefix=SYM
// SYM-DAG: FUNC GLOBAL DEFAULT {{.*}} sub3{{$}}
// SYM-DAG: FUNC GLOBAL DEFAULT {{.*}} sub3.neverc.cc{{$}}
// SYM-DAG: FUNC LOCAL DEFAULT {{.*}} fact{{$}}
// SYM-DAG: FUNC LOCAL DEFAULT {{.*}} fact.neverc.cc{{$}}
//
// ccprefix keeps the others standard; ccshuffle gives functions different
// layouts; both still run.
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fplugin-arg=org.neverc.example.custom-callconv:cc-all -fplugin-arg=org.neverc.example.custom-callconv:ccprefix=mi -O2 -c %s -o %t/p.o 2>/dev/null
// RUN: llvm-readelf -s %t/p.o | FileCheck %s --check-prefix=PREFIX
// PREFIX-NOT: sub3.neverc.cc
// PREFIX: mix.neverc.cc
// PREFIX-NOT: sub3.neverc.cc
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fplugin-arg=org.neverc.example.custom-callconv:cc-all -fplugin-arg=org.neverc.example.custom-callconv:ccshuffle=true -O2 %s -o %t/s 2>/dev/null
// RUN: %t/s > %t/s.out && diff %t/ref.out %t/s.out
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -fplugin-arg=org.neverc.example.custom-callconv:cc-all -fplugin-arg=org.neverc.example.custom-callconv:ccshuffle -O2 -c %s -o %t/s.o 2>/dev/null
// RUN: llvm-objdump -d --no-show-raw-insn %t/s.o | FileCheck %s --check-prefix=SHUFFLE
// SHUFFLE-LABEL: <sub3.neverc.cc>:
// SHUFFLE-NEXT: movq %r10, %rdi
// SHUFFLE-LABEL: <mix.neverc.cc>:
// SHUFFLE-NEXT: movq %r11, %rdi
//
// Without cc-all (attribute mode) and no custom_attr: nothing changes, the
// object is clang's.
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -O2 -c %s -o %t/none.o
// RUN: %clang -O2 -c %s -o %t/clang.o
// RUN: cmp %t/none.o %t/clang.o
#include <stdio.h>

__attribute__((noinline)) long sub3(long a, long b, long c) {
  return a - b * 2 + c * 3;
}
__attribute__((noinline)) int mix(int a, double d, char c, float f) {
  return a + (int)(d * 10) + c + (int)f;
}
__attribute__((noinline)) double fd(double x, double y) { return x * y + 0.5; }
__attribute__((noinline)) long many(long a, long b, long c, long d, long e,
                                    long f) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f;
}
__attribute__((noinline)) static int fact(int n) {
  return n <= 1 ? 1 : n * fact(n - 1);
}
__attribute__((noinline)) int apply(int (*fp)(int), int v) { return fp(v); }

int main(void) {
  volatile long x = 10;
  printf("%ld %d %.2f %ld %d %d\n", sub3(x, 3, 4), mix(1, 2.5, 'A', 3.5f),
         fd(1.5, 2.0), many(x, 1, 2, 3, 4, 5), fact(5), apply(fact, 4));
  return 0;
}
