// CrtShimPlugin (sdk/examples/CrtShimPlugin.c, the IR one; the driver-level
// one is DriverCrtShimPlugin, tests/lit/plugins/crt-shim.test) is an IR pass
// without any C runtime: no NEEDED entry, no undefined symbol, only the
// entry point exported -- for the CMake-built module, the neverc-built one
// and fresh builds at -O0 and -O2. Its MODULE pass crt-shim.module-overview
// at neverc.ir.pass.post_opt collects one cursor batch of 8 functions and
// emits one remark (code 5301); the objects are byte-identical to ones
// compiled without the plugin and to clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O0 -shared -fPIC -std=c11 -Wall -Wextra -pedantic -Werror -ffreestanding -fno-builtin -fno-stack-protector -nostdlib -Wl,-z,defs -I%sdk_include %S/../../../sdk/examples/CrtShimPlugin.c -o %t/shim-O0.so
// RUN: %cc -O2 -shared -fPIC -std=c11 -Wall -Wextra -pedantic -Werror -ffreestanding -fno-builtin -fno-stack-protector -nostdlib -Wl,-z,defs -I%sdk_include %S/../../../sdk/examples/CrtShimPlugin.c -o %t/shim-O2.so
// RUN: %neverc -O2 -shared -fPIC -std=c11 -Wall -Wextra -pedantic -Werror -ffreestanding -fno-builtin -fno-stack-protector -nostdlib -Wl,-z,defs -I%sdk_include %S/../../../sdk/examples/CrtShimPlugin.c -o %t/shim-nc-O2.so
//
// No NEEDED (no libc, no libgcc_s), no undefined symbol (dynamic or in the
// symbol table), the entry point the only dynamic symbol.
// RUN: llvm-readelf -d %plugins/CrtShimPlugin.so | FileCheck %s --check-prefix=DYN
// RUN: llvm-readelf -d %plugins/neverc-built/CrtShimPlugin.so | FileCheck %s --check-prefix=DYN
// RUN: llvm-readelf -d %t/shim-O0.so | FileCheck %s --check-prefix=DYN
// RUN: llvm-readelf -d %t/shim-O2.so | FileCheck %s --check-prefix=DYN
// RUN: llvm-readelf -d %t/shim-nc-O2.so | FileCheck %s --check-prefix=DYN
// DYN: Dynamic section
// DYN-NOT: NEEDED
// RUN: llvm-nm -D --undefined-only %plugins/CrtShimPlugin.so | count 0
// RUN: llvm-nm -D --undefined-only %plugins/neverc-built/CrtShimPlugin.so | count 0
// RUN: llvm-nm -D --undefined-only %t/shim-O0.so | count 0
// RUN: llvm-nm -D --undefined-only %t/shim-O2.so | count 0
// RUN: llvm-nm -D --undefined-only %t/shim-nc-O2.so | count 0
// RUN: llvm-nm --undefined-only %plugins/CrtShimPlugin.so | count 0
// RUN: llvm-nm --undefined-only %plugins/neverc-built/CrtShimPlugin.so | count 0
// RUN: llvm-nm --undefined-only %t/shim-O0.so | count 0
// RUN: llvm-nm --undefined-only %t/shim-O2.so | count 0
// RUN: llvm-nm --undefined-only %t/shim-nc-O2.so | count 0
// RUN: llvm-nm -D --defined-only %plugins/CrtShimPlugin.so | FileCheck %s --check-prefix=DEF
// RUN: llvm-nm -D --defined-only %plugins/neverc-built/CrtShimPlugin.so | FileCheck %s --check-prefix=DEF
// RUN: llvm-nm -D --defined-only %t/shim-O2.so | FileCheck %s --check-prefix=DEF
// DEF: T neverc_plugin_entry
// DEF-NOT: {{.}}
//
// Loaded into real compiles: one remark per translation unit.
// RUN: %neverc -fplugin=%plugins/CrtShimPlugin.so -O0 -c %s -o %t/cc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/CrtShimPlugin.so -O0 -c %s -o %t/nc-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%t/shim-O0.so -O0 -c %s -o %t/t0-O0.o 2>&1 | FileCheck %s --check-prefix=O0 --implicit-check-not=remark:
// O0: remark: crt-shim: 4 functions in the first batch of 8 (scale, helper, main, printf), no C runtime [plugin org.neverc.example.ir-crt-shim, neverc.ir.pass.post_opt]
// RUN: %neverc -fplugin=%plugins/CrtShimPlugin.so -O2 -c %s -o %t/cc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%plugins/neverc-built/CrtShimPlugin.so -O2 -c %s -o %t/nc-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc -fplugin=%t/shim-O2.so -O2 -c %s -o %t/t2-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark:
// RUN: %neverc -fplugin=%t/shim-nc-O2.so -O2 -c %s -o %t/tn-O2.o 2>&1 | FileCheck %s --check-prefix=O2 --implicit-check-not=remark:
// O2: remark: crt-shim: 3 functions in the first batch of 8 (scale, main, printf), no C runtime [plugin org.neverc.example.ir-crt-shim, neverc.ir.pass.post_opt]
//
// A full batch: only the first 8 of 44 functions are collected.
// RUN: %neverc -fplugin=%plugins/CrtShimPlugin.so -O2 -c %S/Inputs/many-functions.c -o %t/cc-many.o 2>&1 | FileCheck %s --check-prefix=MANY --implicit-check-not=remark:
// RUN: %neverc -fplugin=%plugins/neverc-built/CrtShimPlugin.so -O0 -c %S/Inputs/many-functions.c -o %t/nc-many.o 2>&1 | FileCheck %s --check-prefix=MANY --implicit-check-not=remark:
// MANY: remark: crt-shim: 8 functions in the first batch of 8 (a_rather_long_function_name_00, a_rather_long_function_name_01, a_rather_long_function_name_02, a_rather_long_function_name_03, a_rather_long_function_name_04, a_rather_long_function_name_05, a_rather_long_function_name_06, a_rather_long_function_name_07), maybe more, no C runtime [plugin org.neverc.example.ir-crt-shim, neverc.ir.pass.post_opt]
// An empty batch:
// RUN: %neverc -fplugin=%plugins/CrtShimPlugin.so -O2 -c %S/Inputs/no-functions.c -o %t/cc-none.o 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=remark:
// NONE: remark: crt-shim: 0 functions in the first batch of 8, no C runtime [plugin org.neverc.example.ir-crt-shim, neverc.ir.pass.post_opt]
//
// Read-only: the same bytes with and without the plugin, and as clang-22.
// RUN: %neverc -O0 -c %s -o %t/plain-O0.o && %clang -O0 -c %s -o %t/clang-O0.o
// RUN: %neverc -O2 -c %s -o %t/plain-O2.o && %clang -O2 -c %s -o %t/clang-O2.o
// RUN: cmp %t/cc-O0.o %t/plain-O0.o && cmp %t/nc-O0.o %t/plain-O0.o && cmp %t/t0-O0.o %t/plain-O0.o && cmp %t/plain-O0.o %t/clang-O0.o
// RUN: cmp %t/cc-O2.o %t/plain-O2.o && cmp %t/nc-O2.o %t/plain-O2.o && cmp %t/t2-O2.o %t/plain-O2.o && cmp %t/tn-O2.o %t/plain-O2.o && cmp %t/plain-O2.o %t/clang-O2.o
// RUN: %clang -O2 -c %S/Inputs/many-functions.c -o %t/clang-many-O2.o && cmp %t/cc-many.o %t/clang-many-O2.o
// RUN: %clang -O0 -c %S/Inputs/many-functions.c -o %t/clang-many-O0.o && cmp %t/nc-many.o %t/clang-many-O0.o
//
// A full link still runs.
// RUN: %neverc -fplugin=%plugins/neverc-built/CrtShimPlugin.so -O2 %s -o %t/shim 2>/dev/null && %t/shim | FileCheck %s --check-prefix=RUNS
// RUNS: scale(21) = 42

#include <stdio.h>
static int helper(int x) { return x + x; }
int scale(int x) { return helper(x); }
int main(void) {
  printf("scale(21) = %d\n", scale(21));
  return 0;
}
