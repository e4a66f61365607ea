// The replace, move and erase slots of relocations and COMDATs,
// ReplaceSection, and the builder's Insert (ObjectTestPlugin mode=edits):
// each step is staged, committed whole, and seen in the object written.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=edits -O1 -c %s -o %t/e.o 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// CHECK:      object: edits BeginMutation OK
// CHECK-NEXT: object: edits CreateSection .neverc_edit OK
// CHECK-NEXT: object: edits ReplaceSection .neverc_edit OK
// CHECK-NEXT: object: edits CreateSection .neverc_slots OK
// CHECK-NEXT: object: edits CreateRelocation slot0 OK
// CHECK-NEXT: object: edits CreateRelocation slot8 OK
// CHECK-NEXT: object: edits CreateRelocation slot8-extra OK
// CHECK-NEXT: object: edits ReplaceRelocation slot8 addend=4 OK
// CHECK-NEXT: object: edits MoveRelocationBefore slot8 slot0 OK
// CHECK-NEXT: object: edits EraseRelocation slot8-extra OK
// CHECK-NEXT: object: edits CreateComdat neverc_group_old OK
// CHECK-NEXT: object: edits CreateComdat neverc_group_drop OK
// CHECK-NEXT: object: edits ReplaceComdat neverc_group OK
// CHECK-NEXT: object: edits MoveComdatBefore OK
// CHECK-NEXT: object: edits MoveComdatBefore(back) OK
// CHECK-NEXT: object: edits EraseComdat neverc_group_drop OK
// CHECK-NEXT: object: edits CreateSection .neverc_grouped OK
// CHECK-NEXT: object: edits CreateSymbol neverc_group OK
// CHECK-NEXT: object: edits CommitMutation OK
// CHECK-NEXT: object: edits GetRelocationInfo slot8 OK offset=8 addend=4
// CHECK-NEXT: object: edits GetRelocationInfo(erased) STALE_HANDLE
// CHECK-NEXT: object: edits GetFirstComdat OK
// CHECK-NEXT: object: edits first COMDAT neverc_group same-as-kept=1
// CHECK-NEXT: object: edits GetComdatInfo(erased) STALE_HANDLE
// CHECK-NEXT: object: edits Insert(end) OK
// CHECK-NEXT: object: edits Insert(past the end) INVALID_ARGUMENT
// CHECK-NEXT: object: edits size-grew-by=4
//
// ReplaceSection: the section holds the replacing bytes.
// RUN: llvm-readelf -x .neverc_edit %t/e.o | FileCheck %s --check-prefix=EDIT
// EDIT: 7265706c 61636564 replaced
//
// The relocations: the erased one is gone, the replaced one has its new
// addend and comes first (moved before slot 0).
// RUN: llvm-readelf -r %t/e.o | FileCheck %s --check-prefix=RELA
// RELA:      Relocation section '.rela.neverc_slots' at offset {{.*}} contains 2 entries:
// RELA:      0000000000000008 {{.*}} R_X86_64_64 {{.*}} counter + 4
// RELA-NEXT: 0000000000000000 {{.*}} R_X86_64_64 {{.*}} counter + 0
//
// The COMDATs: one group, renamed, holding its section; the erased one is
// not written.
// RUN: llvm-readelf -g %t/e.o | FileCheck %s --check-prefix=GROUP --implicit-check-not=neverc_group_
// GROUP:      COMDAT group section [{{ *[0-9]+}}] `.group' [neverc_group] contains 1 sections:
// GROUP-NEXT: [Index] Name
// GROUP-NEXT: .neverc_grouped
//
// Insert at the end: the last four bytes, and the object still links.
// RUN: tail -c 4 %t/e.o | FileCheck %s --check-prefix=TAIL
// TAIL: INS!
// RUN: %clang %t/e.o -o %t/e && %t/e

static int counter = 5;
int *get(void) { return &counter; }
int main(void) { return *get() - 5; }
