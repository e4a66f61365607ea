// far_func, 129 MiB of code after whatever precedes this file's sections:
// out of a CALL26's ±128 MiB reach from the program's main.
        .section .text.pad,"ax",@progbits
        .space 0x8100000
        .section .text.far,"ax",@progbits
        .globl far_func
        .type far_func,%function
far_func:
        mov w0, #42
        ret
        .section .note.GNU-stack,"",@progbits
