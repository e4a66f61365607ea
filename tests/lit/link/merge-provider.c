// An object-merge provider serves neverc.link.object_merge (-r): it is
// handed the objects read as NevercObjectAPI graphs (read-only) and an
// output graph with the host's open mutation; the host commits what it
// staged and writes the object. The provider here keeps each input section
// as a section of its own (the built-in merge joins them by name); the
// object it makes links and runs as the parts do, with lld's symbols.
//
// RUN: rm -rf %t && mkdir -p %t
// Without -g: this provider would leave each input's .debug_info a section
// of its own, which no DWARF reader takes.
// RUN: %neverc -fcommon -DPART1 -c %S/object-merge.c -o %t/p1.o
// RUN: %neverc -fcommon -DPART2 -c %S/object-merge.c -o %t/p2.o
// RUN: %neverc -DMAIN -c %S/object-merge.c -o %t/main.o
// RUN: %neverc -c %S/Inputs/merge-comdat1.s -o %t/c1.o
// RUN: %neverc -c %S/Inputs/merge-comdat2.s -o %t/c2.o
// RUN: rm -f %t/libp2.a && llvm-ar rcs %t/libp2.a %t/p2.o
//
// RUN: %neverc -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/libp2.a %t/c1.o %t/c2.o -o %t/merged.o 2>&1 | FileCheck %s --check-prefix=COPY --implicit-check-not=error: --implicit-check-not=warning:
// COPY:      merge: RegisterObjectMergeProvider OK
// COPY-NEXT: merge: 4 objects, stride 40, target ID set 1
// COPY-NEXT: merge: made {{[1-9][0-9]*}} sections, {{[1-9][0-9]*}} symbols, {{[1-9][0-9]*}} relocations
// RUN: llvm-readelf -h %t/merged.o | FileCheck %s --check-prefix=REL
// REL: Type: REL (Relocatable file)
// Its own sections: the two parts' .text stay two sections.
// RUN: llvm-readelf -S %t/merged.o | FileCheck %s --check-prefix=SECTIONS
// SECTIONS-COUNT-2: ] .text PROGBITS
// RUN: llvm-readelf -g %t/merged.o | FileCheck %s --check-prefix=GROUP
// GROUP: COMDAT group section {{.*}} [shared_fn] contains 1 sections:
// GROUP-NOT: COMDAT group
// RUN: llvm-readelf -n %t/merged.o | FileCheck %s --check-prefix=NOTE
// NOTE: Build ID: {{[0-9a-f]{16}$}}
// RUN: %neverc -fuse-ld=lld -r %t/p1.o %t/libp2.a %t/c1.o %t/c2.o -o %t/lld.o
// The same symbols, of the same kinds (their values differ: the sections
// are not joined).
// RUN: llvm-nm %t/merged.o | awk '{print $(NF-1), $NF}' > %t/merged.nm
// RUN: llvm-nm %t/lld.o | awk '{print $(NF-1), $NF}' > %t/lld.nm
// RUN: diff %t/merged.nm %t/lld.nm
// RUN: %neverc %t/main.o %t/merged.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// OUT: part1=43 part2=5 c1=7 c2=7 common=3
//
// -fuse-ld=lld: the provider serves the -r link all the same (lld is the
// whole-link route, and -r goes to object_merge).
// RUN: %neverc -fuse-ld=lld -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/p2.o -o %t/lld-route.o 2>&1 | FileCheck %s --check-prefix=ROUTE
// ROUTE: merge: 2 objects
// RUN: llvm-readelf -S %t/lld-route.o | FileCheck %s --check-prefix=ROUTE-S
// ROUTE-S-COUNT-2: ] .text PROGBITS
//
// What the host refuses it, each with its status; the merge goes on.
// RUN: env NEVERC_TEST_MERGE_MODE=misuse %neverc -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/p2.o -o %t/misuse.o 2>&1 | FileCheck %s --check-prefix=MISUSE
// MISUSE:      warning: {{.*}}refused: REPLAY_REQUIRED, and neverc keeps no replay log of a link to replay it from
// MISUSE-NEXT: merge: RegisterObjectMergeProvider(REPLAY_REQUIRED) CAPABILITY_UNAVAILABLE
// MISUSE-NEXT: warning: {{.*}}refused: Flags has bits other than DETERMINISTIC, CACHEABLE and REPLAY_REQUIRED
// MISUSE-NEXT: merge: RegisterObjectMergeProvider(unknown flag) INVALID_DESCRIPTOR
// MISUSE-NEXT: merge: RegisterObjectMergeProvider OK
// MISUSE-NEXT: warning: {{.*}}'org.neverc.test.merge-provider' is registered already
// MISUSE-NEXT: merge: RegisterObjectMergeProvider(same ID) DUPLICATE_ID
// MISUSE:      warning: {{.*}}NevercObjectAPI.BeginMutation: a lent input graph is read-only: stage into the output graph's mutation
// MISUSE-NEXT: merge: BeginMutation(input graph) INVALID_STATE
// MISUSE-NEXT: merge: BeginMutation(output graph) INVALID_STATE
// MISUSE-NEXT: merge: CommitMutation(the host's) INVALID_STATE
// MISUSE-NEXT: merge: AbandonMutation(the host's) INVALID_STATE
// MISUSE:      CreateSymbol: the Symbol names an entity of another graph
// MISUSE-NEXT: merge: CreateSymbol(in an input's section) INVALID_ARGUMENT
// MISUSE:      EraseSymbol: the Symbol names an entity of another graph
// MISUSE-NEXT: merge: EraseSymbol(an input's) INVALID_ARGUMENT
// MISUSE:      merge: made
// RUN: llvm-nm %t/misuse.o | FileCheck %s --check-prefix=MISUSE-NM
// MISUSE-NM: T part1
// MISUSE-NM: T part2
//
// Its failures fail the link, name it, and leave no file (no fallback).
// RUN: env NEVERC_TEST_MERGE_MODE=fail not %neverc -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/p2.o -o %t/fail.o 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: error: plugin 'org.neverc.test.merge-provider' in neverc.link.object_merge: object-merge provider 'org.neverc.test.merge-provider' failed to merge '{{.*}}fail.o'
// RUN: not test -e %t/fail.o
// RUN: env NEVERC_TEST_MERGE_MODE=wrong not %neverc -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/p2.o -o %t/wrong.o 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: error: plugin 'org.neverc.test.merge-provider' in neverc.link.object_merge: object-merge provider 'org.neverc.test.merge-provider' failed to merge '{{.*}}wrong.o': it named an object graph other than the output graph the request gave it
// RUN: not test -e %t/wrong.o
// RUN: env NEVERC_TEST_MERGE_MODE=dangle not %neverc -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/p2.o -o %t/dangle.o 2>&1 | FileCheck %s --check-prefix=DANGLE
// DANGLE: merge: EraseSection(a definition's) OK
// DANGLE: error: plugin 'org.neverc.test.merge-provider' in neverc.link.object_merge: object-merge provider 'org.neverc.test.merge-provider' failed to merge '{{.*}}dangle.o': its changes to the output graph were refused:
// RUN: not test -e %t/dangle.o
//
// Not handed to a provider: a shared library among the inputs.
// RUN: %neverc -fPIC -shared -DPART2 %S/object-merge.c -o %t/libp2.so
// RUN: not %neverc -fplugin=%test_plugins/MergeProviderPlugin.so -r %t/p1.o %t/libp2.so -o %t/shared.o 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: error: in neverc.link.object_merge: object-merge provider 'org.neverc.test.merge-provider' cannot merge '{{.*}}shared.o': a shared library or bitcode among its inputs has no object graph to hand it
// RUN: not test -e %t/shared.o
