// The object phases on other targets: AArch64 ELF, and COFF and Mach-O,
// which the domain reads into the graph (llvm::object's generic view plus
// the native facts its writers need). Observers see each graph and image;
// an unchanged graph passes the compiler's object through byte for byte.
// A changed graph is written by the AArch64 ELF writer, and by neverc's
// COFF and Mach-O writers: the objects read back and link (lld-link,
// ld64.lld); run through the writers unchanged, clang's objects come back
// byte for byte. Write policies are ELF's: refused for the others.//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc --target=aarch64-linux-gnu -fplugin=%test_plugins/ObjectObserverPlugin.so -O1 -c %s -o %t/a64.o 2>&1 | FileCheck %s --check-prefix=A64 --implicit-check-not=error: --implicit-check-not=warning:
// A64: remark: object: read after graph gen=1 sections={{[0-9]+}} symbols={{[0-9]+}} relocations={{[0-9]+}} comdats=0 proof=0 proof-handle=0 walked={{[0-9]+}} read=1 target=aarch64 digest-ok=1
// A64: remark: object: commit after-commit image format=elf state=COMMITTED output=COMMITTED {{.*}} provenance=neverc ELF writer
// RUN: %clang --target=aarch64-linux-gnu -O1 -c %s -o %t/a64-ref.o
// RUN: cmp %t/a64.o %t/a64-ref.o
// RUN: %neverc --target=aarch64-linux-gnu -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=mutate -O1 -c %s -o %t/a64-mut.o 2>&1 | FileCheck %s --check-prefix=A64MUT --implicit-check-not=error: --implicit-check-not=warning:
// A64MUT: remark: object: mutate CommitMutation(second) OK gen=3
// RUN: llvm-readelf -h -S -s %t/a64-mut.o | FileCheck %s --check-prefix=A64ELF
// A64ELF:     Machine: AArch64
// A64ELF:     ] .neverc_test PROGBITS
// A64ELF-DAG: FUNC GLOBAL HIDDEN {{.*}} helper_visible
// A64ELF-DAG: 21 OBJECT GLOBAL DEFAULT {{.*}} neverc_test_marker
// RUN: llvm-readelf -r %t/a64-mut.o | FileCheck %s --check-prefix=A64REL
// A64REL: Relocation section '.rela.neverc_ptr'
// A64REL: R_AARCH64_ABS64 {{[0-9a-f]+}} counter + 0
//
// (COFF objects carry a time stamp unless -mno-incremental-linker-compatible:
// without it two compiles a second apart differ in bytes 4-7.)
// RUN: %neverc --target=x86_64-windows-msvc -mno-incremental-linker-compatible -fplugin=%test_plugins/ObjectObserverPlugin.so -O1 -c %s -o %t/coff.o 2>&1 | FileCheck %s --check-prefix=COFF --implicit-check-not=error: --implicit-check-not=warning:
// COFF: remark: object: read after graph gen=1 sections={{[0-9]+}} {{.*}} target=x86-64 digest-ok=1
// COFF: remark: object: commit after-commit image format=coff state=COMMITTED output=COMMITTED {{.*}} provenance=unchanged coff object, passed through
// RUN: %clang --target=x86_64-windows-msvc -mno-incremental-linker-compatible -O1 -c %s -o %t/coff-ref.o
// RUN: cmp %t/coff.o %t/coff-ref.o
// RUN: %neverc --target=x86_64-windows-msvc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=mutate -O1 -c %s -o %t/coffmut.obj 2>&1 | FileCheck %s --check-prefix=COFFMUT --implicit-check-not=error:
// COFFMUT: remark: object: mutate CommitMutation(second) OK gen=3
// RUN: llvm-readobj --sections --symbols --relocations %t/coffmut.obj | FileCheck %s --check-prefix=COFFOBJ
// COFFOBJ: Name: .neverc_test
// COFFOBJ: IMAGE_SCN_CNT_INITIALIZED_DATA
// COFFOBJ: Section (7) .neverc_ptr {
// COFFOBJ-NEXT: 0x0 IMAGE_REL_AMD64_ADDR64 counter
// COFFOBJ: Name: neverc_test_marker
// COFFOBJ-NEXT: Value: 0
// COFFOBJ-NEXT: Section: .neverc_test
// RUN: lld-link /dll /noentry /nodefaultlib /out:%t/coffmut.dll %t/coffmut.obj
// An unchanged graph through the COFF writer gives clang's bytes back
// (neverc-objtool roundtrip writes it whatever happened):
// RUN: %objtool roundtrip %t/coff.o %t/coff-rt.o
// RUN: cmp %t/coff.o %t/coff-rt.o
// RUN: %objtool check %t/coffmut.obj
// A write policy is ELF's: a COFF object takes none.
// RUN: mkdir -p %t/coffpol
// RUN: not %neverc --target=x86_64-windows-msvc -fobject-write=canonical-elf-tables -fplugin=%test_plugins/ObjectObserverPlugin.so -c %s -o %t/coffpol/a.obj 2>&1 | FileCheck %s --check-prefix=COFFPOL
// COFFPOL: error: cannot write '{{.*}}a.obj': the write policies are ELF's; a coff object takes none
// RUN: ls -A %t/coffpol > %t/coffpol.list
// RUN: not grep . %t/coffpol.list
//
// RUN: %neverc --target=x86_64-apple-macos11 -fplugin=%test_plugins/ObjectObserverPlugin.so -O1 -c %s -o %t/macho.o 2>&1 | FileCheck %s --check-prefix=MACHO --implicit-check-not=error: --implicit-check-not=warning:
// MACHO: remark: object: commit after-commit image format=macho state=COMMITTED output=COMMITTED {{.*}} provenance=unchanged macho object, passed through
// RUN: %clang --target=x86_64-apple-macos11 -O1 -c %s -o %t/macho-ref.o
// RUN: cmp %t/macho.o %t/macho-ref.o
// RUN: %neverc --target=x86_64-apple-macos11 -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=mutate -O1 -c %s -o %t/machomut.o 2>&1 | FileCheck %s --check-prefix=MACHOMUT --implicit-check-not=error:
// MACHOMUT: remark: object: mutate CommitMutation(second) OK gen=3
// RUN: llvm-objdump --macho -h -r -t %t/machomut.o | FileCheck %s --check-prefix=MACHOOBJ
// MACHOOBJ: Relocation information (__LD,__compact_unwind)
// MACHOOBJ-NEXT: address
// MACHOOBJ-NEXT: False quad False UNSIGND False 1 (__TEXT,__text)
// MACHOOBJ: .neverc_test
// MACHOOBJ: O __DATA,.neverc_test neverc_test_marker
// RUN: ld64.lld -arch x86_64 -platform_version macos 11.0 11.0 -dylib -undefined dynamic_lookup -o %t/machomut.dylib %t/machomut.o
// RUN: %objtool roundtrip %t/macho.o %t/macho-rt.o
// RUN: cmp %t/macho.o %t/macho-rt.o
// RUN: %objtool check %t/machomut.o
// RUN: mkdir -p %t/machopol
// RUN: not %neverc --target=x86_64-apple-macos11 -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=abandon -fobject-write=canonical-elf-tables -O1 -c %s -o %t/machopol/a.o 2>&1 | FileCheck %s --check-prefix=MACHOPOL
// MACHOPOL: error: cannot write '{{.*}}a.o': the write policies are ELF's; a macho object takes none [neverc, neverc.object.write]
// MACHOPOL: remark: object: write chain CAPABILITY_UNAVAILABLE
// RUN: ls -A %t/machopol > %t/machopol.list
// RUN: not grep . %t/machopol.list

int counter = 3;
int helper_visible(int x) { return x * counter; }
static int twice(int x) { return 2 * x; }
int (*helper_pointer)(int) = twice;
