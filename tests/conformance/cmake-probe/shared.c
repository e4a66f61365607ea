__attribute__((visibility("default"))) long probe_fact(int n) {
  long r = 1;
  while (n > 1)
    r *= n--;
  return r;
}
