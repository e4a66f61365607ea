// What the graph linker does not link is a clear error that names it and
// suggests lld, and no output is left behind; a reference nothing defines
// is lld's error, with where it is made.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %neverc -fuse-ld=neverc -DUNDEF %s -o %t/undef 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: neverc: error: in neverc.link.synthesize: undefined symbol: nowhere
// UNDEF-NEXT: >>> referenced by {{.*}}.o:(.text+0x{{[0-9a-f]+}})
// RUN: not test -e %t/undef
//
// RUN: not %neverc -fuse-ld=neverc -shared -Wl,--no-rosegment %s -o %t/notyet 2>&1 | FileCheck %s --check-prefix=NOTYET
// NOTYET: error: {{.*}}the option '--no-rosegment' is not supported by the graph linker yet; use -fuse-ld=lld
// RUN: not test -e %t/notyet
// RUN: not %neverc -fuse-ld=neverc %s -o %t/opt -Wl,--section-start=.text=0x1000 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: {{.*}}the option '--section-start=.text=0x1000' is not supported by the graph linker yet; use -fuse-ld=lld
// RUN: not %neverc -fuse-ld=neverc %s -o %t/expr -Wl,--defsym=a=b+1 2>&1 | FileCheck %s --check-prefix=EXPR
// EXPR: error: {{.*}}'--defsym a=b+1' (an expression; only NAME=NUMBER or NAME=SYMBOL) is not supported by the graph linker yet; use -fuse-ld=lld
// RUN: not %neverc -fuse-ld=neverc %s -o %t/z -Wl,-z,nosuchkeyword 2>&1 | FileCheck %s --check-prefix=Z
// Z: error: {{.*}}'-z nosuchkeyword' is not supported by the graph linker yet
// RUN: not test -e %t/opt
//
// A weak reference nothing defines is 0, as with lld.
// RUN: %neverc -fuse-ld=neverc -DWEAK %s -o %t/weak && %t/weak | FileCheck %s --check-prefix=WEAK
// WEAK: weak is null
//
// neverc-ld alone says the same.
// RUN: not %clang --ld-path=%graphld -DUNDEF %s -o %t/undef2 2>&1 | FileCheck %s --check-prefix=LD
// LD: neverc-ld: error: undefined symbol: nowhere
// RUN: not test -e %t/undef2

#include <stdio.h>
#ifdef UNDEF
void nowhere(void);
#endif
#ifdef WEAK
__attribute__((weak)) void maybe(void);
#endif

int main(void) {
#ifdef UNDEF
  nowhere();
#endif
#ifdef WEAK
  puts(maybe ? "weak is set" : "weak is null");
#endif
  return 0;
}
