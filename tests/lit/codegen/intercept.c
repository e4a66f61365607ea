// neverc.codegen.coarse_lower's interceptors and the product's checks.
// An interceptor edits the object LLVM made through the candidate's builder
// (NevercObjectPhaseAPI.GetImage: Binary + Builder) or, without calling
// InvokeNext, fills the candidate itself and returns REPLACE; what it leaves
// is what the compile commits. verify_coarse_product refuses a product that
// is not a relocatable ELF object of the compile's architecture, and a
// REPLACE whose output is not the candidate; nothing is written then.
// Observers cannot write (POLICY_VIOLATION), before or after.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c %S/Inputs/other.c -o %t/other.o
// RUN: %clang --target=aarch64-linux-gnu -c %S/Inputs/arm.c -o %t/arm.o
// RUN: %clang -c %S/Inputs/main.c -o %t/clang.o
//
// The marker in .rodata, patched after InvokeNext: the program prints it.
// RUN: %neverc -c %S/Inputs/main.c -o %t/patch.o -fplugin=%test_plugins/CodeGenTestPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=patch 2>&1 | FileCheck %s --check-prefix=PATCH --implicit-check-not=error:
// RUN: %neverc %t/patch.o -o %t/patch
// RUN: %t/patch | FileCheck %s --check-prefix=PATCHED
// PATCH: codegen: patch found=1 WriteAt OK
// PATCH-NEXT: codegen: after coarse_lower image state=CANDIDATE size>0=1 elf=1 provenance='LLVM 22's code generator, edited by a plugin'
// PATCH: codegen: after product_verify image state=VERIFIED
// PATCHED: NEVERC-CG-MARK-BBBB 42
//
// REPLACE with another object: committed as it is, byte for byte.
// RUN: %neverc -c %S/Inputs/main.c -o %t/replace.o -fplugin=%test_plugins/CodeGenTestPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=replace -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --check-prefix=REPLACE --implicit-check-not=error:
// RUN: cmp %t/replace.o %t/other.o
// RUN: %neverc %t/replace.o -o %t/replace
// RUN: %t/replace | FileCheck %s --check-prefix=REPLACED
// REPLACE: codegen: replace wrote OK
// REPLACE-NEXT: codegen: after coarse_lower image state=CANDIDATE size>0=1 elf=1 provenance='a plugin on neverc.codegen.coarse_lower'
// REPLACE: codegen: after product_verify image state=VERIFIED
// REPLACED: replaced by a plugin
//
// Cut to 16 bytes: refused, no object, and the sealed gate never runs.
// RUN: not %neverc -c %S/Inputs/main.c -o %t/truncate.o -fplugin=%test_plugins/CodeGenTestPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=truncate 2>&1 | FileCheck %s --check-prefix=TRUNCATE
// RUN: not ls %t/truncate.o
// TRUNCATE: codegen: truncate Resize OK
// TRUNCATE: error: the code-generation product (LLVM 22's code generator, edited by a plugin) is not a valid object for 'x86_64-{{.*}}': it is not an object file: {{.*}} [neverc, neverc.codegen.verify_coarse_product]
// TRUNCATE-NEXT: error: host verifier 'neverc.codegen.verify_coarse_product' rejected the output (VERIFICATION_FAILED) [neverc, neverc.codegen.coarse_lower]
// TRUNCATE-NOT: product_verify
//
// An AArch64 object for an x86-64 compile (TARGET_KEY).
// RUN: not %neverc -c %S/Inputs/main.c -o %t/arm-product.o -fplugin=%test_plugins/CodeGenTestPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=replace -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/arm.o 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not ls %t/arm-product.o
// ARCH: error: the code-generation product (a plugin on neverc.codegen.coarse_lower) is not a valid object for 'x86_64-{{.*}}': it is made for aarch64, the compile targets x86_64 [neverc, neverc.codegen.verify_coarse_product]
//
// An interceptor's REPLACE naming the IR module instead of the candidate.
// RUN: not %neverc -c %S/Inputs/main.c -o %t/input.o -fplugin=%test_plugins/CodeGenTestPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=replace-input 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: not ls %t/input.o
// INPUT: error: phase output artifact has the wrong type [neverc, neverc.codegen.coarse_lower]
//
// Observers read, never write; the object is LLVM's.
// RUN: %neverc -c %S/Inputs/main.c -o %t/obs.o -fplugin=%test_plugins/CodeGenTestPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=obs-write 2>&1 | FileCheck %s --check-prefix=OBS --implicit-check-not=error:
// RUN: cmp %t/obs.o %t/clang.o
// OBS: codegen: after coarse_lower observer Write POLICY_VIOLATION
// OBS: codegen: after product_verify observer Write POLICY_VIOLATION
