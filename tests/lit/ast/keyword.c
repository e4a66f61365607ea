// neverc.syntax.extension.expression, .type_name and .statement through
// annotation tokens: the plugin claims keywords in Register; each use runs
// the phase and the parser receives the plugin's expression
// (tok::annot_primary_expr) or type (tok::annot_typename) where the keyword
// stood; a statement comes as the void statement expression ({ stmt }).
// `__call_twice(base)` becomes the call twice(base), built from
// CreateDeclReference; `__bump(base);` becomes `if (base) base += 2;`.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG
// RUN: env KEYWORD_MODE=interceptor %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so %s -o %t/prog2 2>&1 | FileCheck %s --check-prefix=INTERCEPT --implicit-check-not=error:
// RUN: %t/prog2 | FileCheck %s --check-prefix=PROG
//
// -E parses nothing: the keywords stay as written and are no macros there.
// RUN: %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so -E %s 2>/dev/null | FileCheck %s --check-prefix=PP
//
// Unhandled, a claimed keyword is the undeclared name it looks like; a
// node of the wrong kind fails the verifier (no object); an observer may
// not build.
// RUN: not %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so -DUNHANDLED -c %s -o %t/u.o 2>&1 | FileCheck %s --check-prefix=UNHANDLED
// RUN: not env KEYWORD_MODE=badkind %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=BADKIND
// RUN: not test -e %t/b.o
// A statement where a value is needed is Clang's own type error:
// RUN: not %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so -DSTMT_AS_VALUE -c %s -o %t/v.o 2>&1 | FileCheck %s --check-prefix=VALUE
// neverc.syntax.extension.keyword: `__tracked` is a keyword attribute,
// spelled back as __attribute__((annotate("tracked"))); `__marker(...)` is
// handled with no node and disappears with its arguments.
// RUN: %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so -fsyntax-only -Xclang -ast-dump %s 2>/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: env KEYWORD_MODE=observer %neverc -fplugin=%test_plugins/KeywordClaimPlugin.so -c %s -o %t/o.o 2>&1 | FileCheck %s --check-prefix=OBSERVER

// CHECK: claim-keyword: __answer again: DUPLICATE_ID
// CHECK-NEXT: claim-keyword: int: DUPLICATE_ID
// CHECK-NEXT: claim-keyword: typeof: DUPLICATE_ID
// CHECK-NEXT: claim-keyword: not an identifier: INVALID_ARGUMENT
// CHECK-NEXT: claim-keyword: result 6: INVALID_ARGUMENT
// CHECK-NEXT: claim-keyword: result 0: INVALID_ARGUMENT
// CHECK: keyword: __tracked expected=5 first argument ''
// CHECK: keyword: __marker expected=5 first argument 'any'
// CHECK: keyword: __bump expected=2 first argument 'base'
// CHECK: keyword: __answer_type expected=4 first argument ''
// CHECK: keyword: __answer expected=3 first argument ''
// CHECK: keyword: __call_twice expected=3 first argument 'base'
// CHECK-NEXT: keyword: CreateDeclReference of a type: WRONG_TYPE
// CHECK: keyword: __answer_type expected=4
// INTERCEPT: keyword: __bump expected=2 first argument 'base'
// INTERCEPT: keyword: __answer_type expected=4 first argument ''
// INTERCEPT: keyword: __call_twice expected=3 first argument 'base'
// PROG: 42 84 8 43 7
// DUMP: VarDecl {{.*}} tracked_counter 'int' cinit
// DUMP: AnnotateAttr {{.*}} "tracked"
// DUMP: VarDecl {{.*}} marked 'int' cinit
// DUMP-NOT: Attr
// DUMP: FunctionDecl
// PP-NOT: long_keyword_claimed
// PP: __answer_type v = __answer;
// UNHANDLED: error: use of undeclared identifier '__unhandled'
// BADKIND: error: neverc.syntax.verify_statement_extension: the node is not a statement
// BADKIND: error: neverc.syntax.verify_expression_extension: the node is not an expression
// VALUE: error: initializing 'int' with an expression of incompatible type 'void'
// OBSERVER-COUNT-2: keyword-observe: CreateDeclReference: POLICY_VIOLATION

int printf(const char *, ...);
typedef int meters;
int base = 40;
int twice(int x) { return 2 * x; }
int __tracked tracked_counter = 3;
__marker(any tokens at all) int marked = 4;
#ifdef __answer_type
const char *claimed = "long_keyword_claimed";
#endif
int main(void) {
  __bump(base);
#ifdef STMT_AS_VALUE
  int z = __bump(base);
#endif
  __answer_type v = __answer;
  int w = __call_twice(base);
  printf("%ld %d %zu %d %d\n", v, w, sizeof(__answer_type), __answer + 1,
         tracked_counter + marked);
#ifdef UNHANDLED
  return __unhandled;
#endif
  return 0;
}
