// neverc.mc.encode and a plugin encoder (EncoderPlugin, registered with
// NevercMCAPI.RegisterEncoder for the host's x86-64 schema): every retq
// becomes "rep ret" (f3 c3) and every direct call is the plugin's e8 with a
// PC-relative fixup on its target; it declines everything else (NOT_FOUND)
// and LLVM's encoder takes those. The program runs; the object is
// clang-22's but for the one byte per retq and the relocation of a call
// without @PLT (the plugin's generic PC_REL_4 is R_X86_64_PC32 where
// LLVM's branch fixup is R_X86_64_PLT32). An observer sees each
// instruction before (no bytes) and after (its bytes); an interceptor runs
// the rest of the chain.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/EncoderPlugin.so -O1 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=REG
// REG:      enc: RegisterEncoder(null) INVALID_ARGUMENT
// REG:      warning: {{.*}}NevercMCAPI.RegisterEncoder: the encoder's SchemaID is not this host's schema of its target
// REG-NEXT: enc: RegisterEncoder(another schema) INVALID_DESCRIPTOR
// REG-NEXT: enc: RegisterEncoder(no maximum length) INVALID_DESCRIPTOR
// REG-NEXT: enc: RegisterEncoder(major 99) ABI_MISMATCH
// REG-NEXT: enc: RegisterEncoder OK
// REG-NEXT: enc: RegisterEncoder(again) DUPLICATE_ID
// REG-NEXT: enc: RegisterEncoder(after Register) INVALID_STATE
// REG-NEXT: enc: retq encoded 2, calls 2, mc.encode before [[N:[0-9]+]], after with bytes [[N]], intercepted [[N]]
// RUN: llvm-objdump -dr --no-show-raw-insn %t/a.o | FileCheck %s --check-prefix=DIS
// DIS-LABEL: <twice>:
// DIS:       rep retq
// DIS-LABEL: <main>:
// DIS:       callq
// DIS-NEXT:  R_X86_64_PC32 twice-0x4
// DIS:       callq
// DIS-NEXT:  R_X86_64_PLT32 printf-0x4
// DIS:       rep retq
// RUN: %clang %t/a.o -o %t/prog && %t/prog | FileCheck %s --check-prefix=OUT
// OUT: encoded 6
//
// The same bytes as LLVM's otherwise: drop the rep prefixes and compare.
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: llvm-objdump -d --no-show-raw-insn --no-addresses --no-leading-addr %t/a.o | sed -e 's/rep[[:space:]]*retq/retq/' | tail -n +3 > %t/a.dis
// RUN: llvm-objdump -d --no-show-raw-insn --no-addresses --no-leading-addr %t/ref.o | tail -n +3 > %t/ref.dis
// RUN: diff %t/a.dis %t/ref.dis
//
// The encoder alone, with nobody on mc.encode, serves the compile the same.
// RUN: %neverc -fplugin=%test_plugins/EncoderOnlyPlugin.so -O1 -c %s -o %t/only.o 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY: enc: retq encoded 2, calls 2, mc.encode before 0, after with bytes 0, intercepted 0
// RUN: cmp %t/only.o %t/a.o
//
// What verify_encoded_unit refuses, and a failing encoder: named, no object.
// RUN: not %neverc -fplugin=%test_plugins/EncoderPlugin.so -fplugin-arg=org.neverc.test.encoder:mode=empty -O1 -c %s -o %t/empty.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: neverc.mc.verify_encoded_unit: the encoding by plugin 'org.neverc.test.encoder' is refused: it wrote no bytes
// RUN: test ! -e %t/empty.o
// RUN: not %neverc -fplugin=%test_plugins/EncoderPlugin.so -fplugin-arg=org.neverc.test.encoder:mode=long -O1 -c %s -o %t/long.o 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: refused: it wrote 16 bytes, more than its maximum of 15
// RUN: test ! -e %t/long.o
// RUN: not %neverc -fplugin=%test_plugins/EncoderPlugin.so -fplugin-arg=org.neverc.test.encoder:mode=badfixup -O1 -c %s -o %t/badfixup.o 2>&1 | FileCheck %s --check-prefix=BADFIXUP
// BADFIXUP: refused: fixup 0 lies past its bytes
// RUN: test ! -e %t/badfixup.o
// RUN: not %neverc -fplugin=%test_plugins/EncoderPlugin.so -fplugin-arg=org.neverc.test.encoder:mode=operand -O1 -c %s -o %t/operand.o 2>&1 | FileCheck %s --check-prefix=OPERAND
// OPERAND: enc: AddFixup(no such operand) INVALID_ARGUMENT
// OPERAND: error: neverc.mc.encode: the encoder of plugin 'org.neverc.test.encoder' failed with INVALID_ARGUMENT
// RUN: test ! -e %t/operand.o
// RUN: not %neverc -fplugin=%test_plugins/EncoderPlugin.so -fplugin-arg=org.neverc.test.encoder:mode=fail -O1 -c %s -o %t/fail.o 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: error: neverc.mc.encode: the encoder of plugin 'org.neverc.test.encoder' failed with PLUGIN_FAILURE
// FAIL: error: phase 'neverc.mc.encode' failed: PLUGIN_FAILURE
// RUN: test ! -e %t/fail.o
//
// An interceptor that answers with something that is not an encoding.
// RUN: not %neverc -fplugin=%test_plugins/EncoderPlugin.so -fplugin-arg=org.neverc.test.encoder:mode=replace -O1 -c %s -o %t/replace.o 2>&1 | FileCheck %s --check-prefix=REPLACE
// REPLACE: error: phase output artifact has the wrong type
// REPLACE: error: phase 'neverc.mc.encode' failed: WRONG_TYPE
// RUN: test ! -e %t/replace.o
//
// Without the plugin the object is clang-22's.
// RUN: %neverc -O1 -c %s -o %t/none.o && cmp %t/none.o %t/ref.o
#include <stdio.h>

__attribute__((noinline)) int twice(int x) { return 2 * x; }

int main(void) {
  printf("encoded %d\n", twice(3));
  return 0;
}
