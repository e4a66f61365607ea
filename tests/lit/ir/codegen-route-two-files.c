// Two translation units in one neverc call, with a plugin on every phase
// (CensusPlugin): the code-generation route empties each of Clang's
// modules into a module of its own, which each compile's LLVMContext must
// delete with itself; an owner that outlived the first context crashed the
// second compile (the README's main job). Both objects are made, the
// program runs, and the census saw the codegen phases. (The crash hung in
// Clang's crash handler: the timeout turns a regression into a failure.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: timeout 300 %neverc -fplugin=%plugins/CensusPlugin.so --census-out %t/census.jsonl -Wno-unimplemented-plugin-phase -O2 %s %S/Inputs/callee.c -o %t/prog
// RUN: %t/prog | FileCheck %s
// CHECK: twice 21 = 42
// RUN: grep -c 'neverc.codegen.coarse_lower' %t/census.jsonl | FileCheck %s --check-prefix=SEEN
// SEEN: {{[1-9]}}

#include <stdio.h>

int twice(int);
int main(void) {
  printf("twice 21 = %d\n", twice(21));
  return 0;
}
