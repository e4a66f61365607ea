// The AST and SEMA slots no other test calls, each checked against what
// the single-node slots report (TableTourPlugin prints one line per
// check; a FAILED line fails the test).
//
// RUN: %neverc -fplugin=%test_plugins/TableTourPlugin.so -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=FAILED
// RUN: %neverc -c %s -o %t.plain.o && cmp %t.o %t.plain.o

// CHECK: table: GetNodeInfoBatch: three nodes as GetNodeInfo reads them ok
// CHECK-NEXT: table: GetNodeInfoBatch: capacity below the count -> INVALID_ARGUMENT ok
// CHECK-NEXT: table: GetPropertyBatch: DECL_NAME of area, point, scaled ok
// CHECK-NEXT: table: GetPropertyBatch: a statement's DECL_NAME -> WRONG_TYPE, no value written ok
// CHECK-NEXT: table: GetParent: of a local variable is its DeclStmt ok
// CHECK-NEXT: table: GetParent: of a function body is the function ok
// CHECK-NEXT: table: GetParent: of the translation unit is null ok
// CHECK-NEXT: table: GetDeclContext: of a local variable is its function ok
// CHECK-NEXT: table: GetDeclContext: of a function is the translation unit ok
// CHECK-NEXT: table: GetDeclContext: of a statement -> WRONG_TYPE ok
// CHECK-NEXT: table: GetScopeDeclaration: the file scope holds struct point ok
// CHECK-NEXT: table: GetScopeDeclaration: index == DeclarationCount -> NOT_FOUND ok
// CHECK-NEXT: table: GetTagType: struct point is a 64-bit record type ok
// CHECK-NEXT: table: GetTagType: of a function -> WRONG_TYPE ok
// CHECK-NEXT: table: GetCanonicalType: of typedef meters is long ok
// CHECK: table: sema extension slots: outside their phases -> WRONG_TYPE (input), POLICY_VIOLATION (output from an observer) ok

struct point { int x, y; };
typedef long meters;
meters height;
int area(struct point p) {
  int scaled = p.x * p.y;
  return scaled;
}
