// SetSymbolResolution: a plugin changes how a symbol is resolved inside
// the gc step; the commit takes the graph back to before select_comdat
// (spec §6.2) and the steps from there run again. Here a shared library's
// export is hidden (out of .dynsym, local in .symtab, and a program that
// calls it no longer links), and another is made weak. What the record
// cannot change is refused by name (graph-steps.c, MISUSE).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -shared -fPIC -O1 -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode hide --steps-symbol hideme %s -o %t/libhide.so 2>&1 | FileCheck %s --check-prefix=HIDE --implicit-check-not=error: --implicit-check-not=warning:
// HIDE: steps: before gc state=6 generation=1
// HIDE-NEXT: steps: BeginMutation OK
// HIDE-NEXT: steps: SetSymbolResolution(short record) INVALID_ARGUMENT
// HIDE-NEXT: steps: SetSymbolResolution hideme OK
// HIDE-NEXT: steps: CommitMutation OK
// HIDE: steps: after gc state=7 generation=2
// RUN: llvm-readelf --dyn-syms %t/libhide.so > %t/hide.dyn
// RUN: FileCheck %s --check-prefix=KEPT < %t/hide.dyn
// KEPT: GLOBAL DEFAULT {{.*}} keepme
// RUN: not grep hideme %t/hide.dyn
// RUN: llvm-readelf -s %t/libhide.so | FileCheck %s --check-prefix=SYMTAB
// SYMTAB: LOCAL HIDDEN {{.*}} hideme
// RUN: %neverc -DMAIN -c %s -o %t/main.o
// RUN: not %neverc %t/main.o %t/libhide.so -o %t/prog 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: undefined symbol: hideme
// Without the plugin it is exported, and the program links.
// RUN: %neverc -shared -fPIC -O1 %s -o %t/libplain.so
// RUN: llvm-readelf --dyn-syms %t/libplain.so | FileCheck %s --check-prefix=PLAIN
// PLAIN-DAG: GLOBAL DEFAULT {{.*}} hideme
// PLAIN-DAG: GLOBAL DEFAULT {{.*}} weakme
// RUN: %neverc %t/main.o %t/libplain.so -o %t/prog -Wl,-rpath,%t
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// OUT: 1 2 3
//
// Weak, and still exported.
// RUN: %neverc -shared -fPIC -O1 -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode weaken --steps-symbol weakme %s -o %t/libweak.so 2>&1 | FileCheck %s --check-prefix=WEAKEN
// WEAKEN: steps: SetSymbolResolution weakme OK
// RUN: llvm-readelf --dyn-syms %t/libweak.so | FileCheck %s --check-prefix=WEAK
// WEAK: WEAK DEFAULT {{.*}} weakme

#include <stdio.h>

#ifdef MAIN
int hideme(void), keepme(void), weakme(void);
int main(void) {
  printf("%d %d %d\n", keepme(), hideme(), weakme());
  return 0;
}
#else
int keepme(void) { return 1; }
int hideme(void) { return 2; }
int weakme(void) { return 3; }
#endif
