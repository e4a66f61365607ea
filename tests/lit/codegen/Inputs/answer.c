// "answer" returns 7; the selection provider makes it return 42
// (tests/lit/codegen/select.c).
int printf(const char *, ...);
int answer(void);
int answer(void) { return 7; }
int main(void) {
  printf("%d\n", answer());
  return 0;
}
