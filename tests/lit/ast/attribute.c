// neverc.syntax.extension.attribute through clang::ParsedAttrInfo: the
// plugin claims `track`, `demo::mark` and `skipme` in Register
// (NevercParserClaimAPI), and its interceptor sees each use on a
// declaration with a cursor over the attribute's tokens as written. What it
// returns is an annotate attribute on the declaration, so IR generation
// records it; `skipme` is rolled back and gets clang's own warning.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 %s -o %t/prog 2>&1 | FileCheck %s
// RUN: %t/prog | FileCheck %s --check-prefix=PROG
// RUN: %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
//
// Without the plugin the names are clang's unknown attributes.
// RUN: %neverc -std=c23 -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// On a statement the attribute is kept too (ParsedAttrInfo::handleStmtAttribute):
// the statement becomes an AttributedStmt holding the plugin's annotate.
// RUN: %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -Xclang -ast-dump -fsyntax-only %s 2>/dev/null | FileCheck %s --check-prefix=STMT
//
// More arguments than the claim allows: clang's own error, the phase not run.
// RUN: not %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -DTOO_MANY -c %s -o %t/many.o 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: error: 'track' attribute takes no more than 2 arguments
// MANY-NOT: attr-ext: expected=5 tokens: track ( 1
//
// Misuse, each with its exact status; a failed verifier leaves no object.
// RUN: not env ATTR_CLAIM_MODE=unrolled %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -c %s -o %t/u.o 2>&1 | FileCheck %s --check-prefix=UNROLLED
// RUN: not test -e %t/u.o
// RUN: not env ATTR_CLAIM_MODE=foreign %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -c %s -o %t/f.o 2>&1 | FileCheck %s --check-prefix=FOREIGN
// RUN: not test -e %t/f.o
// RUN: env ATTR_CLAIM_MODE=late %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -c %s -o %t/l.o 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: env ATTR_CLAIM_MODE=provide %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -S -emit-llvm %s -o - 2>&1 | FileCheck %s --check-prefix=PROVIDE
// RUN: env ATTR_CLAIM_MODE=observer %neverc -fplugin=%test_plugins/AttributeClaimPlugin.so -std=c23 -c %s -o %t/o.o 2>&1 | FileCheck %s --check-prefix=OBSERVER

// CHECK: claim: track again: DUPLICATE_ID
// CHECK-NEXT: claim: __track__: DUPLICATE_ID
// CHECK-NEXT: claim: packed (clang's): DUPLICATE_ID
// CHECK-NEXT: claim: gnu::packed (clang's): DUPLICATE_ID
// CHECK-NEXT: claim: scoped GNU: INVALID_ARGUMENT
// CHECK-NEXT: claim: no forms: INVALID_ARGUMENT
// CHECK-NEXT: claim: unknown form bit: INVALID_ARGUMENT
// CHECK-NEXT: claim: 16 arguments: INVALID_ARGUMENT
// CHECK-NEXT: claim: not an identifier: INVALID_ARGUMENT
// CHECK-NEXT: claim: empty: INVALID_ARGUMENT
// CHECK-NEXT: claim: short header: INVALID_ARGUMENT
// CHECK: claim: outside Register: INVALID_STATE
// CHECK: attr-ext: expected=5 tokens: track ( hot , 7 ) <eof> | past end: eof
// CHECK-NEXT: attr-ext: commit again: STALE_HANDLE
// CHECK-NEXT: attr-ext: form 9: INVALID_ARGUMENT
// CHECK-NEXT: attr-ext: handled as annotate("track(hot,7)")
// CHECK: attr-ext: expected=5 tokens: demo :: mark <eof> | past end: eof
// CHECK: attr-ext: handled as annotate("mark")
// CHECK: attr-ext: expected=5 tokens: __track__ <eof>
// CHECK: attr-ext: handled as annotate("__track__")
// CHECK: attr-ext: expected=5 tokens: skipme <eof>
// CHECK-NEXT: attr-ext: skipme: rollback OK, again STALE_HANDLE
// CHECK-NEXT: {{.*}}attribute.c:[[@LINE+20]]:{{[0-9]+}}: warning: unknown attribute 'skipme' ignored
// CHECK: attr-ext: expected=5 tokens: track <eof>
// CHECK: attr-ext: expected=5 tokens: track ( stmt ) <eof>
// CHECK: attr-ext: handled as annotate("track(stmt)")
// PROG: 43
// STMT:      AttributedStmt
// STMT-NEXT: AnnotateAttr {{.*}} "track(stmt)"
// STMT-NEXT: CompoundAssignOperator {{.*}} '+='

// IR-DAG: @llvm.global.annotations = {{.*}}@counter{{.*}}@answer{{.*}}@helper
// IR-DAG: c"track(hot,7)\00"
// IR-DAG: c"mark\00"
// IR-DAG: c"__track__\00"
// IR-DAG: call void @llvm.var.annotation{{.*}}

// PLAIN: warning: unknown attribute 'track' ignored

int counter __attribute__((track(hot, 7))) = 1;
[[demo::mark]] int answer(void) { return 41 + counter; }
__attribute__((__track__)) static int helper(void) { return 0; }
__attribute__((skipme)) int skipped;
#ifdef TOO_MANY
__attribute__((track(1, 2, 3))) int three;
#endif
int printf(const char *, ...);
int main(void) {
  [[track]] int local = answer() + helper();
  [[track(stmt)]] local += 1;
  printf("%d\n", local);
  return 0;
}

// UNROLLED: error: neverc.syntax.verify_attribute_extension: UNHANDLED after consuming 1 token(s); roll back to the checkpoint first
// FOREIGN: error: neverc.syntax.verify_attribute_extension: the node is not an attribute CreateParsedAttribute made for this cursor
// LATE: attr-late: CursorPeek: STALE_HANDLE
// LATE-NEXT: attr-late: CursorRollback: STALE_HANDLE
// PROVIDE-COUNT-6: attr-provide: annotate("provided")
// PROVIDE-NOT: warning:
// PROVIDE: c"provided\00"
// OBSERVER: attr-observe: CreateParsedAttribute: POLICY_VIOLATION
// OBSERVER-NEXT: attr-observe: CreateExtensionOutput: POLICY_VIOLATION
