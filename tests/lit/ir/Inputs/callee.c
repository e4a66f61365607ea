__attribute__((noinline)) int twice(int x) { return 2 * x; }
