// The AST builders: after neverc.syntax.parse the plugin rebuilds `pick`
// and `sum` from builder-made nodes (expressions through Sema, so C's
// conversions apply) and commits both bodies in one mutation; the program
// prints what the new bodies compute. Each builder misuse has its status.
// A body whose return value does not have the function's type is refused
// at commit, and the program keeps its own bodies.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%test_plugins/BuilderTourPlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG
// RUN: env BUILDER_TOUR_MODE=badreturn %neverc -fplugin=%test_plugins/BuilderTourPlugin.so %s -o %t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %t/bad | FileCheck %s --check-prefix=ORIG
// RUN: %neverc %s -o %t/plain && %t/plain | FileCheck %s --check-prefix=ORIG
//
// The refused commit leaves the tree exactly as it was: its -ast-dump is
// the plain compile's (node addresses aside); the committed one is not.
// RUN: %neverc -Xclang -ast-dump -fsyntax-only %s | sed -e 's/0x[0-9a-f]*//g' > %t/plain.dump
// RUN: env BUILDER_TOUR_MODE=badreturn %neverc -fplugin=%test_plugins/BuilderTourPlugin.so -Xclang -ast-dump -fsyntax-only %s 2>/dev/null | sed -e 's/0x[0-9a-f]*//g' > %t/bad.dump
// RUN: diff %t/plain.dump %t/bad.dump
// RUN: %neverc -fplugin=%test_plugins/BuilderTourPlugin.so -Xclang -ast-dump -fsyntax-only %s 2>/dev/null | sed -e 's/0x[0-9a-f]*//g' > %t/good.dump
// RUN: not diff -q %t/plain.dump %t/good.dump
// RUN: grep -q "ForStmt" %t/good.dump

// CHECK: warning: CreateASTBuilder: kind 0x3200004D is not built by this neverc build: the schema gives this kind no property or child slot for what it needs
// CHECK-NEXT: builder: UnaryOperator: CAPABILITY_UNAVAILABLE
// CHECK: builder: TypedefDecl: CAPABILITY_UNAVAILABLE
// CHECK-NEXT: remark: ASTBuilderCommit: required child slot 'callee' is not set
// CHECK-NEXT: builder: call without a callee: VERIFICATION_FAILED, node none
// CHECK: builder: body set at 1 but not 0: VERIFICATION_FAILED, node none
// CHECK: builder: cast without a type: VERIFICATION_FAILED
// CHECK: builder: a while slot on an if: WRONG_TYPE
// CHECK: builder: int + int typed long: VERIFICATION_FAILED
// CHECK: builder: commit both bodies: OK
// PROG: 40 7 10
// BAD: remark: CommitASTMutation: a return statement gives 'long' in a function returning 'int'
// BAD-NEXT: builder: commit return 5L in an int function: VERIFICATION_FAILED
// ORIG: 22 20 12

int printf(const char *, ...);
int table[4] = {10, 20, 30, 40};
int twice(int x) { return x * 2; }
int pick(int c) { return c + twice(table[0]) + c; }
int sum(int n) {
  int s = 0;
  return n + n + n + s + s;
}
int main(void) {
  printf("%d %d %d\n", pick(1), pick(0), sum(4));
  return 0;
}
