// What the MC domain refuses, each with its exact status.
//
// A replacement LLVM cannot encode (a movq without operands): the commit
// returns VERIFICATION_FAILED (a remark says why), the plugin fails the
// phase with it, the error names the plugin, and no object is written: as
// with clang-22, the failed job's output is gone and nothing partial is left.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo old > %t/bad.o
// RUN: not %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=bad -fplugin-arg=org.neverc.test.mc:section=.text.f -ffunction-sections -O2 -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: remark: neverc.mc.verify_instruction_candidate: replacement instruction MOV64rr cannot be encoded: it takes 2 operands, not 0
// BAD: error: interceptor failed with VERIFICATION_FAILED [plugin org.neverc.test.mc, neverc.mc.emission.pre_instruction]
// RUN: ls -A %t > %t.list
// RUN: not grep . %t.list
//
// Rule 7: an observer of pre_instruction may not begin a replacement or a
// mutation (POLICY_VIOLATION); the object is clang-22's.
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=observer -O2 -c %s -o %t/obs.o 2>&1 | FileCheck %s --check-prefix=OBS --implicit-check-not=error:
// OBS: mc: observer BeginInstructionReplacement POLICY_VIOLATION
// OBS: mc: observer BeginMutation POLICY_VIOLATION
// RUN: %clang -O2 -c %s -o %t/ref.o && cmp %t/obs.o %t/ref.o
//
// Rules 2 and 3: the sealed assembly gates and the emission events take no
// interceptor, an event phase no provider, and its observers only AFTER.
// RUN: not %neverc -fplugin=%test_plugins/MCRefusePlugin.so -O2 -c %s -o %t/refused.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// REFUSE: mc: RegisterProvider(mc.emission.fixup) INVALID_DESCRIPTOR
// REFUSE: warning: plugin 'org.neverc.test.mc' in neverc.mc.emission.post_encode: observer of phase neverc.mc.emission.post_encode asks only for points the phase does not declare; it will never be called
// REFUSE: error: plugin 'org.neverc.test.mc' in neverc.assembly.commit: interceptor refused: phase neverc.assembly.commit does not allow it
// REFUSE: error: plugin 'org.neverc.test.mc' in neverc.assembly.final_verify: interceptor refused: phase neverc.assembly.final_verify does not allow it
// REFUSE: error: plugin 'org.neverc.test.mc' in neverc.mc.emission.post_instruction: interceptor refused: phase neverc.mc.emission.post_instruction does not allow it
// RUN: not ls %t/refused.o

int f(int x) { return x + 1; }
