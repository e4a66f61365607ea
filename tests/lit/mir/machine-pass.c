// MachinePass (sdk/examples/MachinePass.c): a read-only FUNCTION pass at
// neverc.mir.pass.preemit reports each machine function's blocks,
// instructions, calls and instructions with a memory operand (remark 5401),
// in the order LLVM generates code for them, for the host-cc build and the
// neverc-built one. The call counts are those of clang-22's assembly for the
// same function (-S), and the objects are byte-identical to clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/MachinePass.so -O0 -c %s -o %t/cc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/MachinePass.so -O0 -c %s -o %t/nc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// O0:      remark: machine-pass: 1 block, 11 instructions, 0 calls, 2 memory [plugin org.neverc.example.machine-pass, neverc.mir.pass.preemit]
// O0-NEXT: remark: machine-pass: 1 block, 22 instructions, 3 calls, 3 memory [plugin org.neverc.example.machine-pass, neverc.mir.pass.preemit]
// O0-NEXT: remark: machine-pass: 5 blocks, 22 instructions, 0 calls, 11 memory [plugin org.neverc.example.machine-pass, neverc.mir.pass.preemit]
//
// RUN: %neverc -fplugin=%plugins/MachinePass.so -O2 -c %s -o %t/cc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/MachinePass.so -O2 -c %s -o %t/nc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// O2:      remark: machine-pass: 1 block, 3 instructions, 0 calls, 0 memory [plugin org.neverc.example.machine-pass, neverc.mir.pass.preemit]
// O2-NEXT: remark: machine-pass: 1 block, 11 instructions, 1 calls, 0 memory [plugin org.neverc.example.machine-pass, neverc.mir.pass.preemit]
//
// With -g the remark names the first source line of each function.
// RUN: %neverc -fplugin=%plugins/MachinePass.so -O2 -g -c %s -o %t/g.o 2>&1 | FileCheck %s --check-prefix=G
// G:      remark: machine-pass: {{.*}}machine-pass.c:{{[0-9]+}}: 1 block, {{[0-9]+}} instructions, 0 calls
// G-NEXT: remark: machine-pass: {{.*}}machine-pass.c:{{[0-9]+}}: 1 block, {{[0-9]+}} instructions, 1 calls
//
// The calls clang-22 emits in main: three at -O0, one at -O2.
// RUN: %clang -O0 -S %s -o - | FileCheck %s --check-prefix=ASM-O0
// ASM-O0-LABEL: main:
// ASM-O0-COUNT-3: call
// ASM-O0-NOT: call
// ASM-O0: .Lfunc_end
// RUN: %clang -O2 -S %s -o - | FileCheck %s --check-prefix=ASM-O2
// ASM-O2-LABEL: main:
// ASM-O2: call
// ASM-O2-NOT: call
// ASM-O2: .Lfunc_end
//
// Objects byte-identical to clang-22's.
// RUN: %clang -O0 -c %s -o %t/c-O0.o && cmp %t/cc-O0.o %t/c-O0.o && cmp %t/nc-O0.o %t/c-O0.o
// RUN: %clang -O2 -c %s -o %t/c-O2.o && cmp %t/cc-O2.o %t/c-O2.o && cmp %t/nc-O2.o %t/c-O2.o

int printf(const char *, ...);
static int triangle(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i)
    s += i;
  return s;
}
int twice(int x) { return 2 * x; }
int main(void) {
  printf("%d %d\n", triangle(10), twice(21));
  return 0;
}
