// A neverc.syntax.parse interceptor rewrites the tree (builder + mutation,
// rule 25) and the rewritten program is what gets compiled: the program
// prints 42, not 1.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env AST_TRACE_MODE=rewrite %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/rewritten 2>&1 | FileCheck %s
// RUN: %t/rewritten | FileCheck %s --check-prefix=PROG
// RUN: %neverc %s -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN

// CHECK: ast-observe: parse before
// CHECK-NEXT: ast-unit: state=1 identity={{.*}}rewrite.c
// CHECK-NEXT: ast-rewrite: neverc_rewrite_target = 42
// CHECK-NEXT: ast-observe: parse after
// PROG: target=42
// PLAIN: target=1

int printf(const char *, ...);
int neverc_rewrite_target = 1;
int main(void) {
  printf("target=%d\n", neverc_rewrite_target);
  return 0;
}
