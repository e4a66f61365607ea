// -### prints the jobs clang-22 would build, marks the ones neverc runs
// in-process, and runs nothing.
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -### %s %S/Inputs/add.c -o %t/prog 2>&1 | FileCheck %s
// RUN: not test -e %t/prog
// CHECK: neverc version {{[0-9.]+}} (Clang 22.{{.*}})
// CHECK: clang version 22.
// CHECK: Target: x86_64-pc-linux-gnu
// CHECK: (in-process)
// CHECK-NEXT: "{{.*}}neverc" "-cc1" "-triple" "x86_64-pc-linux-gnu" "-emit-obj"
// CHECK-SAME: "-main-file-name" "hash-hash-hash.c"
// CHECK: (in-process)
// CHECK-NEXT: "-cc1"
// CHECK-SAME: "-main-file-name" "add.c"
// CHECK: "{{.*}}ld.lld" "--hash-style=gnu" "--build-id" "--eh-frame-hdr" "-m" "elf_x86_64" "-pie"
// CHECK-SAME: "-o" "{{.*}}prog"
// CHECK-SAME: "-lc"
//
// The link line is the one clang-22 builds for lld, argument for argument
// (only the linker's path and temporary names differ).
// RUN: %neverc -### %s -o %t/prog 2>&1 | grep ld.lld | sed -e 's/^ "[^"]*"//' -e 's/-[0-9a-f]*\.o"/.o"/g' > %t/neverc.link
// RUN: %clang -fuse-ld=lld -### %s -o %t/prog 2>&1 | grep ld.lld | sed -e 's/^ "[^"]*"//' -e 's/-[0-9a-f]*\.o"/.o"/g' > %t/clang.link
// RUN: diff %t/neverc.link %t/clang.link
//
// -v runs the jobs and prints them first.
// RUN: %neverc -v %s %S/Inputs/add.c -o %t/prog 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: test -x %t/prog
// VERBOSE: neverc version
// VERBOSE: neverc" -cc1
// VERBOSE: ld.lld" --hash-style=gnu
int main(void) { return 0; }
