// REQUIRES: strace
// Compiling, assembling and linking create no process besides neverc
// itself: cc1, cc1as and lld all run in-process.
// RUN: rm -rf %t && mkdir %t
// RUN: strace -f -qq -e trace=execve,vfork,clone3,clone -o %t/trace %neverc -O1 %s %S/Inputs/add.c %S/Inputs/twice.s -o %t/prog
// RUN: FileCheck %s < %t/trace
// CHECK: execve("{{.*}}neverc"
// CHECK-NOT: execve(
// RUN: %t/prog
int add(int, int);
int twice(int);
int main(void) { return add(1, 2) + twice(3) != 9; }
