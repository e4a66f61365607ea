# A COMDAT group both merge inputs carry (object-merge.c): one copy stays.
	.section .text.shared,"axG",@progbits,shared_fn,comdat
	.globl shared_fn
	.type shared_fn,@function
shared_fn:
	movl $7, %eax
	ret
	.text
	.globl c1
	.type c1,@function
c1:
	jmp shared_fn
	.section .note.GNU-stack,"",@progbits
