// The nine emission events in a real compile (MCTestPlugin, mode=events):
// unit_begin, section_change, post_instruction, post_encode and fixup while
// LLVM encodes; pre_layout, one relaxation_round for each branch LLVM makes
// longer during layout (the forward jump over the 30 stores does not fit
// in a byte), post_layout with the layout, and unit_end. Observers change
// nothing: the object is clang-22's. -S writes no object: no event.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=events -O0 -c %s -o %t/e.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK:      mc: event 1 first: section=0 instruction=0 encoding=0 fixup=0 layout=0 OK
// CHECK:      mc: event 3 first: section=1 instruction=0 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: event 5 first: section=1 instruction=1 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: event 6 first: section=1 instruction=1 encoding=1 fixup=0 layout=0 OK
// CHECK:      mc: event 7 first: section=1 instruction=1 encoding=0 fixup=1 layout=0 OK
// CHECK:      mc: event 9 first: section=0 instruction=0 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: event 8 first: section=0 instruction=1 encoding=1 fixup=0 layout=0 OK
// CHECK:      mc: event 10 first: section=0 instruction=0 encoding=0 fixup=0 layout=1 OK
// CHECK:      mc: event 2 first: section=0 instruction=0 encoding=0 fixup=0 layout=0 OK
// RUN: %clang -O0 -c %s -o %t/c.o && cmp %t/e.o %t/c.o
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=events -O0 -S %s -o %t/e.s 2>&1 | FileCheck %s --check-prefix=ASM --allow-empty
// ASM-NOT: mc: event

volatile int sink;

void relax(int x) {
  if (x) {
#define S sink = sink * 7 + 1;
#define S10 S S S S S S S S S S
    S10 S10 S10
  }
  sink = 0;
}
