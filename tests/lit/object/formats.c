// Object formats a plugin registers (NevercObjectFormatAPI), with
// ObjectFormatPlugin (ObjectTestPlugin.c built with OBJECT_TEST_FORMATS).
//
// Registration: "toy" (object-format 1.1), "toy10" (1.0) and "badprobe"
// (a probe only) are taken; the same ID again, another ID under a taken
// name, the built-in ELF ID are DUPLICATE_ID (with a warning why); CAN_READ
// without a Reader is INVALID_DESCRIPTOR; another major ABI_MISMATCH; no
// descriptor INVALID_ARGUMENT; after Register (in SessionBegin)
// INVALID_STATE. Their probes decline (NOT_FOUND) unless the mode names
// them: observe.c shows the built-in ELF format keeps the object then.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=toy -O1 -c %s -o %t/toy.o 2>&1 | FileCheck %s --check-prefixes=REG,TOY --implicit-check-not=error:
// REG:      remark: plugin 'org.neverc.test.object': object: RegisterFormat(toy) OK
// REG-NEXT: warning: plugin 'org.neverc.test.object' in NevercObjectFormatAPI.RegisterFormat: object format 'toy' refused: its FormatID is the one of 'toy'
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(toy again) DUPLICATE_ID
// REG-NEXT: warning: plugin 'org.neverc.test.object' in NevercObjectFormatAPI.RegisterFormat: object format 'toy' refused: the name already selects a format
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(another ID, name toy) DUPLICATE_ID
// REG-NEXT: warning: plugin 'org.neverc.test.object' in NevercObjectFormatAPI.RegisterFormat: object format 'toy-elf' refused: its FormatID is a built-in format's
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(the ELF ID) DUPLICATE_ID
// REG-NEXT: warning: plugin 'org.neverc.test.object' in NevercObjectFormatAPI.RegisterFormat: object format refused: a CAN_* flag is set without its callback
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(CAN_READ without a Reader) INVALID_DESCRIPTOR
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(major 99) ABI_MISMATCH
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(null) INVALID_ARGUMENT
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(toy10) OK
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(badprobe) OK
// REG-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterFormat(after Register) INVALID_STATE
//
// mode=toy: the toy probe claims the ELF object at confidence 1000, the
// built-in ELF's too; the tie goes to the later registration. Its reader
// gets an empty graph and the mutation the host opened: it creates one
// section (the input's first 64 bytes) and one symbol; the host ends that
// mutation (the reader's Commit/Abandon: INVALID_STATE) and commits it
// (generation 2). The toy writer gets an ordinary request (minor 1, no
// flags), the proof of the toy layout, and writes "TOY1", the section
// count and the names through the builder; final_verify does not parse a
// toy image as ELF. The file is the toy image.
// TOY:      remark: object: toy probe claims {{[0-9]+}} bytes
// TOY:      remark: object: toy reader input={{[0-9]+}} sections-before=0
// TOY:      remark: object: toy reader CreateSection OK
// TOY-NEXT: remark: object: toy reader CreateSymbol OK
// TOY-NEXT: remark: object: toy reader CommitMutation INVALID_STATE
// TOY-NEXT: remark: object: toy reader AbandonMutation INVALID_STATE
// TOY-NEXT: remark: object: toy reader BeginMutation INVALID_STATE
// TOY-NEXT: remark: object: read after graph gen=2 sections=1 symbols=1 relocations=0 comdats=0 proof=0
// TOY:      remark: object: post_layout before graph gen=2 sections=1 symbols=1 relocations=0 comdats=0 proof=1 proof-handle=1
// TOY:      remark: object: toy writer request minor=1 flags=0x0 format=toy
// TOY-NEXT: remark: object: toy writer proof OK format=toy gen=2 graph-gen=2
// TOY-NEXT: remark: object: toy writer wrote 17 bytes, ReadAt OK magic=1
// TOY:      remark: object: write after image format=toy state=CANDIDATE output=OPEN size=17 digest={{[0-9a-f]+}} graph-gen=2 layout-report=1 provenance=object format toy
// TOY:      remark: object: observer ReadAt OK elf-magic=0
// TOY:      remark: object: final_verify after image format=toy state=VERIFIED output=FINISHED size=17
// TOY:      remark: object: commit after-commit image format=toy state=COMMITTED output=COMMITTED size=17
// Each request carries the target (NevercTargetKey: the probe's, the
// reader's and the writer's), as GetGraphInfo's does.

// RUN: %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=toy -O1 -c %s -o %t/target.o 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: remark: object: toy probe request target header=1 id=x86-64 triple=x86_64-
// TARGET: remark: object: toy reader request target header=1 id=x86-64 triple=x86_64-
// TARGET: remark: object: toy writer request target header=1 id=x86-64 triple=x86_64-
// RUN: od -An -tx1 %t/toy.o | FileCheck %s --check-prefix=BYTES
// BYTES:      54 4f 59 31 01 00 00 00 74 6f 79 2e 64 61 74 61
// BYTES-NEXT: 00{{ *$}}
//
// Rule 13: a probe answering confidence 1001, or a consumed minimum of
// 65537, is refused (not clamped): the error names the format, the probe
// phase fails with INVALID_ARGUMENT and no object is written.
// RUN: mkdir -p %t/badprobe
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=badprobe -O1 -c %s -o %t/badprobe/a.o 2>&1 | FileCheck %s --check-prefix=BADPROBE
// BADPROBE:      error: object format 'badprobe' answered confidence 1001 and consumed minimum 0 (the limits are 1000 and 65536): its probe result is refused [neverc, neverc.object.probe]
// BADPROBE-NEXT: remark: object: probe chain INVALID_ARGUMENT
// BADPROBE-NEXT: error: interceptor failed with INVALID_ARGUMENT [plugin org.neverc.test.object, neverc.object.probe]
// BADPROBE-NOT:  remark: object: read
// RUN: ls -A %t/badprobe > %t/badprobe.list
// RUN: not grep . %t/badprobe.list
// RUN: mkdir -p %t/badconsumed
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=badconsumed -O1 -c %s -o %t/badconsumed/a.o 2>&1 | FileCheck %s --check-prefix=BADCONSUMED
// BADCONSUMED:      error: object format 'badprobe' answered confidence 10 and consumed minimum 65537 (the limits are 1000 and 65536): its probe result is refused [neverc, neverc.object.probe]
// BADCONSUMED-NEXT: remark: object: probe chain INVALID_ARGUMENT
// RUN: ls -A %t/badconsumed > %t/badconsumed.list
// RUN: not grep . %t/badconsumed.list

// A registered format's UserData belongs to the host from then on: its
// DestroyUserData runs once when the formats go, while the plugin is still
// loaded; a refused registration's UserData is never destroyed by the host
// (ObjectFormatDestroyPlugin: the same plugin, its formats with a
// DestroyUserData that prints the format's low ID).

// RUN: %neverc -fplugin=%test_plugins/ObjectFormatDestroyPlugin.so -O1 -c %s -o %t/destroy.o 2>&1 | FileCheck %s --check-prefix=DESTROY
// DESTROY-DAG: object: format DestroyUserData(1)
// DESTROY-DAG: object: format DestroyUserData(2)
// DESTROY-DAG: object: format DestroyUserData(3)
// DESTROY-NOT: object: format DestroyUserData({{[0-9]+}})
// RUN: %clang -O1 -c %s -o %t/destroy-ref.o && cmp %t/destroy.o %t/destroy-ref.o
//
// A failing reader (rule 15): what it staged is dropped, its status comes
// back unchanged (PLUGIN_FAILURE), the error names the format; no output.
// RUN: mkdir -p %t/readfail
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=toy-readfail -O1 -c %s -o %t/readfail/a.o 2>&1 | FileCheck %s --check-prefix=READFAIL
// READFAIL:      remark: object: toy reader CreateSection OK
// READFAIL-NEXT: remark: object: toy reader returns PLUGIN_FAILURE
// READFAIL-NEXT: error: object format 'toy' could not read '{{.*}}a.o' [neverc, neverc.object.read]
// READFAIL-NEXT: remark: object: read chain PLUGIN_FAILURE
// READFAIL-NOT:  remark: object: toy writer
// RUN: ls -A %t/readfail > %t/readfail.list
// RUN: not grep . %t/readfail.list
//
// A writer that writes nothing: verify_image_candidate refuses the empty
// image (VERIFICATION_FAILED).
// RUN: mkdir -p %t/empty
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=toy-empty -O1 -c %s -o %t/empty/a.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY:      remark: object: toy writer writes nothing
// EMPTY-NEXT: error: the image is empty [neverc, neverc.object.verify_image_candidate]
// EMPTY-NEXT: error: host verifier 'neverc.object.verify_image_candidate' rejected the output (VERIFICATION_FAILED) [neverc, neverc.object.write]
// RUN: ls -A %t/empty > %t/empty.list
// RUN: not grep . %t/empty.list
//
// A writer writing past the bound it reserved (rule 11): RESOURCE_EXHAUSTED,
// which it returns and the host passes on; no output.
// RUN: mkdir -p %t/overflow
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=toy-overflow -O1 -c %s -o %t/overflow/a.o 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW:      remark: object: toy writer Reserve(8) OK
// OVERFLOW-NEXT: remark: object: toy writer Write(13) RESOURCE_EXHAUSTED
// OVERFLOW-NEXT: error: object format 'toy' could not write '{{.*}}a.o' [neverc, neverc.object.write]
// OVERFLOW-NEXT: remark: object: write chain RESOURCE_EXHAUSTED
// RUN: ls -A %t/overflow > %t/overflow.list
// RUN: not grep . %t/overflow.list

int formats(int x) { return x * 2; }
