// A provider of neverc.codegen.coarse_lower makes the product itself: it
// fills the candidate image the host made (Frame->CurrentOutput) through
// NevercObjectPhaseAPI.GetImage's builder and returns it; LLVM's code
// generator does not run for the module. The product passes the same
// checks and the sealed product_verify, and the object pipeline's phases
// run on it. A provider that fails fails the compile, naming it; nothing
// is written.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c %S/Inputs/other.c -o %t/other.o
// RUN: %neverc -c %S/Inputs/main.c -o %t/p.o -fplugin=%test_plugins/CodeGenProviderPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: cmp %t/p.o %t/other.o
// CHECK: codegen: provider wrote OK
// CHECK-NEXT: codegen: after coarse_lower image state=CANDIDATE size>0=1 elf=1 provenance='a plugin on neverc.codegen.coarse_lower'
// CHECK: codegen: after product_verify image state=VERIFIED
//
// With the object domain's example on pre_write: its section is added to
// the provided object (the object phases run on the product).
// RUN: %neverc -c %S/Inputs/main.c -o %t/q.o -fplugin=%test_plugins/CodeGenProviderPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o -fplugin=%plugins/ObjectRewritePlugin.so 2>/dev/null
// RUN: llvm-readelf -S %t/q.o | FileCheck %s --check-prefix=SECTIONS
// RUN: %neverc %t/q.o -o %t/q
// RUN: %t/q | FileCheck %s --check-prefix=RUNS
// SECTIONS: .neverc_ex
// RUNS: replaced by a plugin
//
// RUN: not %neverc -c %S/Inputs/main.c -o %t/missing.o -fplugin=%test_plugins/CodeGenProviderPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/nonexistent.o 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not ls %t/missing.o
// FAIL: error: provider 'org.neverc.test.codegen.object-file' failed with NOT_FOUND [plugin org.neverc.test.codegen, neverc.codegen.coarse_lower]
