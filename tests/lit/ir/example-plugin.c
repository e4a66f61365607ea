// ExamplePlugin (sdk/examples/ExamplePlugin.c): the MODULE pass
// example.module-overview at neverc.ir.pass.post_opt walks the module's
// functions with a MODULE_FUNCTIONS cursor in batches of 16 and emits one
// remark (code 5101): how many functions, which are defined (in module
// order), how many are only declared. Checked for the host-cc build and
// the neverc-built one, at -O0 (the static helper still there) and -O2
// (inlined away), on a module of 44 functions (three batches, more names
// than the 512 bytes of the list hold: it stops after 16 names and ends in
// "...") and on one without any.
// The objects are byte-identical to ones compiled without the plugin and
// to clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/ExamplePlugin.so -O0 -c %s -o %t/cc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/ExamplePlugin.so -O0 -c %s -o %t/nc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// O0: remark: module-overview: 4 functions, 3 defined (scale, helper, main), 1 declared [plugin org.neverc.example.ir-module-overview, neverc.ir.pass.post_opt]
//
// RUN: %neverc -fplugin=%plugins/ExamplePlugin.so -O2 -c %s -o %t/cc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/ExamplePlugin.so -O2 -c %s -o %t/nc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// O2: remark: module-overview: 3 functions, 2 defined (scale, main), 1 declared [plugin org.neverc.example.ir-module-overview, neverc.ir.pass.post_opt]
//
// RUN: %neverc -fplugin=%plugins/ExamplePlugin.so -O2 -c %S/Inputs/many-functions.c -o %t/cc-many.o 2>&1 | FileCheck %s --check-prefix=MANY --implicit-check-not=remark: --implicit-check-not=error:
// RUN: %neverc -fplugin=%plugins/neverc-built/ExamplePlugin.so -O0 -c %S/Inputs/many-functions.c -o %t/nc-many.o 2>&1 | FileCheck %s --check-prefix=MANY --implicit-check-not=remark: --implicit-check-not=error:
// MANY: remark: module-overview: 44 functions, 41 defined (a_rather_long_function_name_00, a_rather_long_function_name_01, a_rather_long_function_name_02, a_rather_long_function_name_03, a_rather_long_function_name_04, a_rather_long_function_name_05, a_rather_long_function_name_06, a_rather_long_function_name_07, a_rather_long_function_name_08, a_rather_long_function_name_09, a_rather_long_function_name_10, a_rather_long_function_name_11, a_rather_long_function_name_12, a_rather_long_function_name_13, a_rather_long_function_name_14, a_rather_long_function_name_15, ...), 3 declared [plugin org.neverc.example.ir-module-overview, neverc.ir.pass.post_opt]
//
// RUN: %neverc -fplugin=%plugins/ExamplePlugin.so -O2 -c %S/Inputs/no-functions.c -o %t/cc-none.o 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=remark: --implicit-check-not=error:
// RUN: %neverc -fplugin=%plugins/neverc-built/ExamplePlugin.so -O0 -c %S/Inputs/no-functions.c -o %t/nc-none.o 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=remark: --implicit-check-not=error:
// NONE: remark: module-overview: 0 functions, 0 defined, 0 declared [plugin org.neverc.example.ir-module-overview, neverc.ir.pass.post_opt]
//
// Read-only: the same bytes with and without the plugin, and as clang-22.
// RUN: %neverc -O0 -c %s -o %t/plain-O0.o && %clang -O0 -c %s -o %t/clang-O0.o
// RUN: %neverc -O2 -c %s -o %t/plain-O2.o && %clang -O2 -c %s -o %t/clang-O2.o
// RUN: cmp %t/cc-O0.o %t/plain-O0.o && cmp %t/nc-O0.o %t/plain-O0.o && cmp %t/plain-O0.o %t/clang-O0.o
// RUN: cmp %t/cc-O2.o %t/plain-O2.o && cmp %t/nc-O2.o %t/plain-O2.o && cmp %t/plain-O2.o %t/clang-O2.o
// RUN: %clang -O2 -c %S/Inputs/many-functions.c -o %t/clang-many-O2.o && cmp %t/cc-many.o %t/clang-many-O2.o
// RUN: %clang -O0 -c %S/Inputs/many-functions.c -o %t/clang-many-O0.o && cmp %t/nc-many.o %t/clang-many-O0.o
// RUN: %clang -O2 -c %S/Inputs/no-functions.c -o %t/clang-none.o && cmp %t/cc-none.o %t/clang-none.o
//
// All four IR examples in one compile of two translation units: one
// remark per pass and unit, in phase order (optimizer_last, post_opt in
// registration order, pre_codegen), still the same bytes.
// RUN: cd %t && %neverc -fplugin=%plugins/FunctionPass.so -fplugin=%plugins/ExamplePlugin.so -fplugin=%plugins/neverc-built/CrtShimPlugin.so -fplugin=%plugins/neverc-built/BenchPlugin.so -O2 -c %s %S/Inputs/no-functions.c 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not=remark: --implicit-check-not=error:
// ALL:      remark: function-pass: scale: 1 block, 2 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// ALL-NEXT: remark: function-pass: main: 1 block, 2 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// ALL-NEXT: remark: module-overview: 3 functions, 2 defined (scale, main), 1 declared [plugin org.neverc.example.ir-module-overview, neverc.ir.pass.post_opt]
// ALL-NEXT: remark: crt-shim: 3 functions in the first batch of 8 (scale, main, printf), no C runtime [plugin org.neverc.example.ir-crt-shim, neverc.ir.pass.post_opt]
// ALL-NEXT: remark: bench.typed-table-calls: 10000 GetModuleIdentifier calls in {{[0-9]+}} ns ({{[0-9]+\.[0-9]}} ns/call), module '{{.*}}example-plugin.c' [plugin org.neverc.example.ir-bench, neverc.ir.pass.pre_codegen]
// ALL-NEXT: remark: module-overview: 0 functions, 0 defined, 0 declared [plugin org.neverc.example.ir-module-overview, neverc.ir.pass.post_opt]
// ALL-NEXT: remark: crt-shim: 0 functions in the first batch of 8, no C runtime [plugin org.neverc.example.ir-crt-shim, neverc.ir.pass.post_opt]
// ALL-NEXT: remark: bench.typed-table-calls: 10000 GetModuleIdentifier calls in {{[0-9]+}} ns ({{[0-9]+\.[0-9]}} ns/call), module '{{.*}}no-functions.c' [plugin org.neverc.example.ir-bench, neverc.ir.pass.pre_codegen]
// RUN: cmp %t/example-plugin.o %t/plain-O2.o
// RUN: %clang -O2 -c %S/Inputs/no-functions.c -o %t/clang-none-O2.o && cmp %t/no-functions.o %t/clang-none-O2.o
//
// A full link still runs.
// RUN: %neverc -fplugin=%plugins/neverc-built/ExamplePlugin.so -O2 %s -o %t/ex 2>/dev/null && %t/ex | FileCheck %s --check-prefix=RUNS
// RUNS: scale(21) = 42

#include <stdio.h>
static int helper(int x) { return x + x; }
int scale(int x) { return helper(x); }
int main(void) {
  printf("scale(21) = %d\n", scale(21));
  return 0;
}
