// A plugin diagnostic that names a source location is printed by Clang's own
// engine: file, line, column, the source line and a caret; it fails the
// compile and leaves no object file.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -I%sdk_include %S/Inputs/ForbidMacroPlugin.c -o %t/forbid.so
// RUN: not %neverc -fplugin=%t/forbid.so -c %s -o %t/out.o 2>&1 | FileCheck %s
// RUN: not test -e %t/out.o
// Fix-its: a made-up handle is refused (INVALID_DESCRIPTOR, nothing
// reported); one made with NevercFixItAPI prints as clang's own do, and
// -fixit applies it.
// RUN: not %neverc -fplugin=%t/forbid.so -DFIXIT -fdiagnostics-parseable-fixits -c %s -o %t/fix.o 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: not test -e %t/fix.o
// RUN: cp %s %t/copy.c
// RUN: not %neverc -fplugin=%t/forbid.so -DFIXIT -Xclang -fixit -fsyntax-only %t/copy.c
// RUN: grep -q "define ALLOWED 1" %t/copy.c
// Without the macro the same plugin lets the compile through.
// RUN: %neverc -fplugin=%t/forbid.so -DSKIP -c %s -o %t/ok.o
// RUN: test -f %t/ok.o

#if defined(FIXIT)
#define FORBIDDEN_FIXIT 1
#elif !defined(SKIP)
#define FORBIDDEN 1
#endif
int value;

// CHECK: diagnostic-location.c:24:9: error: macro 'FORBIDDEN' is not allowed here [plugin org.test.forbid]
// CHECK-NEXT: 24 | #define FORBIDDEN 1
// CHECK-NEXT: |         ^~~~~~~~~
// FIX: made-up fix-it: INVALID_DESCRIPTOR
// FIX-NOT: made-up
// FIX: diagnostic-location.c:22:9: error: macro 'FORBIDDEN' is not allowed here [plugin org.test.forbid]
// FIX-NEXT: 22 | #define FORBIDDEN_FIXIT 1
// FIX-NEXT: |         ^~~~~~~~~~~~~~~
// FIX-NEXT: |         ALLOWED
// FIX-NEXT: fix-it:"{{.*}}diagnostic-location.c":{22:9-22:24}:"ALLOWED"
