// Two archive members for tests/lit/object/archive.c: built once with
// -DFIRST (one(), which the program calls) and once without (two(), which
// nothing needs, so the link does not pull it in).
#ifdef FIRST
int one(void) { return 1; }
#else
int two(void) { return 2; }
#endif
