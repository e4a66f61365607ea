#include <stdio.h>

int main(void) {
  puts("hello from a plugin test");
  return 0;
}
