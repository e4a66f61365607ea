// RetargetEdge: a plugin points one relocation at another symbol, or at
// the start of another atom, inside the gc step; the commit takes the
// graph back to before resolve_symbols (spec §6.2) and the steps from
// there run again, so the call it moved reaches the new target in the
// program that runs. The refusals are exact.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O0 -ffunction-sections %s -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN
// PLAIN: answer 1
//
// RUN: %neverc -O0 -ffunction-sections -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode retarget --steps-from answer --steps-symbol other_answer %s -o %t/symbol 2>&1 | FileCheck %s --check-prefix=SYM --implicit-check-not=error: --implicit-check-not=warning:
// SYM: steps: before gc state=6 generation=1
// SYM-NEXT: steps: BeginMutation OK
// SYM-NEXT: steps: RetargetEdge(symbol and atom) INVALID_ARGUMENT
// SYM-NEXT: steps: RetargetEdge(neither) INVALID_ARGUMENT
// SYM-NEXT: steps: RetargetEdge(a symbol as the edge) WRONG_TYPE
// SYM-NEXT: steps: RetargetEdge answer -> other_answer OK
// SYM-NEXT: steps: CommitMutation OK
// SYM: steps: after gc state=7 generation=2
// RUN: %t/symbol | FileCheck %s --check-prefix=MOVED
// MOVED: answer 42
//
// RUN: %neverc -O0 -ffunction-sections -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode retarget-atom --steps-from answer --steps-symbol other_answer %s -o %t/atom 2>&1 | FileCheck %s --check-prefix=ATOM --implicit-check-not=error:
// ATOM: steps: RetargetEdge answer -> the atom of other_answer OK
// RUN: %t/atom | FileCheck %s --check-prefix=MOVED
//
// An observer cannot stage it (no mutation opens for an observer).
// RUN: %neverc -O0 -fplugin=%test_plugins/GraphStepsPlugin.so %s -o %t/observed 2>&1 | FileCheck %s --check-prefix=OBS
// OBS: steps: observer BeginMutation POLICY_VIOLATION

#include <stdio.h>
int answer(void) { return 1; }
int other_answer(void) { return 42; }
int main(void) {
  printf("answer %d\n", answer());
  return 0;
}
