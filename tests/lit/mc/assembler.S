// The assembler path: a .S file (preprocessed by cc1, assembled by neverc's
// cc1as) raises the same emission phases. MCObserverPlugin counts every
// instruction llvm-objdump prints; an interceptor puts int3 before each
// retq of .text.second (MCTestPlugin, mode=int3); without a replacement
// the object is clang-22's; the observer's diagnostics are the assembler's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/MCObserverPlugin.so -c %s -o %t/a.o 2> %t/a.err
// RUN: grep -c 'neverc -cc1as: remark: mc-observer: instruction' %t/a.err > %t/events
// RUN: llvm-objdump -d %t/a.o | grep -cE '^ +[0-9a-f]+:' > %t/objdump
// RUN: diff %t/events %t/objdump
// RUN: %clang -c %s -o %t/ref.o && cmp %t/a.o %t/ref.o
//
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=int3 -fplugin-arg=org.neverc.test.mc:section=.text.second -c %s -o %t/b.o
// RUN: llvm-objdump -d --no-show-raw-insn %t/b.o | FileCheck %s
// CHECK-LABEL: <first>:
// CHECK-NOT:   int3
// CHECK:       retq
// CHECK-LABEL: <second>:
// CHECK-NEXT:  movl
// CHECK-NEXT:  int3
// CHECK-NEXT:  retq
//
// -S from a .S file writes assembly: no object, no event.
// RUN: %neverc -fplugin=%plugins/MCObserverPlugin.so -S %s -o %t/c.s 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// NONE-NOT: mc-observer

#define VALUE 42

        .section .text.first,"ax",@progbits
        .globl first
first:
        leal    VALUE(%rdi), %eax
        testl   %eax, %eax
        jne     1f
        xorl    %eax, %eax
1:      retq

        .section .text.second,"ax",@progbits
        .globl second
second:
        movl    $VALUE, %eax
        retq
