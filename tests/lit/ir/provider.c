// Providers of neverc.ir.generate and neverc.ir.optimize (IRProviderPlugin)
// through NevercIRGenAPI and NevercIROptimizationAPI: the published module
// is the one the program is made from; a publication for another target is
// refused (VERIFICATION_FAILED, the provider fixes it and publishes again);
// an optimize provider that runs the built-in pipeline writes clang's
// bytes, one that does not skips the extension-point passes (a remark).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IR_PROVIDER=gen-import %neverc -fplugin=%test_plugins/IRProviderPlugin.so -O2 %s -o %t/import 2>&1 | FileCheck %s --check-prefix=IMPORT --implicit-check-not=FAILED
// RUN: bash -c '%t/import; test $? = 42'
// IMPORT: provider: GetGeneratePhaseInput -> OK ok
// IMPORT-NEXT: provider: input: triple {{.*}}, data layout set, source named
// IMPORT-NEXT: provider: ImportModule(text) -> OK ok
// IMPORT-NEXT: provider: PublishModule -> OK ok
// IMPORT-NEXT: provider: GetModuleArtifactInfo: product and digest as published -> OK ok
//
// RUN: env IR_PROVIDER=gen-build %neverc -fplugin=%test_plugins/IRProviderPlugin.so -O0 %s -o %t/build 2>&1 | FileCheck %s --check-prefix=BUILD --implicit-check-not=FAILED
// RUN: bash -c '%t/build; test $? = 7'
// BUILD: provider: CreateModule -> OK ok
// BUILD: provider: PublishModule -> OK ok
//
// RUN: env IR_PROVIDER=gen-target %neverc -fplugin=%test_plugins/IRProviderPlugin.so -O2 %s -o %t/target 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not=FAILED
// RUN: bash -c '%t/target; test $? = 42'
// TARGET: warning: PublishModule refused: the module targets 'aarch64-unknown-linux-gnu'
// TARGET: provider: PublishModule(another target) -> VERIFICATION_FAILED ok
// TARGET-NEXT: provider: PublishModule -> OK ok
//
// RUN: env IR_PROVIDER=opt-builtin %neverc -fplugin=%test_plugins/IRProviderPlugin.so -O2 -c %s -o %t/builtin.o 2>&1 | FileCheck %s --check-prefix=BUILTIN --implicit-check-not=FAILED
// RUN: %clang -O2 -c %s -o %t/clang.o && cmp %t/builtin.o %t/clang.o
// BUILTIN: provider: optimize input: O2, disable-llvm-passes 0
// BUILTIN-NEXT: provider: optimizer_last pass ran
// BUILTIN-NEXT: provider: RunBuiltinPipeline -> OK ok
//
// RUN: env IR_PROVIDER=opt-edit %neverc -fplugin=%test_plugins/IRProviderPlugin.so -O2 -S -emit-llvm %s -o %t/edit.ll 2>&1 | FileCheck %s --check-prefix=EDIT --implicit-check-not=FAILED
// RUN: FileCheck %s --check-prefix=EDITIR < %t/edit.ll
// EDIT: provider: GetInputModule -> OK ok
// EDIT-NEXT: provider: AddFunctionAttribute(main) -> OK ok
// EDIT-NEXT: provider: PublishModule(the edited input) -> OK ok
// EDIT-NEXT: remark: the ir.optimize provider did not run the built-in pipeline
// EDIT-NOT: optimizer_last pass ran
// EDITIR: "neverc-optimized-by"="provider"
//
// RUN: env IR_PROVIDER=misuse %neverc -fplugin=%test_plugins/IRProviderPlugin.so -O1 -c %s -o %t/misuse.o 2>&1 | FileCheck %s --check-prefix=MISUSE --implicit-check-not=FAILED
// MISUSE: provider: GetInputModule from an observer -> POLICY_VIOLATION ok
// MISUSE: provider: Gen.CreateModule with an ir.optimize frame -> WRONG_SCOPE ok
// MISUSE-NEXT: provider: GetInputModule(not an artifact) -> WRONG_TYPE ok
// MISUSE-NEXT: provider: PublishModule(descriptor NULL) -> INVALID_ARGUMENT ok

static int sq(int x) { return x * x; }
int main(void) { return sq(3) == 9 ? 0 : 1; }
