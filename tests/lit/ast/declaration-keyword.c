// neverc.syntax.extension.declaration: a keyword claimed with Result DECL
// declares at file scope. The phase runs between two top-level
// declarations (Clang's parse loop hands the one before it to the AST
// consumer, Sema is at file scope), the plugin builds a Var or a Function
// (with ParmVar parameters and a body), and the host declares it as the
// parser would: redeclaration checks, scope, the initializer converted.
// Later declarations use it; the program runs it.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG
// RUN: env DECL_MODE=interceptor %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so %s -o %t/prog2 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog2 | FileCheck %s --check-prefix=PROG
// RUN: %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -fsyntax-only -Xclang -ast-dump %s 2>/dev/null | FileCheck %s --check-prefix=DUMP
//
// Misplaced, redeclared, unhandled, or answered with the wrong node: an
// error at the keyword, and no object.
// RUN: not %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -DINSIDE -c %s -o %t/i.o 2>&1 | FileCheck %s --check-prefix=INSIDE
// RUN: not test -e %t/i.o
// RUN: not %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -DREDEF -c %s -o %t/r.o 2>&1 | FileCheck %s --check-prefix=REDEF
// RUN: not %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -DKIND -c %s -o %t/k.o 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: not %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -DUNHANDLED -c %s -o %t/u.o 2>&1 | FileCheck %s --check-prefix=UNHANDLED
// RUN: not %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -DSTRUCT -c %s -o %t/s.o 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: not env DECL_MODE=expr %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -c %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=EXPR
// RUN: not test -e %t/e.o
// RUN: not env DECL_MODE=placed %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -c %s -o %t/p.o 2>&1 | FileCheck %s --check-prefix=PLACED
// RUN: env DECL_MODE=observer %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -c %s -o %t/o.o 2>&1 | FileCheck %s --check-prefix=OBSERVER
//
// In a compile the keyword is a predefined macro (#ifdef sees it); -E
// parses nothing and leaves it as written, no macro.
// RUN: %neverc -fplugin=%test_plugins/DeclKeywordPlugin.so -E %s 2>/dev/null | FileCheck %s --check-prefix=PP

// The first keyword stands before any token: the phase runs at once.
__global(first, 5)

// CHECK: decl-keyword: __global expected=1 name 'first' argument '5'
// CHECK: decl-builders: Typedef: CAPABILITY_UNAVAILABLE
// CHECK: decl-builders: Var without a name: VERIFICATION_FAILED
// CHECK: decl-builders: Var without a type: VERIFICATION_FAILED
// CHECK: decl-builders: name '9x': INVALID_ARGUMENT
// CHECK: decl-builders: Function of type int: VERIFICATION_FAILED
// CHECK: decl-builders: Var of a function type: VERIFICATION_FAILED
// CHECK: decl-builders: Function with a parameter too many: VERIFICATION_FAILED
// CHECK: decl-builders: Field without a type: VERIFICATION_FAILED
// CHECK: decl-builders: Field with an initializer: VERIFICATION_FAILED
// CHECK: decl-builders: Enum without enumerators: VERIFICATION_FAILED
// CHECK: decl-builders: Record member an expression: WRONG_TYPE
// CHECK: decl-builders: STMT_EXPR_TYPE on a Var: WRONG_TYPE
// CHECK: decl-keyword: __global expected=1 name 'answer' argument '42'
// CHECK: decl-keyword: __adder expected=1 name 'add3' argument '3'
// CHECK: decl-keyword: __proto expected=1 name 'twice' argument ''
// CHECK: decl-keyword: __struct expected=1 name 'point' argument 'x'
// CHECK: decl-keyword: __enum expected=1 name 'color' argument 'red'
// CHECK: decl-keyword: __global expected=1 name 'zero' argument ''
// PROG: 5 42 7 10 0 6 12 10 11 4
// DUMP: VarDecl {{.*}} first 'int' cinit
// DUMP: VarDecl {{.*}} answer 'int' cinit
// DUMP: FunctionDecl {{.*}} add3 'int (int)'
// DUMP-NEXT: ParmVarDecl {{.*}} x 'int'
// DUMP-NEXT: CompoundStmt
// DUMP-NEXT: ReturnStmt
// DUMP: FunctionDecl {{.*}} twice 'int (int)'
// DUMP: FunctionDecl {{.*}} prev {{.*}} twice 'int (int)'
// DUMP: RecordDecl {{.*}} struct point definition
// DUMP-NEXT: FieldDecl {{.*}} x 'int'
// DUMP-NEXT: FieldDecl {{.*}} y 'int'
// DUMP: EnumDecl {{.*}} color
// DUMP-NEXT: EnumConstantDecl {{.*}} red 'int'
// DUMP: EnumConstantDecl {{.*}} green 'int'
// INSIDE: declaration-keyword.c:[[@LINE+24]]:3: error: declaration keyword '__global' inside a declaration: it may only stand between two declarations at file scope
// REDEF: error: redefinition of 'answer'
// KIND: error: redefinition of 'answer' as different kind of symbol
// UNHANDLED: declaration-keyword.c:[[@LINE+32]]:1: error: no plugin handled the declaration keyword '__unhandled_decl'
// STRUCT: error: redefinition of 'point' (declared as a struct by the keyword)
// STRUCT: error: redefinition of 'red' (an enumerator of the keyword's enum)
// EXPR: error: neverc.syntax.verify_declaration_extension: the node is not a variable, function, struct or enum a builder made that is not declared yet
// PLACED: error: neverc.syntax.verify_declaration_extension: the node is not a variable, function, struct or enum a builder made that is not declared yet
// OBSERVER: decl-observe: CreateASTBuilder: POLICY_VIOLATION
// PP: __global(first, 5)
// PP-NOT: declaration_keyword_claimed
// PP: __global(answer, 42)

int printf(const char *, ...);
#ifdef __adder
const char *claimed = "declaration_keyword_claimed";
#endif
int use_first(void) { return first; }
__global(answer, 42)
__adder(add3, 3)
__proto(twice)
int twice(int x) { return 2 * x; }
#ifdef INSIDE
int inside(void) {
  __global(inner, 1)
  return 0;
}
#endif
#ifdef REDEF
__global(answer, 43)
#endif
#ifdef KIND
__proto(answer)
#endif
#ifdef UNHANDLED
__unhandled_decl
#endif
__struct(point, x, y)
__enum(color, red, green)
#ifdef STRUCT
__struct(point, a, b)
__enum(shade, red, blue)
#endif
__global(zero)
int main(void) {
  struct point pt = {3, 4};
  enum color c = green;
  printf("%d %d %d %d %d %d %d %d %d %d\n", use_first(), answer, add3(4),
         twice(5), zero, add3(zero + 3), pt.x * pt.y, red, c,
         (int)sizeof(enum color));
  return 0;
}
