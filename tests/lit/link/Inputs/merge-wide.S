// Wide strings (.rodata.str4.4) and strings aligned beyond their character
// (.rodata.str1.16), each defined under a name the RUN line picks.
        .section .rodata.str4.4,"aMS",@progbits,4
        .p2align 2
        .globl W
W:      .long 72, 105, 0
        .long 0
        .section .rodata.str1.16,"aMS",@progbits,1
        .p2align 4
        .asciz "x"
        .p2align 4
        .globl S
S:      .asciz "sixteen"
        .section .note.GNU-stack,"",@progbits
