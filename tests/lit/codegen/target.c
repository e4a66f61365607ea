// NevercTargetAPI.RegisterTarget: a plugin target over an architecture
// LLVM 22 generates code for (here "x86_64-acme-*"). A triple its matcher
// selects gets its macros (defined, and undefined over a -D) and its ID in
// the code-generation route's key, so the coarse edge registered for it
// makes the object; any other triple keeps clang's compile, byte for byte.
// What Clang's TargetInfo or an LLVM backend would have to take is refused
// with its status.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c %S/Inputs/other.c -o %t/other.o
// RUN: %neverc --target=x86_64-acme-linux-gnu -D__ACME_GONE__ -c %s -o %t/acme.o -fplugin=%test_plugins/CodeGenTargetPlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: cmp %t/acme.o %t/other.o
// CHECK: codegen: RegisterTarget(acme) OK
// CHECK-NEXT: codegen: RegisterCodeGenEdge(acme) OK
// CHECK-NEXT: codegen: RegisterTarget(same ID) DUPLICATE_ID
// CHECK-NEXT: codegen: RegisterTarget(built-in ID) DUPLICATE_ID
// CHECK-NEXT: codegen: RegisterTarget(no matcher) INVALID_DESCRIPTOR
// CHECK-NEXT: warning: plugin 'org.neverc.test.codegen': NevercTargetAPI.RegisterTarget: target 'acme': architecture 'riscv64' has no LLVM backend here (x86_64, aarch64)
// CHECK-NEXT: codegen: RegisterTarget(riscv64) CAPABILITY_UNAVAILABLE
// CHECK-NEXT: warning: plugin 'org.neverc.test.codegen': NevercTargetAPI.RegisterTarget: target 'acme': builtins, inline-asm registers, constraints and clobbers cannot be added to Clang 22's TargetInfo
// CHECK-NEXT: codegen: RegisterTarget(clobbers) CAPABILITY_UNAVAILABLE
// CHECK-NEXT: warning: plugin 'org.neverc.test.codegen': NevercTargetAPI.RegisterTarget: target 'acme': aliases: a target is selected by its triple matchers, the driver takes no target names
// CHECK-NEXT: codegen: RegisterTarget(aliases) CAPABILITY_UNAVAILABLE
// CHECK-NEXT: codegen: RegisterTarget(macro flag 2) INVALID_DESCRIPTOR
// CHECK: codegen: edge lower arch='x86_64' target-x86=0 input-ir=1 output-image=1 final-ir=1
// CHECK: codegen: edge verify obligations=31 kind=6 frameless-GetImage=OK
//
// The macros, as the preprocessor sees them.
// RUN: %neverc --target=x86_64-acme-linux-gnu -D__ACME_GONE__ -E %s -fplugin=%test_plugins/CodeGenTargetPlugin.so 2>/dev/null | FileCheck %s --check-prefix=PP
// PP: int Acme = 7;
// PP-NOT: gone
//
// Another triple: no macro, no edge, clang's object.
// RUN: %neverc -D__ACME_GONE__ -c %s -o %t/plain.o -fplugin=%test_plugins/CodeGenTargetPlugin.so 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %clang -D__ACME_GONE__ -c %s -o %t/plain-clang.o
// RUN: cmp %t/plain.o %t/plain-clang.o
// PLAIN-NOT: edge lower

#ifdef __ACME_TARGET__
const char *Which = "acme " "__ACME_TARGET__";
int Acme = __ACME_TARGET__;
#endif
#ifdef __ACME_GONE__
const char *Gone = "gone";
#endif
