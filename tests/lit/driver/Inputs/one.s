	.text
	.globl	one
one:
	movl	$1, %eax
	ret
