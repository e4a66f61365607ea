// The schema walk (SchemaWalkPlugin, strict) over the constructs that once
// broke it: the type of a __builtin_* name (a placeholder type: no layout,
// GetTypeInfo must not ask for one), the root-less attribute kinds (alias,
// mode: they own attr.Attr's properties), and Clang classes the schema
// lacks (__size_t sugar, no_sanitize), reported by their nearest schema
// ancestor and listed, not failed. tests/conformance/schema-walk.sh runs the
// same walk over lua and sqlite3.c.
//
// RUN: rm -rf %t && mkdir %t
// RUN: env SCHEMA_WALK_STRICT=1 %neverc -fplugin=%test_plugins/SchemaWalkPlugin.so -c %s -o %t/walk.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %neverc -c %s -o %t/plain.o
// RUN: cmp %t/walk.o %t/plain.o

// CHECK: schema-walk: nodes={{[0-9]+}} {{.*}} unmapped=0 {{.*}} errors=0 {{.*}} call_errors=0 ancestor={{[1-9][0-9]*}}
// CHECK: schema-walk: ancestor kinds:{{.*}}TYPE.Type{{.*}}ATTR.Inheritable

int g(void) { return 0; }
int f(void) __attribute__((alias("g")));
typedef int si __attribute__((mode(SI)));
unsigned long size(void) { return sizeof(si); }
__attribute__((no_sanitize("address"))) int likely(int v) {
  return __builtin_expect(v, 0);
}
