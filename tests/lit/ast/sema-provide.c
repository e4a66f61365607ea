// A neverc.sema.analyze provider publishes the semantic unit
// (CreateSemanticUnit) in place of the built-in analysis step; the unit is
// verified (neverc.sema.verify_semantic_unit) and compiled: the program
// runs as without the plugin.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env AST_TRACE_MODE=semaprovide %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG

// CHECK: ast-observe: analyze before
// CHECK-NEXT: sema-provide: published the semantic unit (state 1)
// CHECK-NEXT: ast-observe: analyze after
// PROG: provided 7

int printf(const char *, ...);
int main(void) { printf("provided %d\n", 3 + 4); return 0; }
