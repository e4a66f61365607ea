// neverc.mc.decode: after each instruction is encoded, its bytes are read
// back, by the decoder a plugin registered for the target
// (NevercMCAPI.RegisterDecoder: DecoderPlugin decodes "c3" as retq and
// says UNKNOWN for everything else) and else by LLVM's disassembler. An
// observer sees every encoding before and the decoded instruction after;
// it cannot mutate the unit. Nothing decoded is written: the object is
// clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/DecoderPlugin.so -O1 -c %s -o %t/a.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK:      dec: RegisterDecoder(null) INVALID_ARGUMENT
// CHECK:      warning: {{.*}}NevercMCAPI.RegisterDecoder: the decoder's SchemaID is not this host's schema of its target
// CHECK-NEXT: dec: RegisterDecoder(another schema) INVALID_DESCRIPTOR
// CHECK-NEXT: dec: RegisterDecoder(no maximum length) INVALID_DESCRIPTOR
// CHECK-NEXT: dec: RegisterDecoder(no callback) INVALID_DESCRIPTOR
// CHECK-NEXT: dec: RegisterDecoder(major 99) ABI_MISMATCH
// CHECK-NEXT: dec: RegisterDecoder OK
// CHECK-NEXT: dec: RegisterDecoder(again) DUPLICATE_ID
// CHECK-NEXT: dec: RegisterDecoder(after Register) INVALID_STATE
// CHECK:      dec: observer BeginMutation POLICY_VIOLATION
// CHECK:      dec: mc.decode before [[N:[0-9]+]], decoded [[N]] (retq 2, by the plugin 2), intercepted [[N]]
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: cmp %t/a.o %t/ref.o
//
// Every instruction of the object was decoded once (alignment padding is
// not an instruction: llvm-objdump shows it as nops after a retq).
// RUN: llvm-objdump -d --no-show-raw-insn %t/a.o | grep -E '^ +[0-9a-f]+:' | grep -vc nop > %t/count
// RUN: %neverc -fplugin=%test_plugins/DecoderPlugin.so -O1 -c %s -o %t/b.o 2>&1 | grep -o 'before [0-9]*' | sed 's/before //' > %t/decoded
// RUN: diff %t/count %t/decoded
//
// What verify_decoded_unit refuses, and a failing decoder: named, the
// compile fails, no object.
// RUN: not %neverc -fplugin=%test_plugins/DecoderPlugin.so -fplugin-arg=org.neverc.test.decoder:--decode-mode=badlen -O1 -c %s -o %t/badlen.o 2>&1 | FileCheck %s --check-prefix=BADLEN
// RUN: test ! -e %t/badlen.o
// BADLEN: error: neverc.mc.verify_decoded_unit: the decoding by plugin 'org.neverc.test.decoder' is refused: it consumed 5 of 1 bytes
// BADLEN: error: phase 'neverc.mc.decode' failed: VERIFICATION_FAILED
// RUN: not %neverc -fplugin=%test_plugins/DecoderPlugin.so -fplugin-arg=org.neverc.test.decoder:--decode-mode=noinst -O1 -c %s -o %t/noinst.o 2>&1 | FileCheck %s --check-prefix=NOINST
// RUN: test ! -e %t/noinst.o
// NOINST: is refused: it claims an instruction but names none it built
// RUN: not %neverc -fplugin=%test_plugins/DecoderPlugin.so -fplugin-arg=org.neverc.test.decoder:--decode-mode=bogus -O1 -c %s -o %t/bogus.o 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: is refused: outcome 9 is not one of the ABI's
// RUN: not %neverc -fplugin=%test_plugins/DecoderPlugin.so -fplugin-arg=org.neverc.test.decoder:--decode-mode=badop -O1 -c %s -o %t/badop.o 2>&1 | FileCheck %s --check-prefix=BADOP
// BADOP: remark: neverc.mc.verify_instruction_candidate: replacement instruction MOV32ri cannot be encoded: it takes 2 operands, not 0
// BADOP: is refused: the instruction it built is not one the target encodes
// RUN: not %neverc -fplugin=%test_plugins/DecoderPlugin.so -fplugin-arg=org.neverc.test.decoder:--decode-mode=fail -O1 -c %s -o %t/fail.o 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: test ! -e %t/fail.o
// FAIL: error: neverc.mc.decode: the decoder of plugin 'org.neverc.test.decoder' failed with PLUGIN_FAILURE
//
// An interceptor that answers with the input (encoded bytes, not a unit).
// RUN: not %neverc -fplugin=%test_plugins/DecoderPlugin.so -fplugin-arg=org.neverc.test.decoder:--decode-mode=replace -O1 -c %s -o %t/replace.o 2>&1 | FileCheck %s --check-prefix=REPLACE
// RUN: test ! -e %t/replace.o
// REPLACE: error: phase output artifact has the wrong type
// REPLACE: error: phase 'neverc.mc.decode' failed: WRONG_TYPE

int printf(const char *, ...);
int twice(int x) { return x * 2; }
int main(void) {
  printf("%d\n", twice(3));
  return 0;
}
