// NevercMIRAnalysisAPI through the C ABI (mir/test/MIRAnalysisPlugin.c):
// FUNCTION passes at post_isel and pre_regalloc query every built-in
// analysis and check it against the function: the entry dominates every
// block, one loop whose blocks name its header, slot indexes that grow,
// a live interval with ordered segments, a register not live into the block
// that defines it, a pressure limit for every set of every block; and the
// refusals: WRONG_TYPE for another analysis's result or a block handle,
// STALE_HANDLE for a result kept from an earlier callback, INVALID_ARGUMENT
// past the end, CAPABILITY_UNAVAILABLE for live intervals, slot indexes and
// register pressure at post_isel (rule 10). A pass that requires an
// analysis LLVM has not computed at its hook fails the compile, naming it;
// no object is written. The objects of the read-only passes are clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/MIRAnalysisPlugin.so -O2 -c %s -o %t/o2.o 2>&1 | FileCheck %s
// RUN: %neverc -fplugin=%test_plugins/MIRAnalysisPlugin.so -O1 -c %s -o %t/o1.o 2>&1 | FileCheck %s
// RUN: %clang -O2 -c %s -o %t/c2.o && cmp %t/o2.o %t/c2.o
// CHECK-NOT: FAIL
// CHECK-COUNT-53: analysis: {{.*}} ok
// CHECK-NOT: FAIL
//
// At -O0 there are no live intervals before register allocation: the
// pre_regalloc pass, which requires them, does not run.
// RUN: not %neverc -fplugin=%test_plugins/MIRAnalysisPlugin.so -O0 -c %s -o %t/o0.o 2>&1 | FileCheck %s --check-prefix=O0
// RUN: test ! -e %t/o0.o
// O0: error: MIR pass 'analysis.pre_regalloc' of plugin 'org.neverc.test.mir-analysis' requires LIVE_INTERVALS, which LLVM has not computed at neverc.mir.pass.pre_regalloc (CAPABILITY_UNAVAILABLE)
// O0: error: phase 'neverc.mir.pass.pre_regalloc' failed on function 'sum': PLUGIN_FAILURE
//
// RUN: env MIR_ANALYSIS_REQUIRE=1 not %neverc -fplugin=%test_plugins/MIRAnalysisPlugin.so -O2 -c %s -o %t/req.o 2>&1 | FileCheck %s --check-prefix=REQ
// RUN: test ! -e %t/req.o
// REQ: error: MIR pass 'analysis.requires-live' of plugin 'org.neverc.test.mir-analysis' requires LIVE_INTERVALS, which LLVM has not computed at neverc.mir.pass.post_isel (CAPABILITY_UNAVAILABLE)
// REQ-NOT: the pass requiring LIVE_INTERVALS ran

struct node {
  int v;
  struct node *next;
};
int sum(const struct node *p) {
  int s = 0;
  while (p) {
    if (p->v > 0)
      s += p->v;
    p = p->next;
  }
  return s;
}
