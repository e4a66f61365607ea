// With observers on neverc.codegen.coarse_lower and product_verify and an
// interceptor that only calls InvokeNext, the object is LLVM's own for the
// same module and options: byte-identical to clang-22's, at -O0 and -O2,
// with debug info, PIC, split DWARF (the .dwo too), for AArch64, and to
// standard output. A compile that writes no object (-S) does not run the
// phases.
//
// RUN: rm -rf %t && mkdir -p %t/n %t/c
// RUN: %clang -c %s -o %t/c/a.o
// RUN: %neverc -c %s -o %t/n/a.o -fplugin=%test_plugins/CodeGenTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: cmp %t/n/a.o %t/c/a.o
// CHECK: codegen: before coarse_lower input-image INVALID_STATE
// CHECK-NEXT: codegen: before coarse_lower image state=CANDIDATE size>0=0 elf=1 provenance=''
// CHECK-NEXT: codegen: after coarse_lower image state=CANDIDATE size>0=1 elf=1 provenance='LLVM 22's code generator'
// CHECK-NEXT: codegen: before product_verify image state=CANDIDATE size>0=1 elf=1
// CHECK-NEXT: codegen: after product_verify image state=VERIFIED size>0=1 elf=1
//
// RUN: %clang -O2 -g -c %s -o %t/c/b.o
// RUN: %neverc -O2 -g -c %s -o %t/n/b.o -fplugin=%test_plugins/CodeGenTestPlugin.so 2>/dev/null
// RUN: cmp %t/n/b.o %t/c/b.o
// RUN: %clang -O1 -fPIC -ffunction-sections -c %s -o %t/c/c.o
// RUN: %neverc -O1 -fPIC -ffunction-sections -c %s -o %t/n/c.o -fplugin=%test_plugins/CodeGenTestPlugin.so 2>/dev/null
// RUN: cmp %t/n/c.o %t/c/c.o
// RUN: %clang --target=aarch64-linux-gnu -O2 -c %s -o %t/c/d.o
// RUN: %neverc --target=aarch64-linux-gnu -O2 -c %s -o %t/n/d.o -fplugin=%test_plugins/CodeGenTestPlugin.so 2>&1 | FileCheck %s --check-prefix=A64
// RUN: cmp %t/n/d.o %t/c/d.o
// A64: codegen: after product_verify image state=VERIFIED size>0=1 elf=1
//
// Split DWARF: the route's code generation writes the .dwo; Clang's
// emptied one writes none over it (the object names its .dwo and the
// compile's directory, so both compiles run in one place).
// RUN: mkdir -p %t/w && cd %t/w && %clang -g -gsplit-dwarf -c %s -o e.o
// RUN: mv %t/w/e.o %t/w/e.dwo %t/c/
// RUN: cd %t/w && %neverc -g -gsplit-dwarf -c %s -o e.o -fplugin=%test_plugins/CodeGenTestPlugin.so 2>/dev/null
// RUN: cmp %t/w/e.o %t/c/e.o
// RUN: cmp %t/w/e.dwo %t/c/e.dwo
//
// RUN: %neverc -c %s -o - -fplugin=%test_plugins/CodeGenTestPlugin.so 2>/dev/null > %t/n/stdout.o
// RUN: cmp %t/n/stdout.o %t/c/a.o
//
// With an MC observer too, the emission phases see the route's one unit
// (Clang's emptied code generation is LLVM's alone): as many events as
// without the codegen plugin.
// RUN: %neverc -c %s -o %t/n/mc.o -fplugin=%plugins/MCObserverPlugin.so 2>&1 | grep -c "mc-observer: instruction" > %t/n/mc-alone
// RUN: %neverc -c %s -o %t/n/mc.o -fplugin=%plugins/MCObserverPlugin.so -fplugin=%test_plugins/CodeGenTestPlugin.so 2>&1 | grep -c "mc-observer: instruction" > %t/n/mc-both
// RUN: cmp %t/n/mc-alone %t/n/mc-both
// RUN: cmp %t/n/mc.o %t/c/a.o
//
// RUN: %neverc -S %s -o %t/n/a.s -fplugin=%test_plugins/CodeGenTestPlugin.so 2>&1 | count 0
// RUN: %clang -S %s -o %t/c/a.s
// RUN: cmp %t/n/a.s %t/c/a.s

static const char Mark[] = "NEVERC-CG-MARK-AAAA";
int twice(int X) { return 2 * X; }
const char *mark(void) { return Mark; }
