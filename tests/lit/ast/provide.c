// A neverc.syntax.parse provider replaces Clang's parse: it publishes the
// translation unit without parsing anything, so the object defines
// nothing. The unit the provider names is checked
// (neverc.syntax.verify_ast_unit) and the lifecycle shows no declaration.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env AST_TRACE_MODE=provide %neverc -fplugin=%test_plugins/ASTTracePlugin.so -c %s -o %t/provided.o 2>&1 | FileCheck %s
// RUN: llvm-nm %t/provided.o | FileCheck %s --check-prefix=NM --allow-empty
// RUN: %neverc -c %s -o %t/plain.o
// RUN: llvm-nm %t/plain.o | FileCheck %s --check-prefix=PLAIN

// CHECK: ast-provide: published the unparsed unit
// CHECK: ast-events: 1=1 2=0 3=0
// NM-NOT: main
// PLAIN: T main

int main(void) { return 0; }
