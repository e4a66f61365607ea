// -c, -S, -E and -o, and the default output names.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %neverc -c %s -o %t/explicit.o
// RUN: llvm-readelf -h %t/explicit.o | FileCheck %s --check-prefix=OBJ
// RUN: %neverc -c %s
// RUN: llvm-readelf -h %t/modes.o | FileCheck %s --check-prefix=OBJ
// OBJ: Type: REL (Relocatable file)
// OBJ: Machine: Advanced Micro Devices X86-64
//
// RUN: %neverc -S %s -o %t/modes.s
// RUN: FileCheck %s --check-prefix=ASM < %t/modes.s
// RUN: %neverc -S %s
// RUN: FileCheck %s --check-prefix=ASM < %t/modes.s
// ASM: .globl square
// ASM: square:
//
// -E writes to stdout unless -o is given; macros are expanded.
// RUN: %neverc -E %s | FileCheck %s --check-prefix=PP
// RUN: %neverc -E %s -o %t/modes.i
// RUN: FileCheck %s --check-prefix=PP < %t/modes.i
// PP: int square(int x) { return x * x * 1; }
//
// -S and -E accept several inputs when -o is absent.
// RUN: %neverc -S %s %S/Inputs/add.c
// RUN: test -f %t/modes.s && test -f %t/add.s
// RUN: not %neverc -c %s %S/Inputs/add.c -o %t/both.o 2>&1 | FileCheck %s --check-prefix=MULTI
// MULTI: neverc: error: cannot specify -o when generating multiple output files
#define SCALE 1
int square(int x) { return x * x * SCALE; }
