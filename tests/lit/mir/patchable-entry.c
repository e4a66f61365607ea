// PatchableEntryPlugin (sdk/examples/PatchableEntryPlugin.c): a MIR pass at
// neverc.mir.pass.final gives every function N bytes of no-ops at its entry,
// before the prologue, and lists them in __patchable_function_entries, the
// layout clang-22 makes for -fpatchable-function-entry=N: the same code
// after the no-ops, the same section (flags "awo", linked to .text), one
// 8-byte entry per function relocated to the function's first byte. The
// only difference is the no-op's encoding: the plugin asks the assembler
// for N bytes (.nops), clang's AsmPrinter picks its own (nopl 0x8(%rax)
// where .nops writes nopl (%rax)). Both builds of the plugin, -O0 and -O2;
// the program runs. --patchable-entry=0 (or no option) changes nothing.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/PatchableEntryPlugin.so --patchable-entry=4 -O2 -c %s -o %t/p2.o
// RUN: %neverc -fplugin=%plugins/neverc-built/PatchableEntryPlugin.so --patchable-entry=4 -O0 -c %s -o %t/p0.o
// RUN: %clang -fpatchable-function-entry=4 -O2 -c %s -o %t/c2.o
// RUN: %clang -fpatchable-function-entry=4 -O0 -c %s -o %t/c0.o
//
// The code: 4 bytes of no-op, then exactly clang's instructions.
// RUN: llvm-objdump -d --no-show-raw-insn %t/p2.o | grep -v 'file format' | sed 's/nopl.*/nop4/' > %t/p2.dis
// RUN: llvm-objdump -d --no-show-raw-insn %t/c2.o | grep -v 'file format' | sed 's/nopl.*/nop4/' > %t/c2.dis
// RUN: diff %t/p2.dis %t/c2.dis
// RUN: llvm-objdump -d --no-show-raw-insn %t/p0.o | grep -v 'file format' | sed 's/nopl.*/nop4/' > %t/p0.dis
// RUN: llvm-objdump -d --no-show-raw-insn %t/c0.o | grep -v 'file format' | sed 's/nopl.*/nop4/' > %t/c0.dis
// RUN: diff %t/p0.dis %t/c0.dis
// RUN: llvm-objdump -d %t/p2.o | FileCheck %s --check-prefix=CODE
// CODE-LABEL: <add3>:
// CODE-NEXT: 0: 0f 1f 40 00 nopl (%rax)
// CODE-LABEL: <main>:
// CODE-NEXT: 0f 1f 40 00 nopl (%rax)
//
// The sections: one per function (the assembler keeps a link-order section
// per linked-to symbol, as clang's), same flags and link, each entry
// relocated to its function's first byte; the section tables and the
// relocations of the two objects are the same.
// RUN: llvm-readelf -S %t/p2.o | FileCheck %s --check-prefix=SEC
// SEC-COUNT-2: {{ }}__patchable_function_entries PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000008 00 WAL 2 0 8
// SEC-NOT: {{ }}__patchable_function_entries PROGBITS
// RUN: llvm-readelf -S %t/p2.o | grep -v 'There are' > %t/p2.sec
// RUN: llvm-readelf -S %t/c2.o | grep -v 'There are' > %t/c2.sec
// RUN: diff %t/p2.sec %t/c2.sec
// RUN: llvm-readelf -r %t/p2.o > %t/p2.rel
// RUN: llvm-readelf -r %t/c2.o > %t/c2.rel
// RUN: diff %t/p2.rel %t/c2.rel
// RUN: FileCheck %s --check-prefix=REL < %t/p2.rel
// REL: '.rela__patchable_function_entries'
// REL: R_X86_64_64 {{.*}} .text + 0
// REL: '.rela__patchable_function_entries'
// REL: R_X86_64_64 {{.*}} .text + 10
//
// Linked and run.
// RUN: %neverc -fplugin=%plugins/PatchableEntryPlugin.so --patchable-entry=4 -O2 %s -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// OUT: 42
//
// No option, or 0: nothing changes (the object is clang-22's).
// RUN: %neverc -fplugin=%plugins/PatchableEntryPlugin.so -O2 -c %s -o %t/none.o
// RUN: %neverc -fplugin=%plugins/PatchableEntryPlugin.so --patchable-entry=0 -O2 -c %s -o %t/zero.o
// RUN: %clang -O2 -c %s -o %t/plain.o && cmp %t/none.o %t/plain.o && cmp %t/zero.o %t/plain.o
//
// Too many bytes: refused when the session begins, no object.
// RUN: not %neverc -fplugin=%plugins/PatchableEntryPlugin.so --patchable-entry=65 -O2 -c %s -o %t/big.o 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: test ! -e %t/big.o
// BIG: error:

int printf(const char *, ...);
int add3(int x) { return x + 3; }
int main(void) {
  printf("%d\n", add3(39));
  return 0;
}
