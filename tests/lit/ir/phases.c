// The eight neverc.ir.* phases fire once per translation unit, in pipeline
// order, with the two extension-point slots inside ir.optimize; a FUNCTION
// pass at each of the five pass slots sees every defined function (at O2
// sq is inlined and gone by optimizer_last). O0 runs both extension points
// too. An observer may not change IR.
//
// RUN: env IR_TRACE_PASSES=1 %neverc -fplugin=%test_plugins/IRTracePlugin.so -O2 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefixes=CHECK,O2
// RUN: env IR_TRACE_PASSES=1 %neverc -fplugin=%test_plugins/IRTracePlugin.so -O0 -c %s -o %t0.o 2>&1 | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %neverc -fplugin=%test_plugins/IRTracePlugin.so -O2 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN --allow-empty
// RUN: %neverc --print-phases | FileCheck %s --check-prefix=LIST

// CHECK: ir: before generate functions=3
// CHECK-NEXT: ir: observer SetValueName -> POLICY_VIOLATION
// CHECK-NEXT: ir: after generate functions=3
// CHECK-NEXT: ir: before pre_opt functions=3
// O2-NEXT: pass: pre_opt O2 sum instructions=
// O0-NEXT: pass: pre_opt O0 sum instructions=
// CHECK-NEXT: pass: pre_opt {{O[02]}} sq instructions=
// CHECK-NEXT: pass: pre_opt {{O[02]}} main instructions=
// CHECK-NEXT: ir: after pre_opt functions=3
// CHECK-NEXT: ir: before optimize functions=3
// CHECK-NEXT: ir: before pipeline_start functions=3
// CHECK-NEXT: pass: pipeline_start {{O[02]}} sum
// CHECK-NEXT: pass: pipeline_start {{O[02]}} sq
// CHECK-NEXT: pass: pipeline_start {{O[02]}} main
// CHECK-NEXT: ir: after pipeline_start functions=3
// O2-NEXT: ir: before optimizer_last functions=2
// O2-NEXT: pass: optimizer_last O2 sum
// O2-NEXT: pass: optimizer_last O2 main
// O0-NEXT: ir: before optimizer_last functions=3
// O0-NEXT: pass: optimizer_last O0 sum
// O0-NEXT: pass: optimizer_last O0 sq
// O0-NEXT: pass: optimizer_last O0 main
// CHECK-NEXT: ir: after optimizer_last
// CHECK-NEXT: ir: after optimize
// CHECK-NEXT: ir: before post_opt
// CHECK-NEXT: pass: post_opt {{O[02]}} sum
// CHECK: ir: after post_opt
// CHECK-NEXT: ir: before pre_codegen
// CHECK-NEXT: pass: pre_codegen {{O[02]}} sum
// CHECK: ir: after pre_codegen
// CHECK-NEXT: ir: before final_verify
// CHECK-NEXT: ir: after final_verify
// CHECK-NOT: ir:

// WARN-NOT: unimplemented-plugin-phase

// LIST: neverc.ir.generate
// LIST-NOT: not implemented
// LIST: neverc.ir.final_verify

static int sq(int x) { return x * x; }
int sum(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += sq(i);
  return s;
}
int main(void) { return sum(10) == 285 ? 0 : 1; }
