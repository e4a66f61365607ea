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

// The same target wrapped instead: BinaryOperator and ParenExpr builders
// make (1 + 41) around the old initializer, which stays live inside it.
// RUN: env AST_TRACE_MODE=binop %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/wrapped 2>&1 | FileCheck %s --check-prefix=BINOP --implicit-check-not=error:
// RUN: %t/wrapped | FileCheck %s --check-prefix=PROG
// BINOP: remark: ASTBuilderCommit: the operator (ASTBuilderSetBinaryOperatorKind) is not set
// BINOP-NEXT: binop: commit without an operator: VERIFICATION_FAILED
// BINOP-NEXT: binop: operator 99: INVALID_ARGUMENT
// BINOP-NEXT: binop: operator on a paren builder: WRONG_TYPE
// BINOP-NEXT: binop: neverc_rewrite_target = (1 + 41), old initializer OK
