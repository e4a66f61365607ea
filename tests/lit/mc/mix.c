// InstructionMixPlugin (sdk/examples/InstructionMixPlugin.c): per function
// section, instructions and encoded bytes by mnemonic, as JSON, for the
// host-cc build and the neverc-built one. Its instruction count is
// MCObserverPlugin's for the same compile, and its bytes are the size of
// the code llvm-objdump shows (no padding: -ffunction-sections, one
// function per section). Mnemonics come from the x86-64 schema the plugin
// was built with. The object is clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/InstructionMixPlugin.so -fplugin-arg=org.neverc.example.instruction-mix:out=%t/a.o.mix.json -ffunction-sections -O2 -c %s -o %t/a.o
// RUN: %neverc -fplugin=%plugins/neverc-built/InstructionMixPlugin.so -fplugin-arg=org.neverc.example.instruction-mix:out=%t/b.o.mix.json -ffunction-sections -O2 -c %s -o %t/b.o
// RUN: cmp %t/a.o.mix.json %t/b.o.mix.json
// RUN: FileCheck %s < %t/a.o.mix.json
// CHECK: {"schema": "llvm-{{[0-9.]+}}-x86_64", "relaxed": {"instructions": 0, "bytes": 0}, "sections": [
// CHECK-NEXT: {"section": ".text.scale", "instructions": 2, "bytes": 4, "mix": [{"mnemonic": "leal", "count": 1, "bytes": 3}, {"mnemonic": "retq", "count": 1, "bytes": 1}]}
// CHECK-NEXT: {"section": ".text.pick", "instructions": {{[0-9]+}}, "bytes": {{[0-9]+}}, "mix": [{{.*}}"mnemonic": "cmovcc"{{.*}}]}
// CHECK-NEXT: ]}
//
// RUN: %neverc -fplugin=%plugins/MCObserverPlugin.so -ffunction-sections -O2 -c %s -o %t/c.o 2>&1 | grep -c mc-observer > %t/observed
// RUN: python3 -c "import json,sys; print(sum(s['instructions'] for s in json.load(open(sys.argv[1]))['sections']))" %t/a.o.mix.json > %t/counted
// RUN: diff %t/observed %t/counted
// RUN: python3 -c "import json,sys; print(sum(s['bytes'] for s in json.load(open(sys.argv[1]))['sections']))" %t/a.o.mix.json > %t/bytes
// RUN: llvm-size -A %t/a.o | python3 -c "import sys; print(sum(int(l.split()[1]) for l in sys.stdin if l.startswith('.text.')))" > %t/text
// RUN: diff %t/bytes %t/text
// RUN: %clang -ffunction-sections -O2 -c %s -o %t/ref.o && cmp %t/a.o %t/ref.o
//
// Without out= the plugin counts and writes nothing.
// RUN: cd %t && %neverc -fplugin=%plugins/InstructionMixPlugin.so -O2 -c %s -o %t/d.o
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES-NOT: tmp
// FILES: a.o.mix.json
// FILES: b.o.mix.json
// FILES-NOT: d.o.mix

int scale(int x) { return x * 3; }

int pick(int a, int b) { return a < b ? b : a; }
