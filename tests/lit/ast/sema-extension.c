// The sema extension phases. neverc.sema.extension.type runs at the point
// of analysis (a name Sema did not find; the answer becomes an implicit
// typedef). .expression, .statement, .declaration and .conversion are
// emulated after analysis: each finished top-level declaration is walked
// before IR generation sees it, and a HANDLED answer replaces the construct
// in place, checked as a mutation is. The plugin gives `^` the meaning of
// a power, rounds double-to-int conversions, fills an empty function body
// and names u8_t; the program shows each.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG
// RUN: %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so -fsyntax-only -Xclang -ast-dump %s 2>/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: env SEMA_MODE=provider %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so %s -o %t/prog2 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog2 | FileCheck %s --check-prefix=PROG
//
// Without the plugin: `^` is xor, conversions truncate, u8_t is unknown.
// RUN: %neverc -DPLAIN %s -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN
//
// Answers the host refuses: the compile fails naming the verifier, no object.
// RUN: not env SEMA_MODE=badtype %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=BADTYPE
// RUN: not test -e %t/b.o
// RUN: not env SEMA_MODE=otherdecl %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so -c %s -o %t/d.o 2>&1 | FileCheck %s --check-prefix=OTHERDECL
// RUN: not env SEMA_MODE=moved %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so -c %s -o %t/m.o 2>&1 | FileCheck %s --check-prefix=MOVED
// RUN: not test -e %t/m.o
// Slot misuse, and observers may not answer.
// RUN: env SEMA_MODE=misuse %neverc -fplugin=%test_plugins/SemaExtensionPlugin.so -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=MISUSE
// RUN: env SEMA_MODE=observer %neverc -DPLAIN -fplugin=%test_plugins/SemaExtensionPlugin.so -c %s -o %t/o.o 2>&1 | FileCheck %s --check-prefix=OBSERVER
//
// An observer changes nothing: the object is clang's, byte for byte.
// RUN: %neverc -DPLAIN -c %s -o %t/plain.o
// RUN: env SEMA_MODE=observer %neverc -DPLAIN -fplugin=%test_plugins/SemaExtensionPlugin.so -c %s -o %t/observed.o 2>/dev/null
// RUN: cmp %t/plain.o %t/observed.o

// CHECK: sema-statement: an empty compound statement
// CHECK: sema-declaration: stub
// CHECK: sema-type: u8_t
// CHECK: sema-declaration: small
// CHECK: sema-conversion: context 3
// CHECK: sema-expression: '^' at a binary operator
// CHECK: sema-conversion: context 4
// CHECK: sema-declaration: main
// PROG: 1024 44 3 7 4 1 0
// PLAIN: 8 44 2 0 4 0 0
// DUMP: TranslationUnitDecl
// DUMP: |-TypedefDecl {{.*}} implicit referenced u8_t 'unsigned char'
// DUMP: |-FunctionDecl {{.*}} main 'int (void)'
// DUMP: `-TypedefDecl {{.*}} implicit referenced byte_t 'unsigned char'
// BADTYPE: error: neverc.sema.verify_expression_extension: the replacement's type 'long' is not the replaced expression's 'int'
// OTHERDECL: error: neverc.sema.verify_declaration_extension: emulated after analysis, the declaration is already in the unit
// MOVED: error: neverc.sema.verify_statement_extension: the replacement holds a node that is still elsewhere in the tree
// MISUSE: sema-misuse: statement input of an expression: WRONG_TYPE
// MISUSE-NEXT: sema-misuse: zero disposition: INVALID_ARGUMENT
// MISUSE-NEXT: sema-misuse: statement output here: WRONG_SCOPE
// MISUSE-NEXT: sema-misuse: a type as the expression: WRONG_TYPE
// OBSERVER: sema-observe: CreateExpressionExtensionOutput: POLICY_VIOLATION

int printf(const char *, ...);
int ipow(int b, int e) {
  int r = 1;
  while (e-- > 0)
    r *= b;
  return r;
}
long lpow(int b, int e) { return ipow(b, e); }
int round_i(double d) { return (int)(d < 0 ? d - 0.5 : d + 0.5); }
int twice_body(int x) { return 2 * x; }
#ifdef PLAIN
typedef unsigned char u8_t;
int stub(void) { return 0; }
#else
int stub(void) {}
#endif
int answer = 4;
u8_t small = 200;
int half(double d) { return d; }
int main(void) {
#ifndef PLAIN
  byte_t wrap = 255; /* first met in a function: still a file-scope typedef */
#else
  unsigned char wrap = 255;
#endif
  int p = 2 ^ 10;
  int q = 2.6;
  small += 100;
  wrap++;
  printf("%d %d %d %d %d %d %d\n", p, small, q, stub(), answer, half(0.5),
         wrap);
  return 0;
}
