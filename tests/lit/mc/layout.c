// neverc.mc.layout: once per unit, at the first point after LLVM 22's
// MCAssembler laid it out (nothing before its layout can be reached: the
// phase runs at the writer's first byte, before post_layout). Observers
// read the unit before and LLVM's layout after (GetLayoutSection); they
// cannot mutate. With an interceptor that continues the object is
// clang-22's, for a compile and for the assembler alike. No table makes a
// layout, so a replacement cannot name one: the compile fails, no object.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/LayoutPlugin.so -O1 -c %s -o %t/a.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK:      layout: before OK sections>2=1 has-layout=0
// CHECK-NEXT: layout: observer BeginMutation POLICY_VIOLATION
// CHECK-NEXT: layout: after OK has-layout=1 sections>2=1
// CHECK-NEXT: layout: .text size 40
// CHECK:      layout: mc.layout ran 1
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: cmp %t/a.o %t/ref.o
// The .text size the observer read is the object's (40 = 0x28).
// RUN: llvm-readelf -S %t/a.o | FileCheck %s --check-prefix=SIZE
// SIZE: .text PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000028
//
// The assembler path: the unit of a .s file.
// RUN: printf 'f:\n ret\n' > %t/f.s
// RUN: %neverc -fplugin=%test_plugins/LayoutPlugin.so -c %t/f.s -o %t/f.o 2>&1 | FileCheck %s --check-prefix=ASM --implicit-check-not=error:
// RUN: %clang -c %t/f.s -o %t/f-ref.o
// RUN: cmp %t/f.o %t/f-ref.o
// ASM: layout: .text size 1
// ASM: layout: mc.layout ran 1
//
// RUN: not %neverc -fplugin=%test_plugins/LayoutPlugin.so -fplugin-arg=org.neverc.test.layout:--layout-mode=replace -O1 -c %s -o %t/r.o 2>&1 | FileCheck %s --check-prefix=REPLACE
// RUN: test ! -e %t/r.o
// REPLACE: error: phase output artifact has the wrong type
// REPLACE: error: phase 'neverc.mc.layout' failed: WRONG_TYPE
// RUN: not %neverc -fplugin=%test_plugins/LayoutProviderPlugin.so -O1 -c %s -o %t/p.o 2>&1 | FileCheck %s --check-prefix=PROVIDE
// RUN: test ! -e %t/p.o
// PROVIDE: error: provider 'org.neverc.test.layout.provider' broke the result contract: a provider must return REPLACE with an Output and no Proof
// PROVIDE: error: phase 'neverc.mc.layout' failed: POLICY_VIOLATION

int printf(const char *, ...);
int twice(int x) { return x * 2; }
int main(void) {
  printf("%d\n", twice(3));
  return 0;
}
