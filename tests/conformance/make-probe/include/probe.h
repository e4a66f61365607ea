#ifndef PROBE_H
#define PROBE_H
#include <stddef.h>

#define PROBE_SCALE 3

typedef struct Vec {
  double X, Y, Z;
} Vec;

Vec vec_scale(Vec V, double K);
double vec_dot(Vec A, Vec B);
size_t text_words(const char *S);
int shared_answer(void);
#endif
