// With observers on all ten MIR phases, neverc writes the bytes clang-22
// writes: the hook passes preserve every analysis, so LLVM's pipeline
// computes what it computes without them. The same holds with interceptors
// that only continue (then LLVM's MachineVerifier checks every function at
// each hook and at mir.final_verify, and finds nothing), on x86-64 and
// AArch64. With no plugin the domain adds nothing at all.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env MIR_TRACE_MODE=quiet bash %S/../ir/Inputs/same-bytes.sh %neverc %clang %test_plugins/MIRTracePlugin.so %s %t \
// RUN:   "-O0 -c" "-O1 -c" "-O2 -c" "-O3 -c" "-Os -c" "-Oz -c" "-O2 -g -c" "-O0 -g -c" \
// RUN:   "-O2 -fPIC -c" "-O2 -S" "-O0 -S" \
// RUN:   "--target=aarch64-linux-gnu -O0 -c" "--target=aarch64-linux-gnu -O2 -c" | FileCheck %s --check-prefix=SAME
// SAME-COUNT-13: same bytes:
// RUN: env MIR_TRACE_MODE=quiet MIR_TRACE_INTERCEPT=1 bash %S/../ir/Inputs/same-bytes.sh %neverc %clang %test_plugins/MIRTracePlugin.so %s %t \
// RUN:   "-O0 -c" "-O2 -c" "-O2 -g -c" "--target=aarch64-linux-gnu -O0 -c" "--target=aarch64-linux-gnu -O2 -c" | FileCheck %s --check-prefix=INTERCEPTED
// INTERCEPTED-COUNT-5: same bytes:
// RUN: %neverc -O2 -c %s -o %t/plain.o && %clang -O2 -c %s -o %t/c.o && cmp %t/plain.o %t/c.o

// No header: the AArch64 runs have no target sysroot.
int printf(const char *, ...);
struct point { double x, y; };
static double dot(struct point a, struct point b) { return a.x * b.x + a.y * b.y; }
double norm2(const struct point *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += dot(p[i], p[i]);
  return s;
}
int pick(int k, int a, int b, int c) {
  switch (k) {
  case 0: return a;
  case 1: return b;
  case 2: return c;
  case 3: return a + b;
  case 4: return b * c;
  default: return -1;
  }
}
int main(void) {
  struct point v[3] = {{1, 2}, {3, 4}, {5, 6}};
  printf("%g %d\n", norm2(v, 3), pick(3, 1, 2, 3));
  return 0;
}
