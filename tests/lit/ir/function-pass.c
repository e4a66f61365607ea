// FunctionPass (sdk/examples/FunctionPass.c): a read-only FUNCTION pass at
// neverc.ir.pass.optimizer_last reports each defined function with its
// block and instruction counts (remark 5001), in module order, for the
// host-cc build and the neverc-built one, at -O0 (where the static helper
// is still there, emitted last) and -O2 (where it has been inlined away).
// Declarations (puts) get no remark. The counts are those of clang-22's own
// IR at the same level (-S -emit-llvm: the entry block has no label).
// The objects are byte-identical to ones compiled without the plugin and
// to clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/FunctionPass.so -O0 -c %s -o %t/cc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/FunctionPass.so -O0 -c %s -o %t/nc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// O0:      remark: function-pass: identity: 1 block, 4 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// O0-NEXT: remark: function-pass: triangle: 5 blocks, 22 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// O0-NEXT: remark: function-pass: main: 1 block, 9 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// O0-NEXT: remark: function-pass: twice: 1 block, 5 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
//
// RUN: %neverc -fplugin=%plugins/FunctionPass.so -O2 -c %s -o %t/cc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/FunctionPass.so -O2 -c %s -o %t/nc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// O2:      remark: function-pass: identity: 1 block, 1 instruction [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// O2-NEXT: remark: function-pass: triangle: 3 blocks, 15 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
// O2-NEXT: remark: function-pass: main: 1 block, 2 instructions [plugin org.neverc.example.function-pass, neverc.ir.pass.optimizer_last]
//
// The same counts as clang-22's IR (blocks = labels + the entry block):
// RUN: %clang -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR-O0
// IR-O0-LABEL: define {{.*}} @triangle(
// IR-O0-COUNT-4: {{^[a-z0-9.]+:}}
// IR-O0:       {{^}$}}
// RUN: %clang -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR-O2
// IR-O2-LABEL: define {{.*}} @identity(
// IR-O2-NEXT:  ret i32 %{{[0-9a-z]+}}
// IR-O2-NEXT:  {{^}$}}
//
// Read-only: the same bytes with and without the plugin, and as clang-22.
// RUN: %neverc -O0 -c %s -o %t/plain-O0.o && %clang -O0 -c %s -o %t/clang-O0.o
// RUN: %neverc -O2 -c %s -o %t/plain-O2.o && %clang -O2 -c %s -o %t/clang-O2.o
// RUN: cmp %t/cc-O0.o %t/plain-O0.o && cmp %t/nc-O0.o %t/plain-O0.o && cmp %t/plain-O0.o %t/clang-O0.o
// RUN: cmp %t/cc-O2.o %t/plain-O2.o && cmp %t/nc-O2.o %t/plain-O2.o && cmp %t/plain-O2.o %t/clang-O2.o
//
// With debug info, as assembly and as IR too:
// RUN: %neverc -fplugin=%plugins/FunctionPass.so -O2 -g -c %s -o %t/g.o 2>/dev/null && %clang -O2 -g -c %s -o %t/clang-g.o && cmp %t/g.o %t/clang-g.o
// RUN: %neverc -fplugin=%plugins/FunctionPass.so -O2 -S %s -o %t/a.s 2>/dev/null && %clang -O2 -S %s -o %t/clang-a.s && cmp %t/a.s %t/clang-a.s
// RUN: %neverc -fplugin=%plugins/FunctionPass.so -O2 -S -emit-llvm %s -o %t/a.ll 2>/dev/null && %clang -O2 -S -emit-llvm %s -o %t/clang-a.ll && cmp %t/a.ll %t/clang-a.ll
//
// A full link still runs.
// RUN: %neverc -fplugin=%plugins/neverc-built/FunctionPass.so -O2 %s -o %t/fp 2>/dev/null && %t/fp | FileCheck %s --check-prefix=RUNS
// RUNS: function-pass

extern int puts(const char *);
static int twice(int x) { return 2 * x; }
int identity(int x) { return x; }
int triangle(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i)
    s += i;
  return s;
}
int main(void) {
  puts("function-pass");
  return triangle(twice(3)) == 21 ? 0 : 1;
}
