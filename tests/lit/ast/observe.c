// neverc.syntax.parse and neverc.sema.analyze observed in a real compile:
// BEFORE/AFTER in pipeline order, the tree walked after the parse, every
// lifecycle event counted. An observer changes no byte of the object.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env AST_TRACE_MODE=observe %neverc -fplugin=%test_plugins/ASTTracePlugin.so -c %s -o %t/observed.o 2>&1 | FileCheck %s
// RUN: %neverc -c %s -o %t/plain.o
// RUN: %cc -c %s -o %t/clang.o
// RUN: cmp %t/observed.o %t/plain.o
// RUN: cmp %t/plain.o %t/clang.o
// RUN: env AST_TRACE_MODE=observe %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/prog 2>/dev/null
// RUN: %t/prog | FileCheck %s --check-prefix=PROG

// CHECK: ast-observe: parse before
// CHECK-NEXT: ast-observe: parse after
// CHECK-NEXT: ast-walk: function add params=2
// CHECK-NEXT: ast-walk: function main params=0
// CHECK-NEXT: ast-walk: call show args=1
// CHECK-NEXT: ast-walk: call add args=2
// CHECK-NEXT: ast-walk: function show params=1
// CHECK-NEXT: ast-walk: call printf args=2
// CHECK-NEXT: ast-observe: analyze before
// CHECK-NEXT: ast-observe: analyze after
// Events 1..11: one TREE_INITIALIZE, SEMA_BEGIN, TRANSLATION_UNIT and
// SEMA_END; 7 top-level declarations; 1 struct definition; 1 tentative
// definition.
// CHECK-NEXT: ast-events: 1=1 2=1 3=7 4=0 5=0 6=1 7=0 8=1 9=0 10=1 11=1


struct point { int x, y; };
int tentative;
void show(int);
static int add(int a, int b) { return a + b; }
int main(void) {
  show(add(2, 3));
  return 0;
}
int printf(const char *, ...);
void show(int v) { printf("%d\n", v); }
// PROG: 5
