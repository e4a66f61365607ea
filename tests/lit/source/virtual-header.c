// A header served from memory by the VirtualHeaderPlugin example's VFS
// provider (top layer of the compile's overlay file system).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/VirtualHeaderPlugin.so %s -o %t/prog
// RUN: %t/prog | FileCheck %s
// The same through -E: the header text is the plugin's.
// RUN: %neverc -fplugin=%plugins/VirtualHeaderPlugin.so -E %s | FileCheck %s --check-prefix=PP
// Without the plugin the header does not exist.
// RUN: not %neverc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=MISSING
// With -MD the virtual header is a dependency like any other.
// RUN: %neverc -fplugin=%plugins/VirtualHeaderPlugin.so -c %s -o %t/v.o -MD -MF %t/v.d
// RUN: FileCheck %s --check-prefix=DEP < %t/v.d
#include <neverc-example/virtual.h>
#include <stdio.h>

int main(void) {
  printf("answer %d\n", NEVERC_VIRTUAL_ANSWER);
  return NEVERC_VIRTUAL_ANSWER == 42 ? 0 : 1;
}
// CHECK: answer 42
// PP: printf("answer %d\n", 42);
// MISSING: 'neverc-example/virtual.h' file not found
// DEP: neverc-example/virtual.h
