// A link that lld refuses goes through the link phases too: lld's error,
// no output, nothing left staged; full's AFTER observers do not run.
// Links the domain does not take (-r, lld asked a question) run as lld
// would, with no phase.
//
// RUN: rm -rf %t && mkdir -p %t/tmp %t/out
// RUN: %neverc -c %s -o %t/main.o
// RUN: not env TMPDIR=%t/tmp %neverc %t/main.o -o %t/out/a.out -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s
// RUN: ls -A %t/out > %t/left.list
// RUN: ls -A %t/tmp >> %t/left.list
// RUN: not grep . %t/left.list
// CHECK: link: before full state=CANDIDATE size>0=0
// CHECK: ld.lld: error: undefined symbol: neverc_missing_function
// CHECK-NOT: link: after full
// CHECK-NOT: link: before post_emit
//
// -r with a plugin on neverc.link.full: lld merges as the whole link, and
// the object goes through post_emit, the sealed gates (the audit wants an
// ET_REL and no segment) and the commit. (The graph linker's merge,
// neverc.link.object_merge, is object-merge.c.)
// RUN: %neverc -c -DOTHER %s -o %t/other.o
// RUN: %neverc -r %t/main.o %t/other.o -o %t/merged.o -fplugin=%test_plugins/LinkTestPlugin.so -nostdlib 2>&1 | FileCheck %s --check-prefix=MERGE --implicit-check-not=error:
// RUN: llvm-readelf -h %t/merged.o | FileCheck %s --check-prefix=REL
// MERGE: link: before full state=CANDIDATE
// MERGE: link: request output={{.*}}merged.o kind=RELOCATABLE
// MERGE: link: after image_verify state=VERIFIED
// MERGE: link: image state=VERIFIED kind=RELOCATABLE size>0=1 segments>0=0
// MERGE: link: after after_commit state=COMMITTED
// REL: Type: REL (Relocatable file)

#ifdef OTHER
static int other(void) { return 1; }
int (*other_ptr)(void) = other;
#else
int neverc_missing_function(void);
int main(void) { return neverc_missing_function(); }
#endif
