// A pre_instruction interceptor replaces instructions before LLVM encodes
// them (MCTestPlugin, tests/plugins): mode=int3 puts an int3 before every
// retq of the function section it names, and the program traps exactly
// there, after the code before it ran; mode=drop drops the nops of one
// function. Other functions and every other byte are LLVM's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=int3 -fplugin-arg=org.neverc.test.mc:section=.text.victim -ffunction-sections -O2 %s -o %t/trap 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: error:
// RUN: llvm-objdump -d --no-show-raw-insn %t/trap | FileCheck %s --check-prefix=TRAP
// TRAP-LABEL: <victim>:
// TRAP-NEXT:  leal
// TRAP-NEXT:  int3
// TRAP-NEXT:  retq
// TRAP-LABEL: <bystander>:
// TRAP-NOT:   int3
// TRAP:       retq
// RUN: not --crash %t/trap > %t/trap.out
// RUN: FileCheck %s --check-prefix=RAN < %t/trap.out
// RAN:     before victim
// RAN-NOT: after victim
// RUN: sh -c '%t/trap; echo "status $?"' 2>/dev/null | FileCheck %s --check-prefix=SIGTRAP
// SIGTRAP: status 133
//
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=drop -fplugin-arg=org.neverc.test.mc:section=.text.padded -ffunction-sections -O2 -c %s -o %t/drop.o
// RUN: llvm-objdump -d --no-show-raw-insn %t/drop.o | FileCheck %s --check-prefix=DROP
// DROP-LABEL: <padded>:
// DROP-NEXT:  movl
// DROP-NEXT:  retq
// DROP-LABEL: <bystander>:
// DROP:       nop
#include <stdio.h>

__attribute__((noinline)) int victim(int x) { return x * 3; }

__attribute__((noinline)) int padded(int x) {
  __asm__ volatile("nop\n\tnop");
  return x;
}

__attribute__((noinline)) int bystander(int x) {
  __asm__ volatile("nop");
  return x + 1;
}

int main(void) {
  printf("before victim\n");
  fflush(stdout);
  int r = victim(bystander(padded(1)));
  printf("after victim %d\n", r);
  return 0;
}
