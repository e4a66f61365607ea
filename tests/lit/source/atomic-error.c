// A failed compile leaves no output: neither a new (partial) object nor a
// dependency file; outputs go through the atomic OutputBackend even with no
// plugin loaded.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %neverc -DBROKEN -c %s -o %t/a.o -MD -MF %t/a.d 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t/a.o
// RUN: not test -e %t/a.d
// RUN: not %neverc -DBROKEN -S %s -o %t/a.s
// RUN: not test -e %t/a.s
// RUN: not %neverc -DBROKEN -E -DHASH_ERROR %s -o %t/a.i
// RUN: not test -e %t/a.i
// The same compile without the error writes every output.
// RUN: %neverc -c %s -o %t/a.o -MD -MF %t/a.d
// RUN: test -s %t/a.o
// RUN: FileCheck %s --check-prefix=DEP < %t/a.d
// RUN: %neverc -S %s -o %t/a.s
// RUN: FileCheck %s --check-prefix=ASM < %t/a.s
// RUN: %neverc -E %s -o %t/a.i
// RUN: FileCheck %s --check-prefix=PP < %t/a.i
// RUN: %neverc -emit-llvm -S %s -o %t/a.ll
// RUN: FileCheck %s --check-prefix=IR < %t/a.ll
// Non-regular destinations are written in place.
// RUN: %neverc -c %s -o /dev/null
// RUN: %neverc -S %s -o - | FileCheck %s --check-prefix=ASM
// No temporary is left behind in the output directory.
// RUN: ls %t | FileCheck %s --check-prefix=LS --implicit-check-not=tmp
#ifdef HASH_ERROR
#error broken on purpose
#endif
int answer(void) {
#ifdef BROKEN
  return undeclared_identifier;
#else
  return 42;
#endif
}
// ERR: error: use of undeclared identifier 'undeclared_identifier'
// DEP: a.o:
// DEP-NEXT: atomic-error.c
// ASM: answer:
// PP: int answer(void) {
// IR: define {{.*}}i32 @answer()
// LS: a.d
