/* A translation unit without a single function. */
int answer = 42;
