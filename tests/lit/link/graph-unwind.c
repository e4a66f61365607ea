// The link graph's unwind entries (NevercLinkAPI.GetUnwindPage,
// GetUnwindInfo): one per FDE of the .eh_frame sections, naming the code
// atom it describes and its CIE's personality routine. With -fexceptions
// and a cleanup, C code has one (__gcc_personality_v0, through
// DW.ref.__gcc_personality_v0).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O0 -fexceptions -fplugin=%test_plugins/GraphStepsPlugin.so --steps-symbol main %s -o %t/prog 2>&1 | FileCheck %s
// CHECK: steps: unwinds>0=1 one-describes-main=1 read-alone=1 personalities={{[1-9][0-9]*}}
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// OUT: cleaned 1

#include <stdio.h>

static int Cleaned;
static void done(int *P) { Cleaned += *P; }
void work(int X) {
  int Guard __attribute__((cleanup(done))) = X;
  printf("work %d\n", Guard);
}
int main(void) {
  work(1);
  printf("cleaned %d\n", Cleaned);
  return 0;
}
