// A failed link: the linker's diagnostic (the graph linker's, in lld's
// words; lld's own with -fuse-ld=lld), clang's "linker command failed"
// line, exit status 1 and no output file (the linker stages its output;
// the driver drops the failed job's result file).
// RUN: rm -rf %t && mkdir %t
// RUN: echo stale > %t/prog
// RUN: not %neverc %s -o %t/prog 2>&1 | FileCheck %s
// CHECK: neverc: error: undefined symbol: missing_function
// CHECK-NEXT: >>> referenced by {{.*}}.o:(.text+0x{{[0-9a-f]+}})
// CHECK: neverc: error: linker command failed with exit code 1 (use -v to see invocation)
// RUN: not test -e %t/prog
// RUN: echo stale > %t/prog
// RUN: not %neverc -fuse-ld=lld %s -o %t/prog 2>&1 | FileCheck %s --check-prefix=LLD
// LLD: ld.lld: error: undefined symbol: missing_function
// LLD: neverc: error: linker command failed with exit code 1 (use -v to see invocation)
// RUN: not test -e %t/prog
// RUN: sh -c '%neverc %s -o %t/prog 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// STATUS: status=1
//
// Linker flags pass through -Wl, and -Xlinker.
// RUN: %neverc %s -Wl,--defsym=missing_function=main -o %t/defsym
// RUN: %neverc %s -Xlinker --defsym=missing_function=main -Xlinker -Map=%t/map.txt -o %t/defsym2
// RUN: FileCheck %s --check-prefix=MAP < %t/map.txt
// MAP: link-error-{{.*}}.o:(.text)
int missing_function(void);
int main(void) { return missing_function() == 12345; }
