// Observers on neverc.assembly.print and neverc.assembly.parse, and an
// interceptor on print (AsmObserverPlugin): observers see the phase before
// and after, read the print
// unit (LLVM's text assembled again, on request) and the parse input (the
// buffer, and its tokens through a cursor over LLVM's lexer), and may not
// produce: WritePrintOutput and GetParseMCBuilder are POLICY_VIOLATION.
// Observing changes no byte: the text is clang-22's, the object too. A
// slot of the other phase is INVALID_STATE.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/AsmObserverPlugin.so -S %s -o %t/a.s 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT:      asm: GetPrintInput OK
// PRINT-NEXT: asm: print before: 4 sections
// PRINT-NEXT: asm: WritePrintOutput(observer) POLICY_VIOLATION
// PRINT-NEXT: asm: print interceptor ran the chain
// PRINT-NEXT: asm: print after
// RUN: %clang -S %s -o %t/ref.s && cmp %t/a.s %t/ref.s
//
// An interceptor that does not run the chain prints instead of LLVM.
// RUN: %neverc -fplugin=%test_plugins/AsmObserverPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=banner -S %s -o %t/banner.s 2>&1 | FileCheck %s --check-prefix=BANNER
// BANNER:     asm: print before
// BANNER-NOT: ran the chain
// BANNER:     asm: print after
// RUN: FileCheck %s --check-prefix=BANNERTEXT --match-full-lines < %t/banner.s
// BANNERTEXT: ; printed by an interceptor
// RUN: wc -l < %t/banner.s | FileCheck %s --check-prefix=ONELINE
// ONELINE: 1
//
// One that writes and still keeps the chain's output: LLVM's text is
// written, and the host says the plugin's was not.
// RUN: %neverc -fplugin=%test_plugins/AsmObserverPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=writepass -S %s -o %t/wp.s 2>&1 | FileCheck %s --check-prefix=WRITEPASS
// WRITEPASS: warning: neverc.assembly.print: the text a plugin wrote (28 bytes) is not the phase's output; LLVM's text is written
// RUN: cmp %t/wp.s %t/ref.s
//
// RUN: %neverc -fplugin=%test_plugins/AsmObserverPlugin.so -c %t/a.s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE:      neverc -cc1as: remark: asm: GetParseInput OK
// PARSE-NEXT: asm: parse before: representation=1 preprocessed=0 bytes=[[BYTES:[0-9]+]]
// PARSE-NEXT: asm: token '.file' line=1 column=2 start=1
// PARSE-NEXT: asm: token '"assembly-observe.c"' line=1 column=8 start=0
// PARSE-NEXT: asm: token '\n' line=1 column=28 start=0
// PARSE-NEXT: asm: {{[0-9]+}} tokens on [[LINES:[0-9]+]] lines, then NOT_FOUND
// PARSE-NEXT: asm: AdvanceSourceToken(at the end) NOT_FOUND
// PARSE-NEXT: asm: GetParseMCBuilder(observer) POLICY_VIOLATION
// PARSE-NEXT: asm: GetPrintInput(in parse) INVALID_STATE
// PARSE-NEXT: asm: parse after
// RUN: %clang -c %t/a.s -o %t/ref.o && cmp %t/a.o %t/ref.o
//
// A .S arrives preprocessed: the cc1as input is the rendered text.
// RUN: %neverc -fplugin=%test_plugins/AsmObserverPlugin.so -c %S/Inputs/seven.S -o %t/p.o 2>&1 | FileCheck %s --check-prefix=CPP
// CPP: asm: parse before: representation=2 preprocessed=1
// RUN: llvm-objdump -d --no-show-raw-insn %t/p.o | FileCheck %s --check-prefix=CPPOBJ
// CPPOBJ: movl $0x7, %eax
int main(void) { return 0; }
