// BenchPlugin (sdk/examples/BenchPlugin.c, the IR one; the driver-level
// benchmark is DriverBenchPlugin, tests/lit/plugins/bench.test): the MODULE
// pass bench.typed-table-calls at neverc.ir.pass.pre_codegen calls
// GetModuleIdentifier 10 000 times, checks every answer, and emits one
// remark (code 5201) with the count, the elapsed nanoseconds, the cost per
// call and the identifier (the source path as given). Checked for the
// host-cc build and the neverc-built one, at -O0 and -O2, and for -S (the
// slot runs before any codegen, not only before object emission). The
// objects are byte-identical to ones compiled without the plugin and to
// clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/BenchPlugin.so -O0 -c %s -o %t/cc-O0.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/BenchPlugin.so -O0 -c %s -o %t/nc-O0.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/BenchPlugin.so -O2 -c %s -o %t/cc-O2.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/BenchPlugin.so -O2 -c %s -o %t/nc-O2.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/BenchPlugin.so -O2 -S %s -o %t/cc-O2.s 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// CHECK: remark: bench.typed-table-calls: 10000 GetModuleIdentifier calls in {{[0-9]+}} ns ({{[0-9]+\.[0-9]}} ns/call), module '[[FILE]]' [plugin org.neverc.example.ir-bench, neverc.ir.pass.pre_codegen]
//
// The identifier is the source as named on the command line.
// RUN: cd %S && %neverc -fplugin=%plugins/BenchPlugin.so -O2 -c bench-plugin.c -o %t/rel.o 2>&1 | FileCheck %s --check-prefix=REL
// REL: calls in {{[0-9]+}} ns ({{[0-9]+\.[0-9]}} ns/call), module 'bench-plugin.c' [plugin
//
// Read-only: the same bytes with and without the plugin, and as clang-22.
// RUN: %neverc -O0 -c %s -o %t/plain-O0.o && %clang -O0 -c %s -o %t/clang-O0.o
// RUN: %neverc -O2 -c %s -o %t/plain-O2.o && %clang -O2 -c %s -o %t/clang-O2.o
// RUN: %clang -O2 -S %s -o %t/clang-O2.s
// RUN: cmp %t/cc-O0.o %t/plain-O0.o && cmp %t/nc-O0.o %t/plain-O0.o && cmp %t/plain-O0.o %t/clang-O0.o
// RUN: cmp %t/cc-O2.o %t/plain-O2.o && cmp %t/nc-O2.o %t/plain-O2.o && cmp %t/plain-O2.o %t/clang-O2.o
// RUN: cmp %t/cc-O2.s %t/clang-O2.s

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { return fib(10) == 55 ? 0 : 1; }
