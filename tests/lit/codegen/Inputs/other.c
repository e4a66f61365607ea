// The object a plugin hands in as a compile's product (tests/lit/codegen).
int puts(const char *);
int main(void) {
  puts("replaced by a plugin");
  return 0;
}
