// sdk/examples/CallCountPlugin.c instruments every function of a program
// (an IR pass at neverc.ir.pass.pre_opt: its runtime imported as IR, one
// MODULE mutation adding a counter increment to each entry block); the
// program still prints what it printed, then the counts at exit. Both
// builds of the plugin (host cc and neverc), at O0 and O2, on two
// translation units each reporting its own functions.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/CallCountPlugin.so -O2 %s %S/Inputs/callee.c -o %t/o2
// RUN: %t/o2 2>%t/o2.err | FileCheck %s --check-prefix=OUT
// RUN: sort %t/o2.err | FileCheck %s --check-prefix=COUNTS
// RUN: %neverc -fplugin=%plugins/neverc-built/CallCountPlugin.so -O0 %s %S/Inputs/callee.c -o %t/o0
// RUN: %t/o0 2>%t/o0.err | FileCheck %s --check-prefix=OUT
// RUN: sort %t/o0.err | FileCheck %s --check-prefix=COUNTS
//
// With NEVERC_CALLCOUNT_FILE set the counts go to that file instead:
// RUN: rm -f %t/file.txt && env NEVERC_CALLCOUNT_FILE=%t/file.txt %t/o2 2>&1 | FileCheck %s --check-prefix=OUT --implicit-check-not=callcount:
// RUN: sort %t/file.txt | FileCheck %s --check-prefix=COUNTS
//
// Under -flto and -flto=thin the instrumented module is what the pre-link
// bitcode carries, and what the LTO link builds:
// RUN: %neverc -fplugin=%plugins/CallCountPlugin.so -O2 -flto %s %S/Inputs/callee.c -o %t/full
// RUN: %t/full 2>%t/full.err | FileCheck %s --check-prefix=OUT
// RUN: sort %t/full.err | FileCheck %s --check-prefix=COUNTS
// RUN: %neverc -fplugin=%plugins/CallCountPlugin.so -O2 -flto=thin %s %S/Inputs/callee.c -o %t/thin
// RUN: %t/thin 2>%t/thin.err | FileCheck %s --check-prefix=OUT
// RUN: sort %t/thin.err | FileCheck %s --check-prefix=COUNTS
//
// Without the plugin nothing is counted:
// RUN: %neverc -O2 %s %S/Inputs/callee.c -o %t/plain && %t/plain 2>&1 | FileCheck %s --check-prefix=OUT --implicit-check-not=callcount:

// OUT: fib(15) = 610, twice 42

// COUNTS: callcount: fib 1973
// COUNTS-NEXT: callcount: main 1
// COUNTS-NEXT: callcount: twice 7

#include <stdio.h>
int twice(int);
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) {
  int t = 0;
  for (int i = 0; i < 7; ++i)
    t = twice(3 * i);
  printf("fib(15) = %d, twice %d\n", fib(15), t + 6);
  return 0;
}
