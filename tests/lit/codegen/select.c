// neverc.codegen.ir_to_mir: once per machine function, around LLVM's
// instruction selector (the SelectionDAG selector, or GlobalISel's
// IRTranslator on AArch64 at -O0), which the MIR domain wraps in its place.
// Observers read the provider input; they cannot reach the machine function
// (POLICY_VIOLATION). With an observer and an interceptor that continues,
// objects are clang-22's. An interceptor edits the machine function LLVM
// made through NevercMIRProviderAPI + NevercMIRAPI; a commit the
// MachineVerifier refuses is rolled back; an empty product is refused by
// verify_mir_product. A provider builds a function itself and declines the
// others (RECOVERABLE, FallbackSafe: LLVM selects them).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/o2.o -fplugin=%test_plugins/SelectionTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %clang -O2 -c %S/Inputs/answer.c -o %t/o2-clang.o
// RUN: cmp %t/o2.o %t/o2-clang.o
// CHECK: select: input OK functions=1 target-x86=1 key='llvm22-x86_64-{{.*}}' schema-digest-empty=1
// CHECK-NEXT: select: observer GetOrCreateMachineFunction POLICY_VIOLATION
// CHECK: select: ir_to_mir before=2 after=2
//
// The same at -O0, with -g and PIC, and for AArch64 at -O0 (GlobalISel) and -O2.
// RUN: %neverc -O0 -g -fPIC -c %S/Inputs/answer.c -o %t/o0.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=quiet
// RUN: %clang -O0 -g -fPIC -c %S/Inputs/answer.c -o %t/o0-clang.o
// RUN: cmp %t/o0.o %t/o0-clang.o
// RUN: %neverc --target=aarch64-linux-gnu -O0 -c %S/Inputs/arm.c -o %t/a0.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=quiet
// RUN: %clang --target=aarch64-linux-gnu -O0 -c %S/Inputs/arm.c -o %t/a0-clang.o
// RUN: cmp %t/a0.o %t/a0-clang.o
// RUN: %neverc --target=aarch64-linux-gnu -O2 -c %S/Inputs/arm.c -o %t/a2.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=quiet
// RUN: %clang --target=aarch64-linux-gnu -O2 -c %S/Inputs/arm.c -o %t/a2-clang.o
// RUN: cmp %t/a2.o %t/a2-clang.o
//
// An interceptor puts a nop at every function's entry, right after
// selection (x86-64 and AArch64/GlobalISel alike); the prologue LLVM adds
// later goes before it.
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/nop.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=nop 2>&1 | FileCheck %s --check-prefix=NOP --implicit-check-not=error:
// RUN: llvm-objdump -d %t/nop.o | FileCheck %s --check-prefix=NOP-ASM
// RUN: %neverc --target=aarch64-linux-gnu -O0 -c %S/Inputs/arm.c -o %t/nop-a64.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=nop 2>&1 | FileCheck %s --check-prefix=NOP-A64
// RUN: llvm-objdump -d %t/nop-a64.o | FileCheck %s --check-prefix=NOP-A64-ASM
// NOP: select: nop answer commit OK
// NOP: select: nop main commit OK
// NOP-ASM: <answer>:
// NOP-ASM-NEXT: nop
// NOP-ASM-NEXT: movl $0x7, %eax
// NOP-ASM: <main>:
// NOP-ASM-NEXT: pushq
// NOP-ASM-NEXT: nop
// NOP-A64: select: nop f commit OK
// NOP-A64-ASM: <f>:
// NOP-A64-ASM-NEXT: nop
//
// A commit the MachineVerifier refuses: rolled back, the object is clang's.
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/break.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=break 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: cmp %t/break.o %t/o2-clang.o
// BREAK: warning: MIR mutation of 'answer' rolled back: Bad machine code: Reading virtual register without a def
// BREAK: select: break answer commit VERIFICATION_FAILED
//
// REPLACE with the machine function left empty: refused, no object.
// RUN: not %neverc -O2 -c %S/Inputs/answer.c -o %t/empty.o -fplugin=%test_plugins/SelectionTestPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not ls %t/empty.o
// EMPTY: error: neverc.codegen.verify_mir_product: machine function 'answer' has no basic block
// EMPTY: error: phase 'neverc.codegen.ir_to_mir' failed on function 'answer': VERIFICATION_FAILED
//
// A provider builds "answer" (mov $42, %eax; ret) and LLVM selects "main".
// RUN: %neverc -O0 -c %S/Inputs/answer.c -o %t/p0.o -fplugin=%test_plugins/SelectionProviderPlugin.so 2>&1 | FileCheck %s --check-prefix=PROVIDE --implicit-check-not=error:
// RUN: %neverc %t/p0.o -o %t/p0
// RUN: %t/p0 | FileCheck %s --check-prefix=RUN42
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/p2.o -fplugin=%test_plugins/SelectionProviderPlugin.so 2>/dev/null
// RUN: llvm-objdump -d %t/p2.o | FileCheck %s --check-prefix=P2
// PROVIDE: select: provide answer publish OK
// PROVIDE: warning: provider 'org.neverc.test.selection.answer' failed with CAPABILITY_UNAVAILABLE; falling back to the built-in step
// RUN42: 42
// P2: <answer>:
// P2-NEXT: movl $0x2a, %eax
// P2-NEXT: retq
//
// A coverage claim the host cannot honour (debug info: the AsmPrinter
// emits it): CAPABILITY_UNAVAILABLE, the compile fails naming it.
// RUN: not %neverc -O0 -c %S/Inputs/answer.c -o %t/claim.o -fplugin=%test_plugins/SelectionProviderPlugin.so -fplugin-arg=org.neverc.test.selection:--select-mode=claim 2>&1 | FileCheck %s --check-prefix=CLAIM
// RUN: not ls %t/claim.o
// CLAIM: error: NevercMIRProviderAPI.PublishMIRModule: LLVM 22's AsmPrinter emits globals, constructors, debug info and unwind tables itself; a provider of 'answer' cannot claim them
// CLAIM: select: provide answer publish CAPABILITY_UNAVAILABLE
// CLAIM: error: provider 'org.neverc.test.selection.answer' failed with CAPABILITY_UNAVAILABLE
