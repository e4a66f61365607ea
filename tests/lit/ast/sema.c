// NevercSemaAPI from a neverc.sema.analyze interceptor in a real compile:
// the semantic unit, scopes, lookup, the mutation lease (rule 12), types,
// conversions, constant evaluation, attributes, builtins, a diagnostic;
// an observer cannot take a lease. The program still builds and runs.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env AST_TRACE_MODE=sema %neverc -fplugin=%test_plugins/ASTTracePlugin.so %s -o %t/prog 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t/prog | FileCheck %s --check-prefix=PROG

// CHECK: sema: lease from an observer: POLICY_VIOLATION
// CHECK: sema: unit OK diagnostics=0 replayed=0 summary=clang semantic analysis: clean
// CHECK-NEXT: sema: pointer type without a lease: INVALID_STATE
// CHECK-NEXT: sema: second lease: INVALID_STATE
// CHECK-NEXT: sema: pointer 'int *' bits=64 flags=0xc1
// CHECK-NEXT: sema: array 'int[4]' bits=128 flags=0x141
// CHECK-NEXT: sema: function 'int (long, ...)' bits=0 flags=0x31
// CHECK-NEXT: sema: atomic '_Atomic(int)' bits=32 flags=0x441
// CHECK-NEXT: sema: vector '{{.*}}float' bits=128 flags=0x241
// CHECK-NEXT: sema: int ~ long: 0
// CHECK-NEXT: sema: int ~ int: 1
// CHECK-NEXT: sema: current scope flags=1 has-decls=1
// CHECK-NEXT: sema: lookup add kind=1 -> FOUND, 1 candidate(s)
// CHECK-NEXT: sema: lookup point kind=2 -> FOUND, 1 candidate(s)
// CHECK-NEXT: sema: lookup point kind=1 -> NOT_FOUND, 0 candidate(s)
// CHECK-NEXT: sema: lookup nosuch kind=1 -> NOT_FOUND, 0 candidate(s)
// CHECK-NEXT: sema: lookup answer kind=1 -> FOUND, 1 candidate(s)
// CHECK-NEXT: sema: int* -> long: kind=2 viable=1 diag=1
// CHECK-NEXT: sema: int -> long applied: OK implicit-cast=1
// CHECK-NEXT: sema: (float) cast: OK c-style=1
// CHECK-NEXT: sema: answer = 42 kind=3 word=42 bits=32
// CHECK-NEXT: sema: lookup origin kind=1 -> FOUND, 1 candidate(s)
// CHECK-NEXT: sema: origin kind=11 elements=2 y=2
// CHECK-NEXT: sema: integer word of a struct: WRONG_TYPE
// CHECK-NEXT: sema: destroyed twice: STALE_HANDLE
// CHECK-NEXT: sema: lookup kept kind=1 -> FOUND, 1 candidate(s)
// CHECK-NEXT: sema: kept has used: 1
// CHECK-NEXT: sema: kept has __used__: 1
// CHECK-NEXT: sema: kept has packed: 0
// CHECK-NEXT: sema: builtin __builtin_memcpy: OK type=v*v*vC*z
// CHECK-NEXT: sema: unknown builtin: NOT_FOUND
// CHECK-NEXT: remark: sema-trace: analysed under a lease
// CHECK-NEXT: sema: extension input: INVALID_ARGUMENT
// CHECK-NEXT: sema: diagnostic after release: INVALID_STATE
// PROG: 42 2

struct point { int x, y; };
int answer = 6 * 7;
struct point origin = {1, 2};
__attribute__((used)) static int kept;
static int add(int a, int b) { return a + b; }
int printf(const char *, ...);
int main(void) { printf("%d %d\n", add(answer, 0), origin.y); return kept; }
