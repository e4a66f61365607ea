// Assembled by tests/lit/mc/assembly-observe.c (a .S: preprocessed first).
#define V 7
	.text
	movl $V, %eax
	retq
