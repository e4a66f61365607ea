// Type-location handles: the two attribute properties of C whose value is a
// type location (type_tag_for_datatype's matching type, preferred_type's
// type) give one, and the walk reads each location's kind, type and range
// and follows its wrapped location (int * -> Pointer -> Builtin):
// 3 type-location nodes, every read OK, none unavailable.
//
// RUN: env SCHEMA_WALK_STRICT=1 SCHEMA_WALK_STRICT_UNAVAILABLE=1 %neverc -fplugin=%test_plugins/SchemaWalkPlugin.so -std=c23 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: schema-walk: {{.*}} unmapped=0 {{.*}} unavailable=0 errors=0 type_loc=3 calls={{[0-9]+}} call_errors=0

struct mpi_datatype;
extern struct mpi_datatype mpi_int __attribute__((type_tag_for_datatype(mpi, int *)));
struct flags { [[clang::preferred_type(_Bool)]] unsigned on : 1; };
