// NevercTargetAPI.RegisterCodeGenEdge: a coarse edge replaces the whole
// IR → object route for the compiles of its target. Its CoarseLower gets
// the request (the route key, the IR module, the kinds, the optimization
// level, the final-IR proof) and the empty candidate image, which it fills
// through NevercObjectPhaseAPI.GetImage with no frame; at the sealed
// product_verify the host checks the obligations (final IR, target key,
// kind, product ID, structure) and calls the edge's VerifyProduct with all
// five. A compile for another target keeps LLVM's route. Every refusal
// leaves no object.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c %S/Inputs/other.c -o %t/other.o
//
// Registration: one edge taken, the others refused with their status.
// RUN: %neverc -O2 -c %S/Inputs/main.c -o %t/edge.o -fplugin=%test_plugins/CodeGenEdgePlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=edge -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: cmp %t/edge.o %t/other.o
// RUN: %neverc %t/edge.o -o %t/edge
// RUN: %t/edge | FileCheck %s --check-prefix=RUNS
// CHECK: codegen: RegisterCodeGenEdge OK
// CHECK-NEXT: codegen: RegisterCodeGenEdge(same ID) DUPLICATE_ID
// CHECK-NEXT: codegen: RegisterCodeGenEdge(BUILTIN) INVALID_DESCRIPTOR
// CHECK-NEXT: codegen: RegisterCodeGenEdge(no CoarseLower) INVALID_DESCRIPTOR
// CHECK-NEXT: warning: plugin 'org.neverc.test.codegen' in neverc.codegen.coarse_lower: NevercTargetAPI.RegisterCodeGenEdge: edge 'org.neverc.test.object-file' is not available in this build: only coarse edges (IR to object image) are routed; LLVM's code generator makes the fine route's hops
// CHECK-NEXT: codegen: RegisterCodeGenEdge(MIR to MC) CAPABILITY_UNAVAILABLE
// CHECK-NEXT: warning: {{.*}}: a coarse edge must produce an object image (the compile commits an object file)
// CHECK-NEXT: codegen: RegisterCodeGenEdge(coarse to assembly) CAPABILITY_UNAVAILABLE
// CHECK-NEXT: codegen: RegisterCodeGenEdge(unknown target) NOT_FOUND
// CHECK-NEXT: codegen: RegisterCodeGenEdge(bad kind) INVALID_DESCRIPTOR
// CHECK-NEXT: codegen: RegisterCodeGenEdge(missing dependency) DEPENDENCY_MISSING
// CHECK-NEXT: codegen: RegisterCodeGenEdge(major 9) ABI_MISMATCH
// CHECK-NEXT: codegen: RegisterTarget(no ID) INVALID_DESCRIPTOR
// CHECK: codegen: edge lower arch='x86_64' target-x86=1 input-ir=1 output-image=1 final-ir=1 opt=3 candidate-kind=6
// CHECK-NEXT: codegen: edge wrote OK
// CHECK-NEXT: codegen: after coarse_lower image state=CANDIDATE size>0=1 elf=1 provenance='coarse edge 'org.neverc.test.object-file' of plugin 'org.neverc.test.codegen''
// CHECK: codegen: edge verify obligations=31 kind=6 frameless-GetImage=OK
// CHECK-NEXT: codegen: after product_verify image state=VERIFIED
// RUNS: replaced by a plugin
//
// Another target: the edge is not on its route; LLVM's object, clang's bytes.
// RUN: %clang --target=aarch64-linux-gnu -c %S/Inputs/arm.c -o %t/arm-clang.o
// RUN: %neverc --target=aarch64-linux-gnu -c %S/Inputs/arm.c -o %t/arm.o -fplugin=%test_plugins/CodeGenEdgePlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=edge -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: cmp %t/arm.o %t/arm-clang.o
// OTHER-NOT: edge lower
// OTHER: codegen: after coarse_lower image state=CANDIDATE size>0=1 elf=1 provenance='LLVM 22's code generator'
//
// The edge fails: the compile fails naming it.
// RUN: not %neverc -c %S/Inputs/main.c -o %t/fail.o -fplugin=%test_plugins/CodeGenEdgePlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=edge-fail 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not ls %t/fail.o
// FAIL: error: coarse edge 'org.neverc.test.object-file' failed: PLUGIN_FAILURE [plugin org.neverc.test.codegen, neverc.codegen.coarse_lower]
//
// Another ProductID than the edge registered (PRODUCT_ID).
// RUN: not %neverc -c %S/Inputs/main.c -o %t/badid.o -fplugin=%test_plugins/CodeGenEdgePlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=edge-badid -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --check-prefix=BADID
// RUN: not ls %t/badid.o
// BADID: error: coarse edge 'org.neverc.test.object-file' returned another ProductID than it registered [plugin org.neverc.test.codegen, neverc.codegen.verify_route_obligations]
// BADID-NOT: edge verify
//
// The edge's own VerifyProduct refuses.
// RUN: not %neverc -c %S/Inputs/main.c -o %t/refuse.o -fplugin=%test_plugins/CodeGenEdgePlugin.so -fplugin-arg=org.neverc.test.codegen:--cg-mode=edge-refuse -fplugin-arg=org.neverc.test.codegen:--cg-object=%t/other.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not ls %t/refuse.o
// REFUSE: codegen: edge verify obligations=31
// REFUSE: error: coarse edge 'org.neverc.test.object-file' refused its product: VERIFICATION_FAILED [plugin org.neverc.test.codegen, neverc.codegen.verify_route_obligations]
// REFUSE-NOT: after product_verify
//
// product_verify is a sealed gate: an interceptor there is refused when
// the registrations are applied.
// RUN: not %neverc -c %S/Inputs/main.c -o %t/seal.o -fplugin=%test_plugins/CodeGenSealPlugin.so 2>&1 | FileCheck %s --check-prefix=SEAL
// RUN: not ls %t/seal.o
// SEAL: codegen: seal RegisterInterceptor(product_verify) OK
// SEAL: error: plugin 'org.neverc.test.codegen' in neverc.codegen.product_verify: interceptor refused: phase neverc.codegen.product_verify does not allow it
