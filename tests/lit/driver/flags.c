// The usual GCC/Clang flags: -I -D -U -include -std= -W... -Werror,
// --target=, multiple -o forms, stdin input.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -I%S/Inputs -DEXTRA=1 -UEXTRA -DVALUE=5 -include stdio.h -std=c99 -Wall -Wextra -Werror -c %s -o %t/flags.o
// RUN: not %neverc -I%S/Inputs -std=c99 -Werror -Wall -c %s -DVALUE=1 -DUNUSED_VAR -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: unused variable 'unused' [-Werror,-Wunused-variable]
// RUN: not test -e %t/bad.o
//
// RUN: %neverc -I%S/Inputs --target=x86_64-linux-gnu -c %s -DVALUE=1 -o %t/target.o
// RUN: llvm-readelf -h %t/target.o | FileCheck %s --check-prefix=TARGET
// TARGET: Machine: Advanced Micro Devices X86-64
// RUN: %neverc -I%S/Inputs --target=aarch64-linux-gnu -c %s -DVALUE=1 -o %t/arm.o
// RUN: llvm-readelf -h %t/arm.o | FileCheck %s --check-prefix=ARM
// ARM: Machine: AArch64
//
// A program from stdin.
// RUN: echo "int main(void) { return 0; }" | %neverc -x c - -o %t/stdin
// RUN: %t/stdin
#include "deps.h"
#ifdef EXTRA
#error EXTRA was undefined by -U
#endif
int value(void) {
#ifdef UNUSED_VAR
  int unused;
#endif
  return VALUE + DEPS_VALUE;
}
