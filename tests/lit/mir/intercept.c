// Interceptors on the nine MIR hooks run the rest of the chain and
// continue: each fires once per function, the program they compiled runs.
// A failing interceptor fails the compile: the plugin and the function are
// named, the phases after it do not run, and no object is written.
// An interceptor on the sealed mir.final_verify is refused at start-up.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env MIR_TRACE_INTERCEPT=1 %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 %s -o %t/prog 2>&1 | FileCheck %s
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// RUN: env MIR_TRACE_INTERCEPT=1 %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O0 %s -o %t/prog0 2>&1 | FileCheck %s
// RUN: %t/prog0 | FileCheck %s --check-prefix=OUT
//
// CHECK: mir: before post_isel
// CHECK-NEXT: intercept: post_isel
// CHECK-NEXT: mir: after post_isel
// CHECK-NEXT: mir: before post_legalize
// CHECK-NEXT: intercept: post_legalize
// CHECK: intercept: preemit
// CHECK-NEXT: mir: after preemit
// CHECK-NEXT: mir: before final
// CHECK-NEXT: intercept: final
// CHECK-NEXT: mir: after final
// CHECK-NEXT: mir: before final_verify
// CHECK-NEXT: mir: after final_verify
// CHECK: mir: runs post_isel=2 post_legalize=2 pre_scheduler=2 post_scheduler=2 pre_regalloc=2 post_regalloc=2 post_prolog_epilog=2 preemit=2 final=2 final_verify=2
// OUT: 42
//
// RUN: env MIR_TRACE_FAIL=preemit MIR_TRACE_MODE=quiet not %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 -c %s -o %t/fail.o 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: test ! -e %t/fail.o
// FAIL: intercept: preemit fails
// FAIL-NEXT: error: interceptor failed with PLUGIN_FAILURE [plugin org.neverc.test.mir-trace, neverc.mir.pass.preemit]
// FAIL-NEXT: error: phase 'neverc.mir.pass.preemit' failed on function 'twice': PLUGIN_FAILURE [neverc, neverc.mir.pass.preemit]
// FAIL: mir: runs post_isel=1 post_legalize=1 pre_scheduler=1 post_scheduler=1 pre_regalloc=1 post_regalloc=1 post_prolog_epilog=1 preemit=1 final=0 final_verify=0
//
// RUN: env MIR_TRACE_FAIL=post_isel MIR_TRACE_MODE=quiet not %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O0 -c %s -o %t/fail0.o 2>&1 | FileCheck %s --check-prefix=FAIL0
// RUN: test ! -e %t/fail0.o
// FAIL0: error: phase 'neverc.mir.pass.post_isel' failed on function 'twice': PLUGIN_FAILURE
//
// RUN: env MIR_TRACE_SEALED=1 not %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 -c %s -o %t/sealed.o 2>&1 | FileCheck %s --check-prefix=SEALED
// RUN: test ! -e %t/sealed.o
// SEALED: error: plugin 'org.neverc.test.mir-trace' in neverc.mir.final_verify: interceptor refused

#include <stdio.h>
int twice(int x) { return 2 * x; }
int main(void) {
  printf("%d\n", twice(21));
  return 0;
}
