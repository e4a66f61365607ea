#include <stdio.h>
int triple(int);
int twice(int);
int main(void) {
  printf("triple(5) = %d\n", triple(5));
  printf("twice(5) = %d\n", twice(5));
  return 0;
}
