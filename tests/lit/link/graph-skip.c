// Skip with proof (spec §6.3): GetGraph gives a step's callback a proof
// only when the host can tell the step has nothing to do on the graph as
// it is (icf without --icf here); a SKIP with it is honoured, the image is
// the one made without the plugin. With --icf=all there is no proof, and
// the plugin calls on. gc always has work: no proof, and a SKIP without
// one is refused (POLICY_VIOLATION). A proof made stale by a commit is a
// remark, and the step runs normally (link/test/GraphStepsPlugin.c).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O1 -ffunction-sections -c %s -o %t/skip.o
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode skip %t/skip.o -o %t/skipped 2>&1 | FileCheck %s --check-prefix=SKIP --implicit-check-not=error: --implicit-check-not=warning:
// SKIP: steps: before icf state=7
// SKIP-NEXT: steps: icf proof=1
// SKIP-NEXT: steps: GetProofInfo OK state=7 same-generation=1
// SKIP-NEXT: steps: GetProofInfo(the graph) WRONG_TYPE
// SKIP-NEXT: steps: GetGraph(again) same-proof=1
// SKIP-NEXT: steps: PublishGraph OK
// SKIP-NEXT: steps: after icf state=8
// RUN: not %t/skipped
// RUN: %neverc -fuse-ld=neverc %t/skip.o -o %t/plain
// RUN: cmp %t/skipped %t/plain
//
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode skip -Wl,--icf=all %t/skip.o -o %t/folded 2>&1 | FileCheck %s --check-prefix=ICF --implicit-check-not=error:
// ICF: steps: icf proof=0
// ICF-NEXT: steps: after icf state=8
// RUN: not %t/folded
//
// RUN: not %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode skip-gc %t/skip.o -o %t/nogc 2>&1 | FileCheck %s --check-prefix=GC
// GC: steps: gc proof=0
// GC: error: {{.*}}neverc.link.gc{{.*}}returned SKIP without a Proof
// RUN: not test -e %t/nogc
//
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode skip-stale %t/skip.o -o %t/stale 2>&1 | FileCheck %s --check-prefix=STALE --implicit-check-not=error:
// STALE: steps: icf proof=1
// STALE: steps: CommitMutation OK
// STALE: remark: {{.*}}the skip proof of neverc.link.icf is stale (the graph changed since it was issued): the step runs
// STALE: steps: after icf state=8
// RUN: not %t/stale

int helper(int X) { return X + 1; }
int main(void) { return helper(6); }
