// neverc.link.post_emit: an interceptor edits the linked image through its
// builder (NevercBinaryImageInfo.Binary + Builder) before the sealed gates
// see it. What it writes is what is committed; an image it breaks is
// refused by image_verify and nothing is written; a write past the bound
// it reserved aborts staging (rule 16).
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %neverc -c %s -o %t/main.o
//
// The marker string, patched in place: the program prints the new one.
// RUN: %neverc %t/main.o -o %t/patched -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=patch 2>&1 | FileCheck %s --check-prefix=PATCH --implicit-check-not=error:
// RUN: %t/patched | FileCheck %s --check-prefix=PATCHED
// PATCH: link: patch WriteAt OK
// PATCHED: NEVERC-LINK-MARK-BBBB
//
// Cut to 16 bytes: the host's audit refuses it; the old output is gone
// (as clang removes a failed link's output) and nothing is left staged.
// RUN: mkdir -p %t/truncate && echo old > %t/truncate/a.out
// RUN: not env TMPDIR=%t/tmp %neverc %t/main.o -o %t/truncate/a.out -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=truncate 2>&1 | FileCheck %s --check-prefix=TRUNCATE
// RUN: ls -A %t/truncate > %t/truncate.list
// RUN: ls -A %t/tmp >> %t/truncate.list
// RUN: not grep . %t/truncate.list
// TRUNCATE: link: truncate Resize OK
// TRUNCATE: error: in neverc.link.verify_final_image: the image for '{{.*}}a.out' is refused: it is not an ELF file
// TRUNCATE: error: in neverc.link.image_verify: host verifier 'neverc.link.verify_final_image' rejected the output (VERIFICATION_FAILED)
// TRUNCATE-NOT: link: before side_outputs_verify
// TRUNCATE-NOT: link: before commit
//
// Past the bound: RESOURCE_EXHAUSTED, staging aborted, every later write
// refused, post_emit's verifier refuses the image.
// RUN: mkdir -p %t/overflow
// RUN: not %neverc %t/main.o -o %t/overflow/a.out -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: ls -A %t/overflow > %t/overflow.list
// RUN: not grep . %t/overflow.list
// OVERFLOW: link: overflow Reserve OK
// OVERFLOW-NEXT: link: overflow Append RESOURCE_EXHAUSTED
// OVERFLOW-NEXT: link: after overflow WriteAt INVALID_STATE
// OVERFLOW: error: in neverc.link.verify_post_emit_image: the image for '{{.*}}a.out' is refused: staging was aborted: NevercMutableBinaryAPI.Append would make the image end at {{[0-9]+}} + 1 bytes, past its bound of {{[0-9]+}} bytes (Reserve)
// OVERFLOW-NOT: link: before image_verify

#include <stdio.h>

static const char Mark[] = "NEVERC-LINK-MARK-AAAA";
int main(void) {
  puts(Mark);
  return 0;
}
