// The graph linker (link/lib/graph/) links x86-64 executables against
// glibc, PIE and not: -fuse-ld=neverc runs it inside neverc (through the
// thirteen link phases), neverc-ld runs it alone on the GNU ld line clang
// builds (--ld-path=). Every program prints what the one lld links prints.
// Covered: calls through the PLT (lazy and -z now), GOT loads, copy
// relocations (stdout, environ and its aliases), absolute function pointers
// in data (dynamic relocations), TLS (local- and initial-exec, and the
// general-dynamic -fPIC code uses), constructors, common symbols, -g,
// --gc-sections, --icf=all, -Map and --why-extract.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fuse-ld=lld -fcommon %s -o %t/lld && %t/lld > %t/expected
// RUN: %neverc -fuse-ld=neverc -fcommon %s -o %t/pie && %t/pie | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -fcommon -no-pie -fno-pic %s -o %t/nopie && %t/nopie | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -fcommon -O2 -g %s -o %t/debug && %t/debug | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -fcommon -fPIC -O1 %s -o %t/pic && %t/pic | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -fcommon -no-pie -fno-pic -Wl,-z,now %s -o %t/now && %t/now | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -fcommon -O2 -ffunction-sections -fdata-sections -Wl,--gc-sections %s -o %t/gc && %t/gc | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -fcommon -O2 -ffunction-sections -Wl,--icf=all %s -o %t/icf && %t/icf | diff %t/expected -
// RUN: %clang --ld-path=%graphld -fcommon %s -o %t/standalone && %t/standalone | diff %t/expected -
//
// Static executables: crt1, libc.a and libgcc in a group, glibc's IFUNCs
// (memcpy, strlen, ...) through IPLT entries and R_X86_64_IRELATIVE in
// .rela.iplt, which the startup code applies (__rela_iplt_start/_end).
// RUN: %neverc -fuse-ld=neverc -static -fcommon %s -o %t/static && %t/static | diff %t/expected -
// RUN: %neverc -fuse-ld=neverc -static -fcommon -O2 -ffunction-sections -Wl,--gc-sections %s -o %t/static-gc && %t/static-gc | diff %t/expected -
// RUN: llvm-readelf -hlS %t/static | FileCheck %s --check-prefix=STATIC
// STATIC: Type: EXEC
// STATIC-NOT: INTERP
// STATIC-NOT: DYNAMIC
// STATIC: .rela.iplt
// STATIC: .iplt
//
// Differential: the libraries needed and the dynamic symbols (imports with
// their versions, weak undefined ones included) are lld's.
// RUN: llvm-readelf --dyn-syms -d %t/lld | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/lld.dyn
// RUN: llvm-readelf --dyn-syms -d %t/pie | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/pie.dyn
// RUN: diff %t/lld.dyn %t/pie.dyn
// RUN: %clang -fuse-ld=lld -fcommon -no-pie -fno-pic %s -o %t/lld-nopie
// RUN: llvm-readelf --dyn-syms -d %t/lld-nopie | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/lld-nopie.dyn
// RUN: llvm-readelf --dyn-syms -d %t/nopie | grep -E 'NEEDED|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/nopie.dyn
// RUN: diff %t/lld-nopie.dyn %t/nopie.dyn
//
// The image: what the dynamic linker reads.
// RUN: llvm-readelf -hldsV --dyn-syms %t/pie | FileCheck %s --check-prefix=PIE
// PIE: Type: DYN
// PIE: Requesting program interpreter: /lib64/ld-linux-x86-64.so.2
// PIE-DAG: GNU_RELRO
// PIE-DAG: GNU_EH_FRAME
// PIE-DAG: GNU_STACK {{.*}} RW
// PIE-DAG: TLS
// PIE-DAG: (NEEDED) Shared library: [libc.so.6]
// PIE-DAG: (GNU_HASH)
// PIE-DAG: (FLAGS_1) PIE
// PIE-DAG: .note.gnu.build-id
// PIE-DAG: UND puts@GLIBC_2.2.5
// PIE-DAG: File: libc.so.6
// RUN: llvm-readelf -hr %t/nopie | FileCheck %s --check-prefix=NOPIE
// NOPIE: Type: EXEC
// NOPIE-DAG: R_X86_64_COPY {{.*}} stdout
// NOPIE-DAG: R_X86_64_COPY {{.*}} environ
// NOPIE-DAG: R_X86_64_JUMP_SLOT {{.*}} printf
//
// --gc-sections drops what nothing uses; without it, it stays.
// RUN: llvm-nm %t/gc | FileCheck %s --check-prefix=GC
// GC-NOT: unused_function
// RUN: llvm-nm %t/pie | FileCheck %s --check-prefix=KEPT
// KEPT: unused_function
//
// --icf=all folds the two identical functions into one address.
// RUN: llvm-nm %t/icf | grep ' twin_[ab]$' | cut -d' ' -f1 | uniq | count 1
//
// --dynamic-list: an executable exports what it names, as with lld.
// RUN: printf '{ twin_a; };\n' > %t/list
// RUN: %neverc -fuse-ld=neverc -fcommon %s -Wl,--dynamic-list=%t/list -o %t/listed
// RUN: llvm-readelf --dyn-syms %t/listed | FileCheck %s --check-prefix=LISTED
// LISTED: FUNC GLOBAL DEFAULT {{[0-9]+}} twin_a
// LISTED-NOT: twin_b
//
// --defsym: a number (absolute: no RELATIVE moves it in a PIE) or another
// symbol's address.
// RUN: %neverc -fuse-ld=neverc -DDEFSYM %s -Wl,--defsym=magic=0x1234 -Wl,--defsym,alias_fn=twin_a -o %t/defsym
// RUN: %t/defsym | FileCheck %s --check-prefix=DEFSYM
// DEFSYM: magic=0x1234 alias=7
//
// --wrap: references to puts go to __wrap_puts, which reaches the real one
// through __real_puts; as with lld.
// RUN: %neverc -fuse-ld=neverc -DWRAP %s -Wl,--wrap=puts -o %t/wrap
// RUN: %clang -fuse-ld=lld -DWRAP %s -Wl,--wrap=puts -o %t/wrap-lld
// RUN: %t/wrap | FileCheck %s --check-prefix=WRAP
// RUN: %t/wrap-lld | FileCheck %s --check-prefix=WRAP
// WRAP: wrapped: hello
//
// Side outputs: the map names every output section, --why-extract is lld's.
// RUN: %neverc -fuse-ld=neverc -fcommon %s -o %t/side -Wl,-Map=%t/side.map -Wl,--why-extract=%t/side.why
// RUN: FileCheck %s --check-prefix=MAP < %t/side.map
// MAP: VMA LMA Size Align Out In Symbol
// MAP: .text
// MAP: {{.*}}.o:(.text)
// MAP: main
// RUN: head -1 %t/side.why | FileCheck %s --check-prefix=WHY
// WHY: reference{{.}}extracted{{.}}symbol

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;
_Thread_local int tl = 5;
static _Thread_local int tl2;
__thread int tl3[4] = {1, 2, 3, 4};
int g = 7;
int *gp = &g;
int (*fp)(const char *) = puts;
int common_var;
struct S {
  const char *name;
  int (*f)(const char *);
} table[] = {{"via table", puts}, {"x", 0}};

static int cmp(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}
__attribute__((constructor)) static void init(void) { tl2 = 3; }
void unused_function(void) { puts("never"); }
__attribute__((noinline)) int twin_a(int x) { return x * 3 + 1; }
__attribute__((noinline)) int twin_b(int x) { return x * 3 + 1; }

#ifdef WRAP
int __real_puts(const char *);
int __wrap_puts(const char *S) {
  printf("wrapped: ");
  return __real_puts(S);
}
int main(void) { return puts("hello") < 0; }
#elif defined(DEFSYM)
extern char magic[];
int alias_fn(int);
int main(void) {
  printf("magic=%p alias=%d\n", (void *)magic, alias_fn(2));
  return 0;
}
#else
int main(int argc, char **argv) {
  int a[5] = {5, 3, 1, 4, 2};
  qsort(a, 5, sizeof a[0], cmp);
  printf("%d%d%d%d%d\n", a[0], a[1], a[2], a[3], a[4]);
  fp("through a pointer");
  table[0].f(table[0].name);
  printf("tls %d %d %d g=%d env=%d errno=%d\n", tl, tl2, tl3[3], *gp,
         environ != 0 && getenv("PATH") == *environ ? 2 : environ != 0, errno);
  fprintf(stdout, "stdout %s\n", strerror(0));
  common_var = argc;
  printf("common %d twins %d\n", common_var, twin_a(argc) + twin_b(argc));
  return 0;
}
#endif
