// The SDK example ASTRewritePlugin (ast-sema.md §10): its neverc.syntax.parse
// interceptor makes 42 the initializer of `neverc_rewrite_target` (builder +
// mutation, rule 25), reports it as remark 4200, and the rewritten program
// is what gets compiled and linked. Without the plugin the program prints 1.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%plugins/ASTRewritePlugin.so %s -o %t/rewritten 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %t/rewritten | FileCheck %s --check-prefix=PROG
// RUN: %neverc %s -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN
//
// A file without the variable compiles unchanged and without a remark.
// RUN: %neverc -fplugin=%plugins/ASTRewritePlugin.so -DNO_TARGET -c %s -o %t/none.o 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %neverc -DNO_TARGET -c %s -o %t/none-plain.o
// RUN: cmp %t/none.o %t/none-plain.o
//
// A target the literal cannot initialize: error 4201, the interceptor
// fails, no program is produced.
// RUN: not %neverc -fplugin=%plugins/ASTRewritePlugin.so -DSTRUCT_TARGET %s -o %t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t/bad

// CHECK: remark: ast-rewrite: neverc_rewrite_target = 42 (32-bit literal) [plugin org.neverc.example.ast-rewrite, neverc.syntax.parse]
// PROG: target=42
// PLAIN: target=1
// NONE-NOT: ast-rewrite
// BAD: error: ast-rewrite: building the literal failed (status {{[0-9]+}}); neverc_rewrite_target is unchanged [plugin org.neverc.example.ast-rewrite, neverc.syntax.parse]

int printf(const char *, ...);
#if defined(STRUCT_TARGET)
struct box { int value; };
struct box neverc_rewrite_target = {1};
#define TARGET neverc_rewrite_target.value
#elif defined(NO_TARGET)
int other = 1;
#define TARGET other
#else
int neverc_rewrite_target = 1;
#define TARGET neverc_rewrite_target
#endif
int main(void) {
  printf("target=%d\n", TARGET);
  return 0;
}
