#include "probe.h"
#include <ctype.h>

size_t text_words(const char *S) {
  size_t N = 0;
  int In = 0;
  for (; *S; ++S) {
    if (isspace((unsigned char)*S))
      In = 0;
    else if (!In) {
      In = 1;
      ++N;
    }
  }
  return N;
}
