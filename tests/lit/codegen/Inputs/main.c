// The program the codegen tests compile (tests/lit/codegen).
int printf(const char *, ...);
static const char Mark[] = "NEVERC-CG-MARK-AAAA";
int twice(int X) { return 2 * X; }
int main(void) {
  printf("%s %d\n", Mark, twice(21));
  return 0;
}
