#include <stdio.h>

int probe_fib(int n);
long probe_fact(int n);

int main(void) {
  printf("hello from %s: %d %ld\n", PROBE_GREETING, probe_fib(10),
         probe_fact(10));
  return 0;
}
