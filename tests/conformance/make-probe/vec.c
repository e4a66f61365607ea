#include "probe.h"

Vec vec_scale(Vec V, double K) {
  Vec R = {V.X * K, V.Y * K, V.Z * K};
  return R;
}

double vec_dot(Vec A, Vec B) { return A.X * B.X + A.Y * B.Y + A.Z * B.Z; }
