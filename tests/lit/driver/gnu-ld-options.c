// In-process links run the graph linker (lld for what it does not link
// yet, or with -fuse-ld=lld), but a link lld cannot parse (an option only GNU
// ld knows, e.g. jansson's -Wl,--default-symver) goes to the platform
// linker Debian's clang-22 itself runs (GNU ld), so neverc links what
// clang-22 links. The choice is made when the jobs are planned: -### and -v
// name the linker that runs, and -print-prog-name=ld names lld, the linker
// neverc uses unless -fuse-ld= says otherwise.
//
// RUN: rm -rf %t && mkdir %t
//
// A jansson-style shared library: every export gets the soname as version.
// RUN: %neverc -shared -fPIC -Wl,--default-symver -Wl,-soname,libsymver.so.4 %s -o %t/libsymver.so.4
// RUN: llvm-readelf --dyn-syms %t/libsymver.so.4 | FileCheck %s --check-prefix=SYMVER
// SYMVER: symver_answer@@libsymver.so.4
// RUN: printf 'int symver_answer(void);\nint main(void) { return symver_answer() - 42; }\n' > %t/main.c
// RUN: %neverc %t/main.c %t/libsymver.so.4 -Wl,-rpath,%t -o %t/main
// RUN: %t/main
//
// With -flto, GNU ld gets LLVM's gold plugin (as clang-22 gives it).
// RUN: %neverc -flto -O2 -shared -fPIC -Wl,--default-symver -Wl,-soname,liblto.so %s -o %t/liblto.so
// RUN: llvm-readelf --dyn-syms %t/liblto.so | FileCheck %s --check-prefix=LTO
// LTO: symver_answer@@liblto.so
//
// The plan names GNU ld for that link, lld otherwise; a link lld accepts
// still runs in-process.
// RUN: %neverc -### -shared -fPIC -Wl,--default-symver %s -o %t/x.so 2>&1 | FileCheck %s --check-prefix=PLAN-GNU
// PLAN-GNU: "{{[^"]*}}/ld" "--hash-style=gnu"
// PLAN-GNU-SAME: "--default-symver"
// RUN: %neverc -### -shared -fPIC %s -o %t/y.so 2>&1 | FileCheck %s --check-prefix=PLAN-LLD
// PLAN-LLD: (in-process)
// PLAN-LLD: "{{[^"]*}}/ld.lld" "--hash-style=gnu"
// RUN: %neverc -v -shared -fPIC -Wl,--default-symver %s -o %t/z.so 2>&1 | FileCheck %s --check-prefix=RUN-GNU
// RUN-GNU: "{{[^"]*}}/ld" --hash-style=gnu
// RUN-GNU-SAME: --default-symver
//
// An option neither linker knows fails in GNU ld, with GNU ld's message.
// RUN: not %neverc -shared -fPIC -Wl,--no-such-linker-option %s -o %t/bad.so 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unrecognized option '--no-such-linker-option'
// RUN: not test -e %t/bad.so
//
// A bad value for an option lld knows is an error with lld's words (the
// graph linker, the default, says it; no fallback to GNU ld).
// RUN: not %neverc -shared -fPIC -Wl,--hash-style=bogus %s -o %t/bad2.so 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: neverc: error: unknown --hash-style: bogus
// RUN: not %neverc -fuse-ld=lld -shared -fPIC -Wl,--hash-style=bogus %s -o %t/bad3.so 2>&1 | FileCheck %s --check-prefix=VALUE-LLD
// VALUE-LLD: ld.lld: error: unknown --hash-style: bogus
//
// -print-prog-name=ld: the linker neverc runs (lld), unless -fuse-ld= chose.
// RUN: %neverc -print-prog-name=ld | FileCheck %s --check-prefix=PROG
// PROG: {{.*}}/ld.lld{{$}}
// RUN: %neverc -fuse-ld=bfd -print-prog-name=ld | FileCheck %s --check-prefix=PROG-BFD
// PROG-BFD: {{.*}}/ld{{$}}
// RUN: %neverc -print-prog-name=ld.bfd | FileCheck %s --check-prefix=PROG-LDBFD
// PROG-LDBFD: {{.*}}ld.bfd{{$}}

int symver_answer(void) { return 42; }
