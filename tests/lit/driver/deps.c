// Dependency files: -MD/-MMD with -MF/-MT, -M/-MM to stdout.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -c %s -I%S/Inputs -MD -MF %t/deps.d -o %t/deps.o
// RUN: FileCheck %s --check-prefix=MD < %t/deps.d
// MD: deps.o:
// MD: deps.c
// MD: stdio.h
// MD: Inputs/deps.h
//
// RUN: %neverc -c %s -I%S/Inputs -MMD -MF %t/deps.mmd -MT custom-target -o %t/deps.o
// RUN: FileCheck %s --check-prefix=MMD < %t/deps.mmd
// MMD: custom-target:
// MMD-NOT: stdio.h
// MMD: deps.c
// MMD-NOT: stdio.h
// MMD: Inputs/deps.h
//
// -MD without -MF writes <output stem>.d next to the object.
// RUN: cd %t && %neverc -c %s -I%S/Inputs -MD -o %t/side.o
// RUN: test -f %t/side.d
//
// RUN: %neverc -M %s -I%S/Inputs | FileCheck %s --check-prefix=M
// RUN: %neverc -MM %s -I%S/Inputs | FileCheck %s --check-prefix=MM
// M: deps.o:
// M: stdio.h
// MM: deps.o:
// MM-NOT: stdio.h
// MM: deps.c
// MM-NOT: stdio.h
// MM: Inputs/deps.h
#include <stdio.h>
#include "deps.h"
int value(void) { return DEPS_VALUE; }
