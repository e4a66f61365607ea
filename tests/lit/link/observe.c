// The six phases of the whole-link route fire in a real link, in order,
// with an observer on each (a plugin on neverc.link.full keeps the link
// on lld's route): full (lld, in process), post_emit, the sealed
// image_verify and side_outputs_verify, the sealed commit, the
// after_commit event. The request is read from lld's command line; the
// image's facts and pages come from its bytes. An observer changes no
// byte: the executable is the one neverc -fuse-ld=lld links with no plugin
// and the one clang-22 links with lld.
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %neverc -c %s -o %t/main.o
// RUN: env TMPDIR=%t/tmp %neverc %t/main.o -o %t/observed -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %t/observed | FileCheck %s --check-prefix=RUNOUT
// RUN: %neverc -fuse-ld=lld %t/main.o -o %t/plain
// RUN: %clang -fuse-ld=lld %t/main.o -o %t/clang
// RUN: cmp %t/observed %t/plain
// RUN: cmp %t/observed %t/clang
//
// The staging directory is gone with the link.
// RUN: ls -A %t/tmp > %t/tmp.list
// RUN: not grep . %t/tmp.list
//
// A shared library: its kind, and no entry point check.
// RUN: %neverc -fPIC -shared -DLIB %s -o %t/libx.so -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s --check-prefix=SHARED --implicit-check-not=error:
// RUN: %clang -fuse-ld=lld -fPIC -shared -DLIB %s -o %t/libx-clang.so
//
// CHECK:      link: before full state=CANDIDATE size>0=0
// CHECK-NEXT: link: GetRequest OK
// CHECK-NEXT: link: request output=observed kind=EXECUTABLE pie=1 inputs={{[0-9]+}}
// CHECK:      link: input OBJECT main.o
// CHECK:      link: inputs objects>0=1 shared>0=0 archives>0=1 scripts>0=1
// CHECK-NEXT: link: GetRequest(own handle) OK same=1
// CHECK-NEXT: link: GetRequest(bogus handle) STALE_HANDLE
// CHECK-NEXT: link: GetRequest(short struct) INVALID_ARGUMENT
// CHECK-NEXT: link: after full state=CANDIDATE size>0=1
// CHECK-NEXT: link: before post_emit state=CANDIDATE size>0=1
// CHECK-NEXT: link: after post_emit state=CANDIDATE size>0=1
// CHECK-NEXT: link: before image_verify state=CANDIDATE size>0=1
// CHECK-NEXT: link: after image_verify state=VERIFIED size>0=1
// CHECK-NEXT: link: image state=VERIFIED kind=EXECUTABLE size>0=1 segments>0=1 sections>0=1 entry>0=1 imports>0=1 exports=0 dynrelocs>0=1
// CHECK-NEXT: link: segments count-matches=1 loads>0=1 exec-loads=1 interp=1
// CHECK-NEXT: link: sections walked=1 text-in-exec-segment=1
// CHECK-NEXT: link: before side_outputs_verify state=VERIFIED size>0=1
// CHECK-NEXT: link: after side_outputs_verify state=VERIFIED size>0=1
// CHECK-NEXT: link: before commit state=VERIFIED size>0=1
// CHECK-NEXT: link: after-commit commit state=COMMITTED size>0=1
// CHECK-NEXT: link: after after_commit state=COMMITTED size>0=1
//
// RUNOUT: NEVERC-LINK-MARK-AAAA
//
// SHARED: link: request output=libx.so kind=SHARED_LIBRARY pie=0
// SHARED: link: image state=VERIFIED kind=SHARED_LIBRARY size>0=1 segments>0=1 sections>0=1 entry>0=0 imports>0={{[01]}} exports={{[1-9][0-9]*}}
// SHARED: link: after after_commit state=COMMITTED

#include <stdio.h>

#ifdef LIB
int shared_answer(void) { return 42; }
#else
static const char Mark[] = "NEVERC-LINK-MARK-AAAA";
int main(void) {
  puts(Mark);
  return 0;
}
#endif
