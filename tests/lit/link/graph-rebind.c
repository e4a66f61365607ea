// RebindSymbol: a plugin makes the start of another atom define a symbol,
// inside the gc step; the commit takes the graph back to before
// resolve_symbols (spec §6.2), the steps from there run again, and every
// reference to the symbol reaches the new atom: the call in main runs
// other_answer's code, and the symbol table says where answer is now.
// The refusals are exact.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O0 -ffunction-sections -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode rebind --steps-symbol answer --steps-from other_answer %s -o %t/rebound 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// CHECK: steps: before gc state=6 generation=1
// CHECK-NEXT: steps: BeginMutation OK
// CHECK-NEXT: steps: RebindSymbol(an atom as the symbol) WRONG_TYPE
// CHECK-NEXT: steps: RebindSymbol(a symbol as the atom) WRONG_TYPE
// CHECK-NEXT: steps: RebindSymbol answer -> the atom of other_answer OK
// CHECK-NEXT: steps: CommitMutation OK
// CHECK: steps: after gc state=7 generation=2
// RUN: %t/rebound | FileCheck %s --check-prefix=MOVED
// MOVED: answer 42
// RUN: llvm-nm %t/rebound > %t/nm.txt
// RUN: grep ' T answer$' %t/nm.txt | cut -d' ' -f1 > %t/a.addr
// RUN: grep ' T other_answer$' %t/nm.txt | cut -d' ' -f1 > %t/b.addr
// RUN: diff %t/a.addr %t/b.addr
// RUN: %neverc -O0 -ffunction-sections %s -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN
// PLAIN: answer 1

#include <stdio.h>
int answer(void) { return 1; }
int other_answer(void) { return 42; }
int main(void) {
  printf("answer %d\n", answer());
  return 0;
}
