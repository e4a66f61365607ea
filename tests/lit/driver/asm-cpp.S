// .S input goes through the preprocessor, then the assembler; -Wa flags
// reach cc1as.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -c %s -DBASE=7 -Wa,--noexecstack -o %t/n.o
// RUN: %clang -c %s -DBASE=7 -Wa,--noexecstack -o %t/c.o
// RUN: cmp %t/n.o %t/c.o
// RUN: llvm-objdump -d %t/n.o | FileCheck %s
// CHECK: <seven>:
// CHECK: movl $0x7, %eax
// RUN: %neverc -### -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS: (in-process)
// JOBS-NEXT: "-cc1" "-triple" "x86_64-pc-linux-gnu" "-E"
// JOBS: (in-process)
// JOBS-NEXT: "-cc1as" "-triple" "x86_64-pc-linux-gnu" "-filetype" "obj"
#ifndef BASE
#define BASE 1
#endif
	.text
	.globl	seven
seven:
	movl	$BASE, %eax
	retq
