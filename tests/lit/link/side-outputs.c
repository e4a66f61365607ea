// Side outputs (-Map, --why-extract) are written by lld into the staging
// directory, checked by the sealed side_outputs_verify and committed with
// the image: they appear only when the link commits, and never after a
// refused one.
//
// RUN: rm -rf %t && mkdir -p %t/ok %t/bad %t/tmp
// RUN: %neverc -c %s -o %t/main.o
// RUN: env TMPDIR=%t/tmp %neverc %t/main.o -o %t/ok/a.out -Wl,-Map=%t/ok/a.map -Wl,--why-extract=%t/ok/why.txt -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=MAP --input-file=%t/ok/a.map
// RUN: FileCheck %s --check-prefix=WHY --input-file=%t/ok/why.txt
// RUN: ls -A %t/tmp > %t/tmp.list
// RUN: not grep . %t/tmp.list
// The same map as lld writes it (the staged output's name aside).
// RUN: %clang -fuse-ld=lld %t/main.o -o %t/ok/ref -Wl,-Map=%t/ok/ref.map
// RUN: cmp %t/ok/a.out %t/ok/ref
// RUN: grep -c . %t/ok/a.map > %t/ok/a.lines
// RUN: grep -c . %t/ok/ref.map > %t/ok/ref.lines
// RUN: cmp %t/ok/a.lines %t/ok/ref.lines
//
// CHECK: link: before side_outputs_verify state=VERIFIED
// CHECK: link: after-commit commit state=COMMITTED
// MAP: VMA LMA Size Align Out In Symbol
// MAP: .text
// WHY: reference extracted symbol
//
// Refused at image_verify: neither the image nor its side outputs exist.
// RUN: not env TMPDIR=%t/tmp %neverc %t/main.o -o %t/bad/a.out -Wl,-Map=%t/bad/a.map -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=truncate 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: ls -A %t/bad > %t/bad.list
// RUN: ls -A %t/tmp >> %t/bad.list
// RUN: not grep . %t/bad.list
// BAD: error: in neverc.link.image_verify: host verifier 'neverc.link.verify_final_image' rejected the output (VERIFICATION_FAILED)
//
// The same with -Map inside a response file given to the linker: it is
// staged and committed like one on the command line.
// RUN: mkdir -p %t/rsp
// RUN: printf -- '-Map=%t/rsp/a.map\n' > %t/rsp/args
// RUN: env TMPDIR=%t/tmp %neverc %t/main.o -o %t/rsp/a.out -Wl,@%t/rsp/args -fplugin=%test_plugins/LinkTestPlugin.so 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=MAP --input-file=%t/rsp/a.map

int main(void) { return 0; }
