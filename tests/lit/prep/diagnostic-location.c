// A plugin diagnostic that names a source location is printed by Clang's own
// engine: file, line, column, the source line and a caret; it fails the
// compile and leaves no object file.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -I%sdk_include %S/Inputs/ForbidMacroPlugin.c -o %t/forbid.so
// RUN: not %neverc -fplugin=%t/forbid.so -c %s -o %t/out.o 2>&1 | FileCheck %s
// RUN: not test -e %t/out.o
// A fix-it cannot be honoured here: the plugin's EmitDiagnostic gets
// CAPABILITY_UNAVAILABLE (with a warning saying why), its observer fails.
// RUN: not %neverc -fplugin=%t/forbid.so -DFIXIT -c %s -o %t/fix.o 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: not test -e %t/fix.o
// Without the macro the same plugin lets the compile through.
// RUN: %neverc -fplugin=%t/forbid.so -DSKIP -c %s -o %t/ok.o
// RUN: test -f %t/ok.o

#if defined(FIXIT)
#define FORBIDDEN_FIXIT 1
#elif !defined(SKIP)
#define FORBIDDEN 1
#endif
int value;

// CHECK: diagnostic-location.c:20:9: error: macro 'FORBIDDEN' is not allowed here [plugin org.test.forbid]
// CHECK-NEXT: 20 | #define FORBIDDEN 1
// CHECK-NEXT: |         ^~~~~~~~~
// FIX: warning: diagnostic fix-its are unavailable in this build
// FIX: CAPABILITY_UNAVAILABLE
