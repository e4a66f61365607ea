// Synthetics a plugin makes (NevercLinkAPI Create/Replace/EraseSynthetic,
// our vocabulary): Role names a new output section, Atom the atom that
// leaves its own output section for it (Section: null, or that atom's).
// Layout places it by its flags; the synthetic pager lists it after the
// linker's own, which a plugin may not replace or erase. The gc
// interceptor of link/test/GraphStepsPlugin.c makes one for the atom of
// --steps-symbol; its layout interceptor renames (or erases) it, which
// takes the graph back to before synthesize (SYNTHETICS_READY, spec §6.2):
// the steps from there run again.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O1 -ffunction-sections -c %s -o %t/c.o
//
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode synthetic --steps-symbol hot %t/c.o -o %t/moved 2>&1 | FileCheck %s --check-prefix=MOVE --implicit-check-not=error:
// MOVE:      steps: BeginMutation OK
// MOVE-NEXT: warning: in neverc.link: synthetic refused: '.got' is an output section the linker makes itself
// MOVE-NEXT: steps: CreateSynthetic(.got) INVALID_ARGUMENT
// MOVE-NEXT: warning: in neverc.link: synthetic refused: Role must name an output section (1 to 255 bytes, no NUL)
// MOVE-NEXT: steps: CreateSynthetic(no role) INVALID_ARGUMENT
// MOVE-NEXT: steps: CreateSynthetic(a symbol as the section) WRONG_TYPE
// MOVE-NEXT: steps: CreateSynthetic(no handle out) INVALID_ARGUMENT
// MOVE-NEXT: steps: CreateSynthetic OK
// MOVE-NEXT: warning: in neverc.link: synthetic refused: atom {{[0-9]+}} has an output section of its own already
// MOVE-NEXT: steps: CreateSynthetic(the same atom) INVALID_ARGUMENT
// MOVE-NEXT: steps: GetSyntheticInfo(staged) INVALID_STATE
// MOVE-NEXT: steps: CommitMutation OK
// MOVE-NEXT: steps: CommitMutation(again) STALE_HANDLE
// MOVE-NEXT: steps: GetSyntheticInfo(committed) OK: .text.neverc_hot, its atom's=1
// After layout: the linker's synthetics, then the plugin's.
// MOVE:      steps: GetSyntheticPage OK: .interp {{.*}}.dynamic{{.*}} .text.neverc_hot
// MOVE:      steps: BeginMutation OK
// MOVE-NEXT: warning: in neverc.link: synthetic refused: '.interp' is the linker's own: synthesize and layout make it
// MOVE-NEXT: steps: ReplaceSynthetic(the linker's .interp) INVALID_ARGUMENT
// MOVE-NEXT: warning: in neverc.link: synthetic refused: '.interp' is the linker's own: synthesize and layout make it
// MOVE-NEXT: steps: EraseSynthetic(the linker's) INVALID_ARGUMENT
// MOVE-NEXT: steps: ReplaceSynthetic OK
// MOVE-NEXT: steps: CommitMutation OK
// MOVE-NEXT: steps: after the commit, state 8
// MOVE:      steps: after layout state=11
// RUN: %t/moved | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -S %t/moved | FileCheck %s --check-prefix=SECTION
// SECTION-NOT: .text.neverc_hot {{ }}
// SECTION:     .text.neverc_hot2 PROGBITS {{.*}} AX
// SECTION-NOT: .text.neverc_hot {{ }}
// RUN: llvm-objdump -t %t/moved | FileCheck %s --check-prefix=SYMBOL
// SYMBOL: F .text.neverc_hot2 {{[0-9a-f]+}} hot
//
// Erased: hot goes back to .text.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode synthetic-erase --steps-symbol hot %t/c.o -o %t/back 2>&1 | FileCheck %s --check-prefix=ERASE --implicit-check-not=error:
// ERASE:      steps: EraseSynthetic OK
// ERASE-NEXT: steps: CommitMutation OK
// ERASE-NEXT: steps: after the commit, state 8
// ERASE-NEXT: steps: GetSyntheticInfo(erased) STALE_HANDLE
// RUN: %t/back | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -S %t/back | FileCheck %s --check-prefix=NONE
// NONE-NOT: neverc_hot
// RUN: llvm-objdump -t %t/back | FileCheck %s --check-prefix=TEXT
// TEXT: F .text {{[0-9a-f]+}} hot
//
// OUT: 42

#include <stdio.h>

__attribute__((noinline)) int hot(int X) { return X * 2; }

int main(void) {
  printf("%d\n", hot(21));
  return 0;
}
