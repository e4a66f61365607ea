// Compiled for AArch64 by tests/lit/mc/dialect.c (no system headers).
int counter = 3;
extern int puts(const char *);
__attribute__((noinline)) static int twice(int x) { return 2 * x; }
int main(void) {
  int s = 0;
  for (int i = 0; i < counter; ++i) { s += twice(i); puts("x"); }
  return s;
}
