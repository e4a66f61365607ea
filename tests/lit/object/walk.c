// Reading the whole graph (ObjectTestPlugin, mode=walk): an interceptor on
// neverc.object.pre_write walks sections, symbols, relocations (graph-wide,
// each naming its section) and COMDATs, reads each entity back and checks
// the invariants: every relocation's section and target symbol read back,
// every walk ends at a null handle with OK, the counts match
// GetGraphInfo. Schema IDs come back as their names; the built-in ELF
// reader's NCSE/NCSY/NCRL records ride along (NCRL names the native
// relocation type). Nothing is laid out before pre_write (GetLayoutProof
// NOT_FOUND); post_layout has the proof of generation 1 for ELF on x86-64.
// Handles of the wrong kind are WRONG_TYPE, a null out INVALID_ARGUMENT,
// another struct major ABI_MISMATCH. The object is clang-22's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=walk -O1 -c %s -o %t/walk.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// CHECK:      remark: object: walk sections .text,.data.neverc_grp,.data,.bss,.comment,.note.GNU-stack,.eh_frame,.llvm_addrsig [plugin org.neverc.test.object]
// CHECK-NEXT: remark: object: walk section .text kind=text alloc=1 exec=1 write=0 align=16 size={{[0-9]+}} comdat=0 ncse=1
// CHECK-NEXT: remark: object: walk section .data.neverc_grp kind=data alloc=1 exec=0 write=1 align=1 size=4 comdat=1 ncse=1
// CHECK-NEXT: remark: object: walk section .data kind=data alloc=1 exec=0 write=1 align=4 size=16 comdat=0 ncse=1
// CHECK-NEXT: remark: object: walk section .bss kind=zero-fill alloc=1 exec=0 write=1 align=4 size=4 comdat=0 ncse=1
// CHECK-DAG:  remark: object: walk symbol walk_local local default object defined section=.data size=4 ncsy=1
// CHECK-DAG:  remark: object: walk symbol neverc_grp global default no-type defined section=.data.neverc_grp size=0 ncsy=1
// CHECK-DAG:  remark: object: walk symbol walk_fn global default function defined section=.text size={{[1-9][0-9]*}} ncsy=1
// CHECK-DAG:  remark: object: walk symbol walk_extern global default no-type undefined section=- size=0 ncsy=1
// CHECK-DAG:  remark: object: walk symbol walk_global global default object defined section=.data size=4 ncsy=1
// CHECK-DAG:  remark: object: walk symbol walk_weak weak default object defined section=.data size=4 ncsy=1
// CHECK-DAG:  remark: object: walk symbol walk_hidden global hidden object defined section=.data size=4 ncsy=1
// CHECK-DAG:  remark: object: walk symbol walk_bss global default object defined section=.bss size=4 ncsy=1
// CHECK-DAG:  remark: object: walk relocation in .text to walk_extern kind=plt-relative pcrel=1 width=4 addend=-4 native=R_X86_64_PLT32
// CHECK-DAG:  remark: object: walk relocation in .text to walk_global kind=pc-relative pcrel=1 width=4 addend=-4 native=R_X86_64_PC32
// CHECK:      remark: object: walk comdat neverc_grp selection=any sections=1
// CHECK-NEXT: remark: object: walk GetLayoutProof NOT_FOUND null=1 has-proof=0
// CHECK-NEXT: remark: object: walk counts sections=8/8 symbols=[[SYMBOLS:[0-9]+]]/[[SYMBOLS]] relocations=[[RELOCS:[0-9]+]]/[[RELOCS]] comdats=1/1
// CHECK-NEXT: remark: object: walk invariants relocation-sections=1 relocation-targets=1 ends-null=1111 comdat-members=1
// CHECK-NEXT: remark: object: walk GetSectionInfo(symbol handle) WRONG_TYPE
// CHECK-NEXT: remark: object: walk GetSectionInfo(null handle) WRONG_TYPE
// CHECK-NEXT: remark: object: walk GetSectionInfo(null out) INVALID_ARGUMENT
// CHECK-NEXT: remark: object: walk GetNextSection(graph handle) WRONG_TYPE
// CHECK-NEXT: remark: object: walk GetFirstSection(section handle) WRONG_TYPE
// CHECK-NEXT: remark: object: walk GetGraphInfo(major 99) ABI_MISMATCH
// CHECK-NEXT: remark: object: walk GetGraphInfo(short struct) INVALID_ARGUMENT
// CHECK-NEXT: remark: object: walk GetSectionInfo(session handle as task) WRONG_TYPE
// CHECK-NEXT: remark: object: post_layout GetLayoutProof OK same-as-phase=1 has-proof=1
// CHECK-NEXT: remark: object: post_layout GetLayoutProofInfo OK gen=1 graph-gen=1 format=elf target=x86-64
//
// Walking changes nothing: the object is clang-22's, with and without -g.
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: cmp %t/walk.o %t/ref.o
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=walk -g -O0 -c %s -o %t/walk-g.o 2>&1 | FileCheck %s --check-prefix=G --implicit-check-not=error:
// G: remark: object: walk invariants relocation-sections=1 relocation-targets=1 ends-null=1111 comdat-members=1
// RUN: %clang -g -O0 -c %s -o %t/ref-g.o
// RUN: cmp %t/walk-g.o %t/ref-g.o

int walk_global = 1;
static volatile int walk_local = 2;
__attribute__((weak)) int walk_weak = 3;
__attribute__((visibility("hidden"))) int walk_hidden = 4;
int walk_bss;
extern int walk_extern(int);

// A COMDAT group from file-scope assembly (C has no other way to ask).
__asm__(".section .data.neverc_grp,\"awG\",@progbits,neverc_grp,comdat\n"
        ".globl neverc_grp\n"
        "neverc_grp: .long 42\n"
        ".text\n");

int walk_fn(int x) {
  return walk_extern(x + walk_local) + walk_global + walk_bss;
}
