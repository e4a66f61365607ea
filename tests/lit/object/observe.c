// The eight neverc.object.* phases seen by observers (ObjectTestPlugin,
// mode=observe, the default): BEFORE and AFTER on each (commit: BEFORE and
// AFTER_COMMIT, the points it declares). The graph phases show the graph
// (counts, generation, layout proof, every section read once), the image
// phases the image (format, state, size, the first bytes of its SHA-256).
// probe works on bytes: neither a graph nor an image (WRONG_TYPE); read's
// input shows the graph being read (empty BEFORE), its output the graph
// read; post_layout has the layout proof; write's input shows the image
// being written; final_verify makes it VERIFIED, commit COMMITTED. An
// observer's bridge is read-only (rule 7): BeginMutation and every
// changing builder slot give POLICY_VIOLATION, reading works. The object
// is byte for byte clang-22's and neverc's without a plugin.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -O1 -c %s -o %t/obs.o 2> %t/obs.log
// RUN: sha256sum %t/obs.o | cut -c1-8 > %t/obs.sha
// RUN: cat %t/obs.sha %t/obs.log | FileCheck %s --check-prefix=OBS --implicit-check-not=error: --implicit-check-not=warning:
// OBS:      [[DIGEST:[0-9a-f]{8}]]
// OBS:      remark: object: probe before GetGraph WRONG_TYPE GetImage WRONG_TYPE [plugin org.neverc.test.object]
// OBS-NEXT: remark: object: probe after GetGraph WRONG_TYPE GetImage WRONG_TYPE
// OBS-NEXT: remark: object: read before graph gen=1 sections=0 symbols=0 relocations=0 comdats=0 proof=0 proof-handle=0 walked=0 read=1 target=x86-64 digest-ok=1
// OBS-NEXT: remark: object: read after graph gen=1 sections=[[SECTIONS:[0-9]+]] symbols=[[SYMBOLS:[0-9]+]] relocations=[[RELOCS:[0-9]+]] comdats=0 proof=0 proof-handle=0 walked=[[SECTIONS]] read=1 target=x86-64 digest-ok=1
// OBS-NEXT: remark: object: pre_write before graph gen=1 sections=[[SECTIONS]] symbols=[[SYMBOLS]] relocations=[[RELOCS]] comdats=0 proof=0 proof-handle=0 walked=[[SECTIONS]] read=1
// OBS-NEXT: remark: object: observer BeginMutation POLICY_VIOLATION null=1
// OBS-NEXT: remark: object: pre_write after graph gen=1 sections=[[SECTIONS]] {{.*}} proof=0 proof-handle=0
// OBS-NEXT: remark: object: post_layout before graph gen=1 sections=[[SECTIONS]] {{.*}} proof=1 proof-handle=1 walked=[[SECTIONS]] read=1
// OBS-NEXT: remark: object: post_layout after graph gen=1 sections=[[SECTIONS]] {{.*}} proof=1 proof-handle=1
// OBS-NEXT: remark: object: write before graph gen=1 sections=[[SECTIONS]] {{.*}} proof=1 proof-handle=1
// OBS-NEXT: remark: object: write before image format=none state=CANDIDATE output=OPEN size=0 digest=e3b0c442 graph-gen=0 layout-report=0 provenance= [plugin
// OBS-NEXT: remark: object: write after graph gen=1 sections=[[SECTIONS]] {{.*}} proof=1 proof-handle=1
// OBS-NEXT: remark: object: write after image format=elf state=CANDIDATE output=OPEN size=[[SIZE:[0-9]+]] digest=[[DIGEST]] graph-gen=1 layout-report=1 provenance=neverc ELF writer [plugin
// OBS-NEXT: remark: object: post_write before image format=elf state=CANDIDATE output=OPEN size=[[SIZE]] digest=[[DIGEST]] graph-gen=1 layout-report=1 provenance=neverc ELF writer
// OBS-NEXT: remark: object: observer Write POLICY_VIOLATION
// OBS-NEXT: remark: object: observer Append POLICY_VIOLATION
// OBS-NEXT: remark: object: observer Reserve POLICY_VIOLATION
// OBS-NEXT: remark: object: observer Resize POLICY_VIOLATION
// OBS-NEXT: remark: object: observer ReadAt OK elf-magic=1
// OBS-NEXT: remark: object: observer Tell OK
// OBS-NEXT: remark: object: post_write after image format=elf state=CANDIDATE output=OPEN size=[[SIZE]] digest=[[DIGEST]]
// OBS-NEXT: remark: object: final_verify before image format=elf state=CANDIDATE output=OPEN size=[[SIZE]] digest=[[DIGEST]]
// OBS-NEXT: remark: object: final_verify before GetGraph WRONG_TYPE
// OBS-NEXT: remark: object: final_verify after image format=elf state=VERIFIED output=FINISHED size=[[SIZE]] digest=[[DIGEST]]
// OBS-NEXT: remark: object: commit before image format=elf state=VERIFIED output=FINISHED size=[[SIZE]] digest=[[DIGEST]]
// OBS-NEXT: remark: object: commit before GetGraph WRONG_TYPE
// OBS-NEXT: remark: object: commit after-commit image format=elf state=COMMITTED output=COMMITTED size=[[SIZE]] digest=[[DIGEST]] graph-gen=1 layout-report=1 provenance=neverc ELF writer
// OBS-NOT:  remark: object:
//
// Byte for byte what clang-22 and neverc without a plugin write.
// RUN: %clang -O1 -c %s -o %t/clang.o
// RUN: %neverc -O1 -c %s -o %t/plain.o
// RUN: cmp %t/obs.o %t/clang.o
// RUN: cmp %t/obs.o %t/plain.o
// RUN: wc -c < %t/obs.o > %t/obs.size
// RUN: cat %t/obs.size %t/obs.log | FileCheck %s --check-prefix=BYTES
// BYTES: [[N:[0-9]+]]
// BYTES: write after image format=elf state=CANDIDATE output=OPEN size=[[N]] digest
// RUN: %clang %t/obs.o -o %t/obs && %t/obs | FileCheck %s --check-prefix=EXEC
// EXEC: 15
//
// With debug information too, and with the observers alone (the
// observers-only path runs the built-in steps without a chain).
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -g -O0 -c %s -o %t/obs-g.o 2>&1 | FileCheck %s --check-prefix=G --implicit-check-not=error:
// G: remark: object: commit after-commit image format=elf state=COMMITTED
// RUN: %clang -g -O0 -c %s -o %t/clang-g.o
// RUN: cmp %t/obs-g.o %t/clang-g.o
// RUN: %neverc -fplugin=%test_plugins/ObjectObserverPlugin.so -O1 -c %s -o %t/only.o 2>&1 | FileCheck %s --check-prefix=ONLY --implicit-check-not=error: --implicit-check-not=chain
// ONLY: remark: object: read after graph gen=1 sections=[[SECTIONS:[0-9]+]]
// ONLY: remark: object: observer BeginMutation POLICY_VIOLATION null=1
// ONLY: remark: object: post_layout after graph gen=1 sections=[[SECTIONS]] {{.*}} proof=1 proof-handle=1
// ONLY: remark: object: write after image format=elf state=CANDIDATE
// ONLY: remark: object: observer Write POLICY_VIOLATION
// ONLY: remark: object: commit after-commit image format=elf state=COMMITTED output=COMMITTED
// RUN: cmp %t/only.o %t/clang.o
//
// Registered formats that decline the bytes (their probes answer
// NOT_FOUND) change nothing: the built-in ELF format reads and writes.
// RUN: %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -O1 -c %s -o %t/declined.o 2>&1 | FileCheck %s --check-prefix=DECLINED --implicit-check-not=error: --implicit-check-not=probe.claims
// DECLINED: remark: object: read after graph gen=1
// DECLINED: remark: object: commit after-commit image format=elf state=COMMITTED
// RUN: cmp %t/declined.o %t/clang.o

#include <stdio.h>

int counter = 5;
int helper_visible(int x) { return x * 3; }
int main(void) {
  printf("%d\n", helper_visible(counter));
  return 0;
}
