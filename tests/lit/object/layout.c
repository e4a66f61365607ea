// Layout proofs (rule 6), ObjectTestPlugin mode=stale-proof.
//
// post_layout (an interceptor) reads the proof of generation 1 (ELF,
// x86-64), then commits a mutation that adds a section: the graph is at
// generation 2 without a proof (GetLayoutProof NOT_FOUND, the phase's view
// too) and the handle of the old proof is STALE_HANDLE. A change in
// post_layout is laid out again without a word: write sees the proof of
// generation 2. The write interceptor then commits another section before
// it runs the rest of the chain: the write refuses the proof it has (a
// warning says so) and the graph is laid out again; the image is of
// generation 3 and has both sections; the program runs.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=stale-proof -O1 -c %s -o %t/stale.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK:      remark: object: post_layout GetLayoutProof OK same-as-phase=1 has-proof=1 [plugin org.neverc.test.object]
// CHECK-NEXT: remark: object: post_layout GetLayoutProofInfo OK gen=1 graph-gen=1 format=elf target=x86-64
// CHECK-NEXT: remark: object: post_layout add .neverc_layout OK gen=2 has-proof=0
// CHECK-NEXT: remark: object: post_layout GetLayoutProof(after the change) NOT_FOUND null=1 phase-view-null=1
// CHECK-NEXT: remark: object: post_layout GetLayoutProofInfo(old proof) STALE_HANDLE
// CHECK-NOT:  warning:
// CHECK-NEXT: remark: object: write GetLayoutProof OK same-as-phase=1 has-proof=1
// CHECK-NEXT: remark: object: write GetLayoutProofInfo OK gen=2 graph-gen=2 format=elf target=x86-64
// CHECK-NEXT: remark: object: write add .neverc_late OK gen=3 has-proof=0
// CHECK-NEXT: remark: object: write GetLayoutProof(after the change) NOT_FOUND null=1 phase-view-null=1
// CHECK-NEXT: remark: object: write GetLayoutProofInfo(old proof) STALE_HANDLE
// CHECK-NEXT: warning: the layout proof is for generation 2, the graph is at 3: the write with it is refused and the graph laid out again [neverc, neverc.object.write]
// CHECK-NEXT: remark: object: write image graph-gen=3 layout-report-gen=3 format=elf state=CANDIDATE

// RUN: llvm-readelf -S %t/stale.o | FileCheck %s --check-prefix=ELF
// ELF-DAG: ] .neverc_layout PROGBITS
// ELF-DAG: ] .neverc_late PROGBITS
// RUN: llvm-readelf -x .neverc_late %t/stale.o | FileCheck %s --check-prefix=BYTES
// BYTES: .neverc_late.
// RUN: %clang %t/stale.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=EXEC
// EXEC: laid out twice

#include <stdio.h>

int main(void) {
  puts("laid out twice");
  return 0;
}
