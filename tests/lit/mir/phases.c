// The ten neverc.mir.* phases fire once per machine function, in pipeline
// order: LLVM's code generator runs every machine pass on one function
// before the next, and each hook sits after the LLVM pass that anchors it
// (mir/lib/Hooks.cpp). The anchors of -O0's fast register allocation are
// other than the optimized pipeline's: both are checked, on x86-64 and on
// AArch64 (whose -O0 selects instructions with GlobalISel). On AArch64 at
// -O2 LLVM runs the MachineOutliner, a module pass, between preemit and the
// target's last pre-emit passes: preemit runs for every function before
// final runs for the first (functions the outliner creates see final only).
//
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O0 -c %s -o %t0.o 2>&1 | FileCheck %s
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 --target=aarch64-linux-gnu -c %s -o %ta.o 2>&1 | FileCheck %s
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O0 --target=aarch64-linux-gnu -c %s -o %ta0.o 2>&1 | FileCheck %s
//
// -S runs the same pipeline; -emit-llvm and -E run no code generator, so
// no MIR phase fires.
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O1 -S %s -o %t.s 2>&1 | FileCheck %s --check-prefix=RUNS
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 -S -emit-llvm %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -E %s -o %t.i 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
//
// A program compiled, linked and run with the plugin loaded.
// RUN: %neverc -fplugin=%test_plugins/MIRTracePlugin.so -O2 %s -o %t.exe 2>/dev/null
// RUN: %t.exe
//
// --print-phases marks the ten implemented.
// RUN: %neverc --print-phases | FileCheck %s --check-prefix=LIST

// CHECK: mir: before post_isel
// CHECK-NEXT: mir: after post_isel
// CHECK-NEXT: mir: before post_legalize
// CHECK-NEXT: mir: after post_legalize
// CHECK-NEXT: mir: before pre_scheduler
// CHECK-NEXT: mir: after pre_scheduler
// CHECK-NEXT: mir: before post_scheduler
// CHECK-NEXT: mir: after post_scheduler
// CHECK-NEXT: mir: before pre_regalloc
// CHECK-NEXT: mir: after pre_regalloc
// CHECK-NEXT: mir: before post_regalloc
// CHECK-NEXT: mir: after post_regalloc
// CHECK-NEXT: mir: before post_prolog_epilog
// CHECK-NEXT: mir: after post_prolog_epilog
// CHECK-NEXT: mir: before preemit
// CHECK-NEXT: mir: after preemit
// CHECK: mir: before final
// CHECK-NEXT: mir: after final
// CHECK-NEXT: mir: before final_verify
// CHECK-NEXT: mir: after final_verify
// CHECK: mir: after final_verify
// CHECK: mir: after final_verify
// CHECK-NEXT: mir: runs post_isel=3 post_legalize=3 pre_scheduler=3 post_scheduler=3 pre_regalloc=3 post_regalloc=3 post_prolog_epilog=3 preemit=3 final=3 final_verify=3
// CHECK-NOT: mir:

// RUNS: mir: runs post_isel=3 post_legalize=3 pre_scheduler=3 post_scheduler=3 pre_regalloc=3 post_regalloc=3 post_prolog_epilog=3 preemit=3 final=3 final_verify=3
// NONE-NOT: mir:

// LIST: neverc.mir.pass.post_isel {{.*}} yes
// LIST: neverc.mir.pass.final {{.*}} yes
// LIST: neverc.mir.final_verify {{.*}} yes

int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}
int sq(int x) { return x * x; }
int main(void) {
  int a[3] = {1, 2, 3};
  return sum(a, 3) + sq(2) - 10;
}
