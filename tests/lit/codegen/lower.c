// neverc.codegen.mir_to_mc: once per machine function, around the target's
// AsmPrinter, which the MIR domain builds through LLVM's registry and holds
// in a printer of its own. Observers read the provider input and the
// machine function; they cannot build (POLICY_VIOLATION). With an observer
// and an interceptor that continues, objects and -S text are clang-22's.
// The input is read-only (it passed the sealed mir.final_verify). A
// provider builds a function's machine code through NevercMCAPI (the
// unit's first symbol names the function) and declines the others
// (RECOVERABLE, FallbackSafe: LLVM prints them); verify_mc_product refuses
// a unit that is empty or does not define the function.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/o2.o -fplugin=%test_plugins/LoweringTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -O2 -c %S/Inputs/answer.c -o %t/o2-clang.o
// RUN: cmp %t/o2.o %t/o2-clang.o
// CHECK: lower: input OK functions=1 target-x86=1 key='llvm22-x86_64-{{.*}}' digest='llvm-22.{{[0-9]+}}.{{[0-9]+}}-x86_64' module-null=1
// CHECK-NEXT: lower: input of another artifact WRONG_TYPE
// CHECK-NEXT: lower: input with a wrong major ABI_MISMATCH
// CHECK-NEXT: lower: function 0 OK blocks>0=1
// CHECK-NEXT: lower: function 1 NOT_FOUND
// CHECK-NEXT: lower: function without out-pointers INVALID_ARGUMENT
// CHECK-NEXT: lower: observer BeginMutation POLICY_VIOLATION
// CHECK-NEXT: lower: observer GetMCBuilder POLICY_VIOLATION
// CHECK-NEXT: lower: observer PublishMCUnit POLICY_VIOLATION
// CHECK: lower: mir_to_mc before=2 after=2
//
// The same at -O0 with -g and PIC, for -S, and for AArch64 at -O0 and -O2.
// RUN: %neverc -O0 -g -fPIC -c %S/Inputs/answer.c -o %t/o0.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=quiet
// RUN: %clang -O0 -g -fPIC -c %S/Inputs/answer.c -o %t/o0-clang.o
// RUN: cmp %t/o0.o %t/o0-clang.o
// RUN: %neverc -O2 -S %S/Inputs/answer.c -o %t/s.s -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=quiet
// RUN: %clang -O2 -S %S/Inputs/answer.c -o %t/s-clang.s
// RUN: cmp %t/s.s %t/s-clang.s
// RUN: %neverc --target=aarch64-linux-gnu -O0 -c %S/Inputs/arm.c -o %t/a0.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=quiet
// RUN: %clang --target=aarch64-linux-gnu -O0 -c %S/Inputs/arm.c -o %t/a0-clang.o
// RUN: cmp %t/a0.o %t/a0-clang.o
// RUN: %neverc --target=aarch64-linux-gnu -O2 -c %S/Inputs/arm.c -o %t/a2.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=quiet
// RUN: %clang --target=aarch64-linux-gnu -O2 -c %S/Inputs/arm.c -o %t/a2-clang.o
// RUN: cmp %t/a2.o %t/a2-clang.o
//
// An interceptor: a builder after InvokeNext (LLVM printed the function),
// a MIR mutation of the input, a publication with a mutation open: each
// refused with its status, the object stays clang's.
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/late.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=late 2>&1 | FileCheck %s --check-prefix=LATE --implicit-check-not=error:
// RUN: cmp %t/late.o %t/o2-clang.o
// LATE: lower: GetMCBuilder after InvokeNext INVALID_STATE
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/mutate.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=mutate 2>&1 | FileCheck %s --check-prefix=MUTATE --implicit-check-not=error:
// RUN: cmp %t/mutate.o %t/o2-clang.o
// MUTATE: lower: interceptor BeginMutation POLICY_VIOLATION
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/open.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=open 2>&1 | FileCheck %s --check-prefix=OPEN --implicit-check-not=error:
// RUN: cmp %t/open.o %t/o2-clang.o
// OPEN: lower: PublishMCUnit with a mutation open INVALID_STATE
//
// Built and committed, but InvokeNext instead of publishing: dropped, said.
// RUN: %neverc -O2 -c %S/Inputs/answer.c -o %t/drop.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=drop 2>&1 | FileCheck %s --check-prefix=DROP --implicit-check-not=error:
// RUN: llvm-objdump -d %t/drop.o | FileCheck %s --check-prefix=LLVM-ANSWER
// DROP: lower: drop answer built
// DROP: warning: neverc.codegen.mir_to_mc: the MC unit a plugin built for 'answer' was not published; LLVM's printing is the output and the plugin's 3 committed steps are dropped
// LLVM-ANSWER: <answer>:
// LLVM-ANSWER-NEXT: movl $0x7, %eax
//
// REPLACE with a unit that holds nothing, or one that does not define the
// function: refused by verify_mc_product, the compile fails, no object.
// RUN: not %neverc -O2 -c %S/Inputs/answer.c -o %t/empty.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not ls %t/empty.o
// EMPTY: error: neverc.codegen.verify_mc_product: the MC unit for 'answer' holds nothing (no committed mutation)
// EMPTY: error: phase 'neverc.codegen.mir_to_mc' failed on function 'answer': VERIFICATION_FAILED
// RUN: not %neverc -O2 -c %S/Inputs/answer.c -o %t/nosym.o -fplugin=%test_plugins/LoweringTestPlugin.so -fplugin-arg=org.neverc.test.lowering:--lower-mode=nosym 2>&1 | FileCheck %s --check-prefix=NOSYM
// RUN: not ls %t/nosym.o
// NOSYM: error: neverc.codegen.verify_mc_product: the MC unit for 'answer' does not define the function's symbol 'answer'
// NOSYM: error: phase 'neverc.codegen.mir_to_mc' failed on function 'answer': VERIFICATION_FAILED
//
// A provider builds "answer" (movl $42, %eax; retq); LLVM prints "main".
// The program runs and prints 42; the MC emission phases see the built
// instructions like LLVM's (MCObserverPlugin: a remark per instruction).
// RUN: %neverc -O0 -c %S/Inputs/answer.c -o %t/p0.o -fplugin=%test_plugins/LoweringProviderPlugin.so -fplugin=%plugins/MCObserverPlugin.so 2>&1 | FileCheck %s --check-prefix=PROVIDE --implicit-check-not=error:
// RUN: %neverc %t/p0.o -o %t/p0
// RUN: %t/p0 | FileCheck %s --check-prefix=RUN42
// RUN: llvm-objdump -d %t/p0.o | FileCheck %s --check-prefix=P0
// PROVIDE: lower: provide answer publish OK
// PROVIDE-NEXT: mc-observer: instruction
// PROVIDE-NEXT: mc-observer: instruction
// PROVIDE-NEXT: warning: provider 'org.neverc.test.lowering.answer' failed with CAPABILITY_UNAVAILABLE; falling back to the built-in step
// RUN42: 42
// P0: <answer>:
// P0-NEXT: movl $0x2a, %eax
// P0-NEXT: retq
//
// A -S compile prints text: there is no unit to build into
// (CAPABILITY_UNAVAILABLE, said once); the provider declines, LLVM prints.
// RUN: %neverc -O2 -S %S/Inputs/answer.c -o %t/ps.s -fplugin=%test_plugins/LoweringProviderPlugin.so 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=error:
// RUN: cmp %t/ps.s %t/s-clang.s
// PS: warning: neverc.codegen.mir_to_mc: a built MC unit is laid out by LLVM's object streamer; this compile prints assembly text (-S), so there is no unit to build into
