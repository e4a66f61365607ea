// MCObserverPlugin (sdk/examples/MCObserverPlugin.c): one remark 4401 at
// neverc.mc.emission.pre_instruction (BEFORE) for every instruction LLVM's
// integrated assembler encodes, for the host-cc build and the neverc-built
// one. Their number is the number of instructions llvm-objdump -d prints for
// the object, less the nops layout writes to align functions (padding, not
// instructions LLVM encoded). Inline assembly is encoded the same way. The
// objects are byte-identical to clang-22's, at -O0 and -O2, with -g and
// -fPIC, for x86-64 and AArch64.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/MCObserverPlugin.so -O0 -c %s -o %t/o0.o 2> %t/o0.err
// RUN: %neverc -fplugin=%plugins/neverc-built/MCObserverPlugin.so -O2 -c %s -o %t/o2.o 2> %t/o2.err
// RUN: %neverc -fplugin=%plugins/MCObserverPlugin.so -O2 -g -fPIC -c %s -o %t/g.o 2> %t/g.err
// RUN: grep -c 'remark: mc-observer: instruction \[plugin org.neverc.example.mc-observer, neverc.mc.emission.pre_instruction\]' %t/o0.err > %t/o0.events
// RUN: llvm-objdump -d --no-show-raw-insn %t/o0.o | grep -E '^ +[0-9a-f]+:' | grep -vcE '\snop' > %t/o0.objdump
// RUN: diff %t/o0.events %t/o0.objdump
// RUN: grep -c 'remark: mc-observer: instruction' %t/o2.err > %t/o2.events
// RUN: llvm-objdump -d --no-show-raw-insn %t/o2.o | grep -E '^ +[0-9a-f]+:' | grep -vcE '\snop' > %t/o2.objdump
// RUN: diff %t/o2.events %t/o2.objdump
// Nothing else is said.
// RUN: not grep -v 'remark: mc-observer: instruction' %t/o0.err %t/o2.err %t/g.err
//
// AArch64 (no padding between its functions): the count is objdump's, and
// the target's own streamer still writes the mapping symbols.
// RUN: %neverc --target=aarch64-linux-gnu -fplugin=%plugins/MCObserverPlugin.so -O2 -c %s -o %t/a64.o 2> %t/a64.err
// RUN: grep -c 'remark: mc-observer: instruction' %t/a64.err > %t/a64.events
// RUN: llvm-objdump -d %t/a64.o | grep -cE '^ +[0-9a-f]+:' > %t/a64.objdump
// RUN: diff %t/a64.events %t/a64.objdump
// RUN: %clang --target=aarch64-linux-gnu -O2 -c %s -o %t/ca64.o && cmp %t/a64.o %t/ca64.o
//
// RUN: %clang -O0 -c %s -o %t/c0.o && cmp %t/o0.o %t/c0.o
// RUN: %clang -O2 -c %s -o %t/c2.o && cmp %t/o2.o %t/c2.o
// RUN: %clang -O2 -g -fPIC -c %s -o %t/cg.o && cmp %t/g.o %t/cg.o

int table[8];

static int mix(int a, int b) { return (a * 31) ^ (b >> 3); }

int walk(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s = mix(s, table[i & 7]);
#if defined(__x86_64__)
  __asm__ volatile("pause\n\tlfence" ::: "memory");
#else
  __asm__ volatile("yield\n\tdmb ish" ::: "memory");
#endif
  return s;
}

int main(void) { return walk(3) == 12345; }
