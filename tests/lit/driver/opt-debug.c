// Optimization levels and debug information.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -O0 -S %s -o %t/o0.s
// RUN: %neverc -O2 -S %s -o %t/o2.s
// RUN: FileCheck %s --check-prefix=O0 < %t/o0.s
// RUN: FileCheck %s --check-prefix=O2 < %t/o2.s
// O0: sum_to:
// O0: jmp
// O2: sum_to:
// O2-NOT: call
//
// RUN: %neverc -O1 -c %s -o %t/o1.o
// RUN: %neverc -O3 -c %s -o %t/o3.o
// RUN: %neverc -Os -c %s -o %t/os.o
// RUN: %neverc -Oz -c %s -o %t/oz.o
//
// Objects are byte-identical to clang-22's for the same command line.
// RUN: %neverc -O2 -c %s -o %t/n.o
// RUN: %clang -O2 -c %s -o %t/c.o
// RUN: cmp %t/n.o %t/c.o
//
// RUN: %neverc -g -c %s -o %t/g.o
// RUN: llvm-dwarfdump --debug-info %t/g.o | FileCheck %s --check-prefix=DWARF
// DWARF: DW_TAG_compile_unit
// DWARF: DW_AT_name ("{{.*}}opt-debug.c")
// DWARF: DW_TAG_subprogram
// DWARF: DW_AT_name ("sum_to")
// RUN: %neverc -c %s -o %t/nog.o
// RUN: llvm-readelf -S %t/nog.o | FileCheck %s --check-prefix=NODWARF
// NODWARF-NOT: .debug_info
int sum_to(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
