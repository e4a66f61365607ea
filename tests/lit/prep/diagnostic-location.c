// A plugin diagnostic that names a source location is printed by Clang's own
// engine: file, line, column, the source line and a caret; it fails the
// compile and leaves no object file.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -I%sdk_include %S/Inputs/ForbidMacroPlugin.c -o %t/forbid.so
// RUN: not %neverc -fplugin=%t/forbid.so -c %s -o %t/out.o 2>&1 | FileCheck %s
// RUN: not test -e %t/out.o
// Without the macro the same plugin lets the compile through.
// RUN: %neverc -fplugin=%t/forbid.so -DSKIP -c %s -o %t/ok.o
// RUN: test -f %t/ok.o

#ifndef SKIP
#define FORBIDDEN 1
#endif
int value;

// CHECK: diagnostic-location.c:14:9: error: macro 'FORBIDDEN' is not allowed here [plugin org.test.forbid]
// CHECK-NEXT: 14 | #define FORBIDDEN 1
// CHECK-NEXT: |         ^
