// An object for another architecture (AArch64) than the compile's.
int f(void) { return 1; }
