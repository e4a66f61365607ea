// An in-process cc1 that crashes is contained: the driver reports it as
// clang does, removes the crashed job's output and keeps compiling the
// other inputs.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: not %neverc -fno-crash-diagnostics -c %s -o %t/crash.o 2>&1 | FileCheck %s
// CHECK: neverc: error: clang frontend command failed with exit code {{[0-9]+}} (use -v to see invocation)
// RUN: not test -e %t/crash.o
// RUN: not %neverc -fno-crash-diagnostics -c %s %S/Inputs/add.c 2>/dev/null
// RUN: test -f %t/add.o
// RUN: not test -e %t/crash.o
#pragma clang __debug crash
int unreachable_declaration;
