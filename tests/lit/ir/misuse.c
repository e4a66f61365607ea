// The IR domain's rules, each broken by IRMisusePlugin; every refusal has
// its exact status, and a compile a plugin broke leaves no object.
//
// RUN: env IR_MISUSE=register %neverc -fplugin=%test_plugins/IRMisusePlugin.so -O1 -c %s -o %t.reg.o 2>&1 | FileCheck %s --check-prefix=REG --implicit-check-not=FAILED
// REG: misuse: RegisterPass(valid) -> OK ok
// REG-NEXT: misuse: RegisterPass(same PassID) -> DUPLICATE_ID ok
// REG-NEXT: misuse: RegisterPass(Phase = ir.generate) -> INVALID_DESCRIPTOR ok
// REG-NEXT: misuse: RegisterPass(Level 9) -> INVALID_DESCRIPTOR ok
// REG-NEXT: misuse: RegisterPass(Run NULL) -> INVALID_DESCRIPTOR ok
// REG-NEXT: misuse: RegisterPass(empty PassID) -> INVALID_DESCRIPTOR ok
// REG-NEXT: misuse: RegisterPass(Header.Major + 1) -> ABI_MISMATCH ok
// REG-NEXT: misuse: RegisterPass(StructSize 16) -> INVALID_DESCRIPTOR ok
// REG-NEXT: misuse: RegisterPass(RequiredAnalysisCount 1, RequiredAnalyses NULL) -> INVALID_DESCRIPTOR ok
// REG-NEXT: misuse: RegisterPass(RegistrarContext NULL) -> INVALID_ARGUMENT ok
// REG-NEXT: misuse: RegisterPass(Descriptor NULL) -> INVALID_ARGUMENT ok
// REG-NEXT: misuse: RegisterPass(after Register) -> INVALID_STATE ok
//
// An interceptor on the sealed ir.final_verify is refused; the plugin is named.
// RUN: env IR_MISUSE=intercept-final not %neverc -fplugin=%test_plugins/IRMisusePlugin.so -c %s -o %t.int.o 2>&1 | FileCheck %s --check-prefix=SEALED
// RUN: test ! -e %t.int.o
// SEALED: error: plugin 'org.neverc.test.ir-misuse' in neverc.ir.final_verify: interceptor refused
//
// A pass that changed IR and claims PRESERVE_ALL fails the compile.
// RUN: env IR_MISUSE=preserve-all not %neverc -fplugin=%test_plugins/IRMisusePlugin.so -O1 -c %s -o %t.pa.o 2>&1 | FileCheck %s --check-prefix=PA
// RUN: test ! -e %t.pa.o
// PA: error: IR pass 'misuse.preserve-all' of plugin 'org.neverc.test.ir-misuse' changed the module but reported PRESERVE_ALL (POLICY_VIOLATION) [neverc, neverc.ir.pass.post_opt]
//
// Invalid IR out of a pass slot: the verifier's message, no object.
// RUN: env IR_MISUSE=invalid not %neverc -fplugin=%test_plugins/IRMisusePlugin.so -O1 -c %s -o %t.inv.o 2>&1 | FileCheck %s --check-prefix=INV
// RUN: test ! -e %t.inv.o
// INV: misuse: EraseValue(terminator) -> OK ok
// INV: error: neverc.ir.verify_pass_slot: the module is not valid IR: Basic Block in function '{{.*}}' does not have terminator!
//
// A failing pass is named; the compile fails.
// RUN: env IR_MISUSE=fail not %neverc -fplugin=%test_plugins/IRMisusePlugin.so -O1 -c %s -o %t.fail.o 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: test ! -e %t.fail.o
// FAIL: error: IR pass 'misuse.pass' of plugin 'org.neverc.test.ir-misuse' failed with PLUGIN_FAILURE [neverc, neverc.ir.pass.post_opt]
//
// Handles of what a pass erased are stale; so is a cursor begun before.
// RUN: env IR_MISUSE=stale %neverc -fplugin=%test_plugins/IRMisusePlugin.so -O0 -c %s -o %t.st.o 2>&1 | FileCheck %s --check-prefix=STALE --implicit-check-not=FAILED
// STALE: misuse: EraseValue(unused instruction) -> OK ok
// STALE-NEXT: misuse: GetInstructionOpcode(erased) -> STALE_HANDLE ok
// STALE-NEXT: misuse: EraseValue(erased) -> STALE_HANDLE ok
// STALE-NEXT: misuse: CollectValueCursor(begun before the erase) -> STALE_HANDLE ok
// STALE-NEXT: misuse: EraseValue(a value still used) -> INVALID_STATE ok

// A handle of one compile's task used in the next compile's: that task has
// ended, so the handle is STALE_HANDLE (of a task still alive it would be
// WRONG_SCOPE, the core's rule).
// RUN: rm -rf %t.x && mkdir -p %t.x
// RUN: cd %t.x && env IR_MISUSE=cross-task %neverc -fplugin=%test_plugins/IRMisusePlugin.so -O1 -c %s %S/Inputs/callee.c 2>&1 | FileCheck %s --check-prefix=CROSS --implicit-check-not=FAILED
// CROSS: misuse: GetValueKind(this task's function) -> OK ok
// CROSS-NEXT: misuse: GetValueKind(a function of the previous task) -> STALE_HANDLE ok
//
// A C++ exception out of a pass is caught at the boundary; the pass is named.
// RUN: not %neverc -fplugin=%test_plugins/IRThrowPlugin.so -O1 -c %s -o %t.throw.o 2>&1 | FileCheck %s --check-prefix=THROW
// RUN: test ! -e %t.throw.o
// THROW: error: IR pass 'throw.pass' of plugin 'org.neverc.test.ir-throw' failed with PLUGIN_EXCEPTION [neverc, neverc.ir.pass.post_opt]

static int sq(int x) { return x * x; }
int sum(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += sq(i);
  return s;
}
int main(void) { return sum(10) == 285 ? 0 : 1; }
