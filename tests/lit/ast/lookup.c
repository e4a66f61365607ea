// neverc.sema.extension.lookup through clang::ExternalSemaSource: Sema
// offers every unqualified name it did not find (not redeclaration checks);
// an interceptor answers `neverc_alias_answer` with the function `answer`,
// and the call compiles to a call of `answer`. A zero-filled output is
// refused (rule 22). A candidate of the wrong namespace fails the verifier;
// a provider answering UNHANDLED leaves Clang's own error.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env AST_TRACE_MODE=lookup %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG
// RUN: not env AST_TRACE_MODE=lookupbad %neverc -fplugin=%test_plugins/ASTTracePlugin.so -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t/bad.o
// RUN: not env AST_TRACE_MODE=lookupprovide %neverc -fplugin=%test_plugins/ASTTracePlugin.so -c %s -o %t/prov.o 2>&1 | FileCheck %s --check-prefix=PROV
// RUN: not %neverc -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=PROV

// CHECK: lookup-observe: neverc_alias_answer kind=1
// CHECK-NEXT: lookup: zero-filled output: INVALID_ARGUMENT
// CHECK-NEXT: sema: lookup answer kind=1 -> FOUND, 1 candidate(s)
// CHECK-NEXT: lookup: neverc_alias_answer -> answer
// PROG: 42
// BAD: error: neverc.sema.verify_lookup_extension: candidate 'point' is not in the looked-up name's namespace
// PROV: error: call to undeclared function 'neverc_alias_answer'

struct point { int x, y; };
int printf(const char *, ...);
int answer(void) { return 42; }
int main(void) {
  printf("%d\n", neverc_alias_answer());
  return 0;
}
