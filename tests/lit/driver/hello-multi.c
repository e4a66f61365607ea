// Compile and link several C files in one command, run the program.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc %s %S/Inputs/add.c -o %t/hello
// RUN: %t/hello | FileCheck %s
//
// The same program from separately compiled objects.
// RUN: %neverc -c %s -o %t/main.o
// RUN: %neverc -c %S/Inputs/add.c -o %t/add.o
// RUN: %neverc %t/main.o %t/add.o -o %t/hello2
// RUN: %t/hello2 | FileCheck %s
//
// A static archive and a preprocessed (.i) input.
// RUN: llvm-ar rcs %t/libadd.a %t/add.o
// RUN: %neverc %t/main.o %t/libadd.a -o %t/hello3
// RUN: %t/hello3 | FileCheck %s
// RUN: %neverc -E %s -o %t/main.i
// RUN: %neverc %t/main.i -L%t -ladd -o %t/hello4
// RUN: %t/hello4 | FileCheck %s
//
// Default output name is a.out, in the working directory.
// RUN: cd %t && %neverc %s %S/Inputs/add.c && ./a.out | FileCheck %s
//
// CHECK: hello 5
#include <stdio.h>
int add(int, int);
int main(void) {
  printf("hello %d\n", add(2, 3));
  return 0;
}
