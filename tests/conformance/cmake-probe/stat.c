int probe_fib(int n) { return n < 2 ? n : probe_fib(n - 1) + probe_fib(n - 2); }
