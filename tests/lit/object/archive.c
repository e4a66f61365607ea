// An archive on a link line is taken apart: each relocatable member goes
// through the object phases as an object of its own (named
// "lib.a(member.o)"), and the link reads the archive again, rebuilt by
// LLVM's archive writer when a member changed (names and metadata as they
// were, the symbol table computed again), else byte for byte the original.
// The archive given is not touched.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -c %S/Inputs/archive-members.c -DFIRST -o %t/one.o
// RUN: %clang -O1 -c %S/Inputs/archive-members.c -o %t/two.o
// RUN: rm -f %t/lib.a && llvm-ar rcs %t/lib.a %t/one.o %t/two.o && cp %t/lib.a %t/lib.orig.a
// RUN: %clang -O1 -c %s -o %t/main.o
//
// ObjectRewritePlugin adds 29 marker bytes in .neverc_ex to every object it
// rewrites: main.o and the member the link pulls in make 58 (0x3a).
// RUN: %neverc -fplugin=%plugins/ObjectRewritePlugin.so %t/main.o %t/lib.a -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// RUN: cmp %t/lib.a %t/lib.orig.a
// RUN: llvm-readelf -S %t/prog | FileCheck %s --check-prefix=IMAGE
// OUT: one 1, marker: neverc object rewrite marker
// IMAGE: .neverc_ex PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 00003a
//
// Observers only: every member is read, nothing changes, the link reads
// the original archive (the program is the plain link's).
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so %t/main.o %t/lib.a -o %t/observed 2>&1 | FileCheck %s --check-prefix=OBSERVE
// RUN: %neverc %t/main.o %t/lib.a -o %t/plain && cmp %t/observed %t/plain
// OBSERVE-COUNT-3: object: read
//
// A plugin that fails on a member: the link does not run, no program.
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=fail %t/main.o %t/lib.a -o %t/failed 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: test ! -e %t/failed
// FAIL: pre_write returns PLUGIN_FAILURE
//
// A thin archive's members are files of their own: said, and linked as
// they are.
// RUN: rm -f %t/thin.a && llvm-ar rcsT %t/thin.a %t/one.o
// RUN: %neverc -fplugin=%plugins/ObjectRewritePlugin.so %t/main.o %t/thin.a -o %t/thin 2>&1 | FileCheck %s --check-prefix=THIN
// RUN: %t/thin | FileCheck %s --check-prefix=OUT
// THIN: warning: the members of the thin archive '{{.*}}thin.a' are other files: they do not go through the object phases
//
// A malformed archive: a clear error naming it, no program.
// RUN: printf '!<arch>\nbroken' > %t/bad.a
// RUN: not %neverc -fplugin=%plugins/ObjectRewritePlugin.so %t/main.o %t/bad.a -o %t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: test ! -e %t/bad
// BAD: error: cannot take the archive '{{.*}}bad.a' apart:

#include <stdio.h>
int one(void);
extern const char neverc_ex_marker[29] __attribute__((weak));
int main(void) {
  printf("one %d, marker: %s\n", one(),
         neverc_ex_marker ? neverc_ex_marker : "(none)");
  return 0;
}
