// What a custom convention cannot be given on stock LLVM 22 fails the
// compile with an error naming the function, and no object is written:
// a variadic function (callconv.md §8 rule 4), an aggregate passed by value
// (x86-64 passes it in memory, which a plan cannot describe here), more
// than five arguments on the stack (a call site stores them from general
// registers), and a plan naming a register the table does not have is a
// warning (the value moves on). Each case is its own compile (-D).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %neverc -fplugin=%plugins/CustomCallConvPlugin.so -DVARIADIC -O2 -c %s -o %t/v.o 2>&1 | FileCheck %s --check-prefix=VARIADIC
// VARIADIC: error: function 'vsum' cannot use the NeverC custom calling convention: a variadic function cannot use a custom calling convention
// RUN: not test -e %t/v.o
// RUN: not %neverc -fplugin=%plugins/CustomCallConvPlugin.so -DBYVAL -O2 -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=BYVAL
// BYVAL: error: function 'big' cannot use the NeverC custom calling convention: argument 0 is not an integer of at most 64 bits, a pointer, a float or a double passed directly; stock LLVM 22 can only be given those (CAPABILITY_UNAVAILABLE)
// RUN: not test -e %t/b.o
// RUN: not %neverc -fplugin=%plugins/CustomCallConvPlugin.so -DSTACK -O2 -c %s -o %t/s.o 2>&1 | FileCheck %s --check-prefix=STACK
// STACK: error: function 'six' cannot use the NeverC custom calling convention: its plan puts 6 arguments on the stack; at most 5 can be stored by a call site on stock LLVM 22 (CAPABILITY_UNAVAILABLE)
// RUN: not test -e %t/s.o
// RUN: %neverc -fplugin=%plugins/CustomCallConvPlugin.so -DRESERVED -O2 -c %s -o %t/r.o 2>&1 | FileCheck %s --check-prefix=RESERVED
// RESERVED: warning: function 'skip': register 'rsp' cannot carry a value in a custom calling convention on this target; skipped
// RUN: llvm-objdump -d --no-show-raw-insn %t/r.o | FileCheck %s --check-prefix=SKIPPED
// SKIPPED-LABEL: <skip.neverc.cc>:
// SKIPPED-NEXT: movq %r9, %rdi
#define CC(spec) __attribute__((custom_attr("neverc-callconv", spec)))

#ifdef VARIADIC
CC("gpr:r10") int vsum(int n, ...) { return n; }
int useV(void) { return vsum(1, 2); }
#endif
#ifdef BYVAL
struct Big { long a, b, c; };
CC("gpr:r10") long big(struct Big B) { return B.a + B.c; }
long useB(struct Big *P) { return big(*P); }
#endif
#ifdef STACK
CC("args:stack,stack,stack,stack,stack,stack")
long six(long a, long b, long c, long d, long e, long f) {
  return a + b + c + d + e + f;
}
long useS(void) { return six(1, 2, 3, 4, 5, 6); }
#endif
#ifdef RESERVED
CC("gpr:rsp,r9") __attribute__((noinline)) long skip(long a) { return a + 1; }
long useR(long x) { return skip(x); }
#endif
