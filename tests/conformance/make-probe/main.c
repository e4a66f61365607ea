#include "probe.h"
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Vec A = {1, 2, 3};
  Vec B = vec_scale(A, PROBE_SCALE);
  (void)argv;
  printf("dot=%g words=%zu answer=%d sqrt=%.3f scale=%d\n", vec_dot(A, B),
         text_words("  make with neverc \t works "), shared_answer(),
         sqrt((double)argc * 2.0), PROBE_SCALE);
  return 0;
}
