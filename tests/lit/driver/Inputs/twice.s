	.text
	.globl	twice
	.type	twice,@function
twice:
	leal	(%rdi,%rdi), %eax
	retq
	.size	twice, .-twice
	.section	.note.GNU-stack,"",@progbits
