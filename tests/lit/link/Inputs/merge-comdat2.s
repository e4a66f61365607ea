# A COMDAT group both merge inputs carry (object-merge.c): one copy stays.
	.section .text.shared,"axG",@progbits,shared_fn,comdat
	.globl shared_fn
	.type shared_fn,@function
shared_fn:
	movl $7, %eax
	ret
	.text
	.globl c2
	.type c2,@function
c2:
	jmp shared_fn
	.section .note.GNU-stack,"",@progbits
