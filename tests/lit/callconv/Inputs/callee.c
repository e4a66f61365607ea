/* Defined in its own translation unit; cross-tu.c calls it. */
__attribute__((custom_attr("neverc-callconv", "gpr:r11,r10;ret:rcx")))
long weigh(long a, long b);
long weigh(long a, long b) { return a * 7 - b; }
