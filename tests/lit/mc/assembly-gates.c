// The sealed gates of printed assembly (-S): neverc.assembly.final_verify
// (its verifier: the text was written whole and is not empty) and
// neverc.assembly.commit (the staged file renamed into place; its verifier:
// the file holds exactly the bytes written). MCTestPlugin, mode=gates,
// observes both and says whether the .s file exists: not before the
// commit, and at AFTER_COMMIT it does. The text is clang-22's. -c prints
// no assembly: no gate; -o - writes to stdout through the same gates.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=gates -fplugin-arg=org.neverc.test.mc:section=%t/a.s -O2 -S %s -o %t/a.s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not="mc: assembly"
// CHECK:      mc: assembly.final_verify before exists=0 OK
// CHECK-NEXT: mc: assembly.final_verify after exists=0 OK
// CHECK-NEXT: mc: assembly.commit before exists=0 OK
// CHECK-NEXT: mc: assembly.commit after-commit exists=1 OK
// RUN: %clang -O2 -S %s -o %t/ref.s && cmp %t/a.s %t/ref.s
//
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=gates -fplugin-arg=org.neverc.test.mc:section=%t/b.o -O2 -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=OBJ --allow-empty
// OBJ-NOT: mc: assembly
//
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=gates -fplugin-arg=org.neverc.test.mc:section=%t/none -O2 -S %s -o - 2> %t/stdout.err | FileCheck %s --check-prefix=TEXT
// TEXT: gated:
// RUN: FileCheck %s --check-prefix=STDOUT < %t/stdout.err
// STDOUT:      mc: assembly.final_verify before
// STDOUT-NEXT: mc: assembly.final_verify after
// STDOUT-NEXT: mc: assembly.commit before
// STDOUT-NEXT: mc: assembly.commit after-commit

int gated(int x) { return x * 5 + 1; }
