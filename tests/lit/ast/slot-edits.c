// Replacing the child slots of existing nodes (BuilderTourPlugin, mode
// slots; ast/lib/MutableSlots.cpp): an if's branches and a conditional's
// arms swapped, a subscript re-indexed, two member bases swapped, a for's
// increment rewritten from the old one's variable, a do's body emptied, a
// while's condition loosened to its old left operand, a switch's condition
// fixed. The program's output changes accordingly. Before that, the
// refusals, each leaving the program as it was: a break moved out of its
// loop, a node taken from elsewhere without moving it, a struct as a
// condition, a label a goto names dropped, a case label moved out of its
// switch (VERIFICATION_FAILED, with the reason as a remark), an
// else the if was made without and a switch's body (CAPABILITY_UNAVAILABLE,
// with Clang 22's reason).
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc %s -o %t/plain && %t/plain | FileCheck %s --check-prefix=PLAIN
// RUN: env BUILDER_TOUR_MODE=slots %neverc -fplugin=%test_plugins/BuilderTourPlugin.so %s -o %t/edited 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/edited | FileCheck %s --check-prefix=EDITED
// RUN: env BUILDER_TOUR_MODE=slots %neverc -fplugin=%test_plugins/BuilderTourPlugin.so -O2 %s -o %t/edited2 2>/dev/null
// RUN: %t/edited2 | FileCheck %s --check-prefix=EDITED
//
// CHECK:      remark: CommitASTMutation: a break statement would land outside any loop or switch
// CHECK-NEXT: slots: a break moved out of its loop: VERIFICATION_FAILED
// CHECK-NEXT: remark: CommitASTMutation: the replacement is still the child of another node; replace that child in the same mutation to move it
// CHECK-NEXT: slots: an index taken from another function without moving it: VERIFICATION_FAILED
// CHECK-NEXT: remark: CommitASTMutation: a condition needs a scalar type, not 'struct P'
// CHECK-NEXT: slots: a struct as a condition: VERIFICATION_FAILED
// CHECK-NEXT: remark: CommitASTMutation: the replaced statement holds label 'done', which a goto names
// CHECK-NEXT: slots: a label a goto names, dropped: VERIFICATION_FAILED
// CHECK-NEXT: remark: CommitASTMutation: a case or default label cannot move: its switch keeps a list of its cases
// CHECK-NEXT: slots: a case label moved out of its switch: VERIFICATION_FAILED
// CHECK-NEXT: remark: CommitASTMutation: the if has no else, and Clang 22 sizes an IfStmt's storage when it makes it
// CHECK-NEXT: slots: an else on an if without one: CAPABILITY_UNAVAILABLE
// CHECK-NEXT: remark: CommitASTMutation: a switch keeps the list of its case labels apart from its body
// CHECK-NEXT: slots: a switch's body: CAPABILITY_UNAVAILABLE
// CHECK-NEXT: slots: swap if branches and conditional arms: OK
// CHECK-NEXT: slots: re-index and swap member bases: OK
// CHECK-NEXT: slots: rewrite loops and a switch: OK
// CHECK-NEXT: slots: parent of the moved condition: the while; of i in i += 2: the +=
//
// PLAIN:  1 10 1 -4 1010 99 4 5
// EDITED: 2 20 3 4 2 11 4 5

int printf(const char *, ...);
struct P { int x, y; };
static int arr[3] = {1, 2, 3};
int branches(int n) {
  int s;
  if (n > 2) s = 1; else s = 2;
  return s;
}
int choose(int n) { return n ? 10 : 20; }
int index2(void) { return arr[0]; }
int members(struct P p, struct P q) { return p.x - q.x; }
int loops(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  do s += 1000; while (0);
  while (n > 100) n--;
  return s + n;
}
int sw(int k) {
  int s = 0;
  switch (k) { case 1: s = 11; break; default: s = 99; }
  return s;
}
int brk(int n) {
  int s = 0;
  while (1) { s++; if (s > n) break; }
  return s;
}
int lbl(int n) {
  if (n) goto done;
  n = 5;
done:
  return n;
}
int main(void) {
  struct P p = {1, 2}, q = {5, 6};
  printf("%d %d %d %d %d %d %d %d\n", branches(5), choose(1), index2(),
         members(p, q), loops(4), sw(7), brk(3), lbl(0));
  return 0;
}
