// Layout constraints (NevercLinkAPI Create/Replace/EraseConstraint, our
// vocabulary): "atom-order" ranks an atom in its output section (ranked
// atoms first: profile-ordered functions), "atom-align" raises its
// alignment. The gc interceptor of link/test/GraphStepsPlugin.c makes
// them on the atom of --steps-symbol; layout honours them; the slots'
// refusals come with their exact status. The synthetic pager lists the
// sections the linker makes itself.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O1 -ffunction-sections -c %s -o %t/c.o
//
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode order --steps-symbol cold_last %t/c.o -o %t/ordered 2>&1 | FileCheck %s --check-prefix=ORDER --implicit-check-not=error:
// ORDER: steps: atom of cold_last found=1
// ORDER: steps: CreateConstraint(unknown kind) INVALID_ARGUMENT
// ORDER: steps: CreateConstraint(no such atom) INVALID_ARGUMENT
// ORDER: steps: CreateConstraint(align 3) INVALID_ARGUMENT
// ORDER: steps: CreateConstraint(bad bool) INVALID_ARGUMENT
// ORDER-NEXT: steps: CreateConstraint(atom-order 0) OK
// ORDER-NEXT: steps: GetConstraintInfo(staged) INVALID_STATE
// ORDER-NEXT: steps: EraseConstraint(staged) INVALID_STATE
// ORDER-NEXT: steps: CommitMutation OK
// ORDER-NEXT: steps: CommitMutation(again) STALE_HANDLE
// ORDER-NEXT: steps: GetConstraintPage OK count=1
// ORDER-NEXT: steps: GetConstraintInfo(committed) OK atom-order value=0 required=1
// ORDER-NEXT: steps: BeginMutation OK
// ORDER-NEXT: steps: ReplaceConstraint OK
// ORDER-NEXT: steps: EraseConstraint OK
// ORDER-NEXT: steps: CreateConstraint(abandoned) OK
// ORDER-NEXT: steps: AbandonMutation OK
// ORDER-NEXT: steps: GetConstraintInfo(after the abandon) OK atom-order value=0 required=1
// ORDER-NEXT: steps: GetConstraintInfo(abandoned) STALE_HANDLE
// ORDER-NEXT: steps: BeginMutation OK
// ORDER-NEXT: steps: ReplaceConstraint OK
// ORDER-NEXT: steps: CommitMutation OK
// ORDER-NEXT: steps: GetConstraintInfo(replaced) OK atom-order value=5 required=1
// ORDER-NEXT: steps: BeginMutation OK
// ORDER-NEXT: steps: ReplaceConstraint(no descriptor) INVALID_ARGUMENT
// ORDER-NEXT: steps: CreateConstraint(atom-align 16) OK
// ORDER-NEXT: steps: CommitMutation OK
// ORDER-NEXT: steps: BeginMutation OK
// ORDER-NEXT: steps: EraseConstraint OK
// ORDER-NEXT: steps: CommitMutation OK
// ORDER-NEXT: steps: GetConstraintInfo(erased) STALE_HANDLE
// ORDER-NEXT: steps: GetConstraintPage OK count=1
// The synthetics, after layout (a dynamic executable's).
// ORDER: steps: after layout
// ORDER-NEXT: steps: GetSyntheticPage OK: .interp {{.*}}.dynsym{{.*}} .plt .dynamic .got .got.plt
// ORDER-NEXT: steps: synthetics by one {{[0-9]+}} same=1
// ORDER-NEXT: steps: GetSyntheticInfo OK same=1
// ORDER-NEXT: steps: GetSyntheticInfo(the graph) WRONG_TYPE
// RUN: %t/ordered | FileCheck %s --check-prefix=OUT
// RUN: %neverc %t/c.o -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=OUT
// OUT: hot 3 cold 4
// cold_last leads .text: its address is the lowest of the functions.
// RUN: llvm-nm -n %t/ordered | grep -E " [Tt] " | head -1 | FileCheck %s --check-prefix=FIRST
// FIRST: cold_last
// RUN: llvm-nm -n %t/plain | grep -E " [Tt] " | head -1 | FileCheck %s --check-prefix=NOTFIRST
// NOTFIRST-NOT: cold_last
//
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode align --steps-symbol hot_first %t/c.o -o %t/aligned 2>&1 | FileCheck %s --check-prefix=ALIGN --implicit-check-not=error:
// ALIGN: steps: CreateConstraint(atom-align 4096) OK
// RUN: llvm-nm %t/aligned | FileCheck %s --check-prefix=ALIGNED
// ALIGNED: {{[0-9a-f]*}}000 T hot_first
// RUN: %t/aligned | FileCheck %s --check-prefix=OUT
//
// A required constraint on an atom gc drops cannot hold: the link fails,
// nothing is written.
// RUN: not %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode order-gone --steps-symbol unused_fn -Wl,--gc-sections %t/c.o -o %t/gone 2>&1 | FileCheck %s --check-prefix=GONE
// GONE: error: in neverc.link.layout: a required atom-order constraint cannot hold: atom {{[0-9]+}} (.text.unused_fn) is not in the image
// RUN: not test -e %t/gone
//

#include <stdio.h>
__attribute__((noinline)) int hot_first(int X) { return X + 1; }
__attribute__((noinline)) int cold_last(int X) { return X + 2; }
__attribute__((noinline)) int unused_fn(int X) { return X * 3; }
int main(void) {
  printf("hot %d cold %d\n", hot_first(2), cold_last(2));
  return 0;
}
