// Every rule a plugin can break on the AST table gets its exact status,
// and the failed edits leave the tree as it was (the initializer is still
// 1 and the program prints 1). Two translation units: a handle kept from
// the first one is STALE_HANDLE in the second.
//
// RUN: rm -rf %t && mkdir %t && cp %s %t/second.c
// RUN: cd %t && env AST_TRACE_MODE=misuse %neverc -fplugin=%test_plugins/ASTTracePlugin.so -c %s %t/second.c 2>&1 | FileCheck %s
// RUN: env AST_TRACE_MODE=misuse %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/prog 2>/dev/null
// RUN: %t/prog | FileCheck %s --check-prefix=PROG

// CHECK: misuse: event mask beyond MASK_ALL: INVALID_ARGUMENT
// CHECK: misuse: mutation from a lifecycle observer: POLICY_VIOLATION
// CHECK: misuse: typed accessor on another kind: WRONG_TYPE untouched=1
// CHECK: misuse: property the kind does not own: WRONG_TYPE
// CHECK: misuse: owned property: OK neverc_rewrite_target
// CHECK: remark: ASTBuilderCommit: required property 'type' (STMT_EXPR_TYPE) is not set
// CHECK: misuse: builder commit without its type: VERIFICATION_FAILED
// CHECK: misuse: null out-struct: INVALID_ARGUMENT
// CHECK: misuse: decl handle as a type: WRONG_TYPE
// CHECK: misuse: slot of another kind staged: WRONG_TYPE
// CHECK: misuse: abort: OK
// CHECK: misuse: node built under an aborted mutation: STALE_HANDLE
// CHECK: misuse: replacement of the wrong domain: WRONG_TYPE
// CHECK: misuse: initializer after the failed edits: 1
// CHECK: misuse: builder from an observer: POLICY_VIOLATION
// CHECK: misuse: handle of an ended task: STALE_HANDLE
// PROG: target=1

int printf(const char *, ...);
int neverc_rewrite_target = 1;
int main(void) {
  printf("target=%d\n", neverc_rewrite_target);
  return 0;
}
