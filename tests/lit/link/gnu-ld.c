// Links neverc spawns to GNU ld (-fuse-ld=bfd, or GNU-only options lld
// cannot parse, such as --default-symver) go through the same whole-link
// route: GNU ld writes into the staging directory, the sealed gates audit
// and commit. What it links is what clang-22 links with GNU ld.
//
// RUN: rm -rf %t && mkdir -p %t/tmp %t/bad
// RUN: %neverc -c %s -o %t/main.o
// RUN: env TMPDIR=%t/tmp %neverc -fuse-ld=bfd %t/main.o -o %t/bfd -Wl,-Map=%t/bfd.map -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %clang %t/main.o -o %t/clang-bfd
// RUN: cmp %t/bfd %t/clang-bfd
// RUN: %t/bfd
// RUN: FileCheck %s --check-prefix=MAP --input-file=%t/bfd.map
// RUN: ls -A %t/tmp > %t/tmp.list
// RUN: not grep . %t/tmp.list
// CHECK: link: request output=bfd kind=EXECUTABLE
// CHECK: link: after image_verify state=VERIFIED
// CHECK: link: after-commit commit state=COMMITTED
// MAP: Memory Configuration
//
// A GNU-only option: neverc hands the link to GNU ld; the phases run.
// RUN: %neverc -fPIC -shared -DLIB %s -Wl,--default-symver -o %t/libx.so -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s --check-prefix=SYMVER --implicit-check-not=error:
// SYMVER: link: request output=libx.so kind=SHARED_LIBRARY
// SYMVER: link: after-commit commit state=COMMITTED
//
// Refused at image_verify: nothing is written.
// RUN: not %neverc -fuse-ld=bfd %t/main.o -o %t/bad/a.out -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=truncate 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: ls -A %t/bad > %t/bad.list
// RUN: not grep . %t/bad.list
// BAD: error: in neverc.link.image_verify: host verifier 'neverc.link.verify_final_image' rejected the output (VERIFICATION_FAILED)

#ifdef LIB
int lib_answer(void) { return 42; }
#else
int main(void) { return 0; }
#endif
