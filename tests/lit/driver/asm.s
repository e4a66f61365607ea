// Assembly input: the in-process cc1as (LLVM MC) must match clang-22's
// integrated assembler byte for byte, with and without -g.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -c %s -o %t/n.o
// RUN: %clang -c %s -o %t/c.o
// RUN: cmp %t/n.o %t/c.o
// RUN: %neverc -c -g %s -o %t/ng.o
// RUN: %clang -c -g %s -o %t/cg.o
// RUN: cmp %t/ng.o %t/cg.o
// RUN: llvm-objdump -d %t/n.o | FileCheck %s --check-prefix=DIS
// DIS: <triple>:
// DIS: leal (%rdi,%rdi,2), %eax
//
// Link an .s file with C code, and assemble straight from -x assembler.
// RUN: %neverc %s %S/Inputs/twice.s %S/Inputs/asm-main.c -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// RUN: %neverc -x assembler -c %s -o %t/x.o
// RUN: cmp %t/n.o %t/x.o
// OUT-DAG: triple(5) = 15
// OUT-DAG: twice(5) = 10
//
// Assembler errors are reported with their location; no object is left.
// RUN: echo "bogus_instruction %%eax" > %t/bad.s
// RUN: not %neverc -c %t/bad.s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t/bad.o
// ERR: bad.s:1:1: error: invalid instruction mnemonic 'bogus_instruction'
	.text
	.globl	triple
	.type	triple,@function
triple:
	leal	(%rdi,%rdi,2), %eax
	retq
	.size	triple, .-triple
	.section	.note.GNU-stack,"",@progbits
