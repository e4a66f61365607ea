// A plugin assembly dialect end to end (AsmDialectPlugin, "ncmc"): a
// provider on neverc.assembly.print writes the -S output of this file as
// sections, fragments, fixups and symbols; neverc's assembler reads it back
// through an interceptor on neverc.assembly.parse that fills the unit with
// GetParseMCBuilder and NevercMCAPI's builder slots, and LLVM encodes, lays
// out and writes that unit. The program runs, and its code, data and unwind
// tables are the very bytes LLVM's own text path gives (clang-22 -S, then
// clang-22 -c on that text).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -O1 -S %s -o %t/p.s
// RUN: FileCheck %s --check-prefix=NCMC < %t/p.s
// NCMC:      ncmc 1 llvm-22.1.{{[0-9]+}}-x86_64
// NCMC-NEXT: section .text 3 16
// NCMC:      section .eh_frame 1 8
// NCMC:      in .text
// NCMC:      fixup {{[0-9]+}} {{[0-9]+}} {{[0-9]+}} 1 4 sym printf
// NCMC:      in .eh_frame
// NCMC:      symbol main 2 1 1 2 .text
// NCMC:      symbol printf 2 1 0 1 -
//
// LLVM's parser cannot read the dialect; the plugin's parse can.
// RUN: not %neverc -c %t/p.s -o %t/llvm.o 2>&1 | FileCheck %s --check-prefix=LLVM
// LLVM: error:
// RUN: test ! -e %t/llvm.o
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -c %t/p.s -o %t/p.o
// RUN: %clang %t/p.o -o %t/prog && %t/prog | FileCheck %s --check-prefix=OUT
// OUT-COUNT-3: ncmc says
//
// The reference: LLVM's text of the same compile, assembled by clang-22.
// RUN: %clang -O1 -S %s -o %t/ref.s && %clang -c %t/ref.s -o %t/ref.o
// RUN: llvm-objdump -dr %t/p.o | tail -n +3 > %t/p.dis
// RUN: llvm-objdump -dr %t/ref.o | tail -n +3 > %t/ref.dis
// RUN: diff %t/p.dis %t/ref.dis
// RUN: llvm-objcopy -O binary --only-section=.text %t/p.o %t/p.text
// RUN: llvm-objcopy -O binary --only-section=.text %t/ref.o %t/ref.text
// RUN: cmp %t/p.text %t/ref.text
// RUN: llvm-objcopy -O binary --only-section=.eh_frame %t/p.o %t/p.eh
// RUN: llvm-objcopy -O binary --only-section=.eh_frame %t/ref.o %t/ref.eh
// RUN: cmp %t/p.eh %t/ref.eh
// RUN: llvm-objcopy -O binary --only-section=.rodata.str1.1 %t/p.o %t/p.str
// RUN: llvm-objcopy -O binary --only-section=.rodata.str1.1 %t/ref.o %t/ref.str
// RUN: cmp %t/p.str %t/ref.str
//
// With DWARF, function sections and TLS: every section's bytes and every
// relocation (type, symbol, addend) are the text path's.
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -O1 -g -ffunction-sections -fdata-sections -S %s -o %t/g.s
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -c %t/g.s -o %t/g.o
// RUN: %clang -O1 -g -ffunction-sections -fdata-sections -S %s -o %t/gref.s
// RUN: %clang -c %t/gref.s -o %t/gref.o
// RUN: llvm-readelf -x .text.main -x .debug_info -x .debug_line -x .debug_str -x .debug_abbrev -x .eh_frame %t/g.o > %t/g.hex
// RUN: llvm-readelf -x .text.main -x .debug_info -x .debug_line -x .debug_str -x .debug_abbrev -x .eh_frame %t/gref.o > %t/gref.hex
// RUN: diff %t/g.hex %t/gref.hex
// RUN: llvm-readelf -r %t/g.o | grep R_X86_64 | awk '{print $3, $5, $6, $7}' > %t/g.rel
// RUN: llvm-readelf -r %t/gref.o | grep R_X86_64 | awk '{print $3, $5, $6, $7}' > %t/gref.rel
// RUN: diff %t/g.rel %t/gref.rel
// RUN: llvm-dwarfdump --verify %t/g.o | FileCheck %s --check-prefix=DWARF
// DWARF: No errors.
//
// The dialect is target-neutral: AArch64's specifier expressions
// (:lo12:) and mapping symbols ($x, $d) go through it as well.
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so --target=aarch64-linux-gnu -O1 -S %S/Inputs/ncmc-aarch64.c -o %t/a64.s
// RUN: FileCheck %s --check-prefix=A64 < %t/a64.s
// A64: ncmc 1 llvm-22.1.{{[0-9]+}}-aarch64
// A64: spec {{[0-9]+}} sym counter 0
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so --target=aarch64-linux-gnu -c %t/a64.s -o %t/a64.o
// RUN: %clang --target=aarch64-linux-gnu -O1 -S %S/Inputs/ncmc-aarch64.c -o %t/a64ref.s
// RUN: %clang --target=aarch64-linux-gnu -c %t/a64ref.s -o %t/a64ref.o
// RUN: llvm-objdump -dr %t/a64.o | tail -n +3 > %t/a64.dis
// RUN: llvm-objdump -dr %t/a64ref.o | tail -n +3 > %t/a64ref.dis
// RUN: diff %t/a64.dis %t/a64ref.dis
// RUN: llvm-objcopy -O binary --only-section=.text %t/a64.o %t/a64.text
// RUN: llvm-objcopy -O binary --only-section=.text %t/a64ref.o %t/a64ref.text
// RUN: cmp %t/a64.text %t/a64ref.text
//
// Assembly that is not ncmc goes on to LLVM's parser (the interceptor calls
// the rest of the chain): the object is clang-22's.
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -c %t/ref.s -o %t/plain.o
// RUN: %clang -c %t/ref.s -o %t/plain-ref.o && cmp %t/plain.o %t/plain-ref.o
//
// Written by hand, ncmc may hold instructions and labels: the builder's
// AppendInstruction goes through LLVM's encoder at the builder's place, and
// the emission phases see each one (MCObserverPlugin: one remark each).
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -fplugin=%plugins/MCObserverPlugin.so -x assembler -c %S/Inputs/answer.ncmc -o %t/answer.o 2>&1 | FileCheck %s --check-prefix=INSTS
// INSTS-COUNT-3: remark: mc-observer: instruction
// INSTS-NOT:     remark: mc-observer: instruction
// RUN: llvm-objdump -d --no-show-raw-insn %t/answer.o | FileCheck %s --check-prefix=ANSWER
// ANSWER-LABEL: <answer>:
// ANSWER-NEXT:  movl $0x2a, %eax
// ANSWER-NEXT:  retq
// ANSWER-LABEL: <helper>:
// ANSWER-NEXT:  jmp
// RUN: printf 'int helper(void);\nint main(void) { return helper(); }\n' > %t/main.c
// RUN: %clang %t/main.c %t/answer.o -o %t/answer
// RUN: sh -c '%t/answer; echo "status $?"' | FileCheck %s --check-prefix=STATUS
// STATUS: status 42
//
// A -save-temps build goes through the dialect on its way: cc1 prints
// ncmc, neverc's assembler reads it back, the program runs.
// RUN: mkdir -p %t/st && %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -save-temps=obj -O1 %s -o %t/st/prog
// RUN: head -n 1 %t/st/dialect.s | FileCheck %s --check-prefix=TEMP
// TEMP: ncmc 1
// RUN: %t/st/prog | FileCheck %s --check-prefix=OUT
//
// Without the plugin -S is clang-22's text, byte for byte.
// RUN: %neverc -O1 -S %s -o %t/none.s && cmp %t/none.s %t/ref.s
#include <stdio.h>

int counter = 3;
static const char *words[] = {"zero", "one", "two"};

__attribute__((noinline)) static int twice(int x) { return 2 * x; }

int main(void) {
  for (int i = 0; i < counter; ++i)
    printf("ncmc says %s %d\n", words[i], twice(i));
  return 0;
}
