/* 41 definitions and 3 declarations: more functions than one cursor batch
 * holds (8 or 16), and more names than one remark prints. */
extern int declared_first(void);
extern int declared_second(void);
extern int declared_third(void);

#define DEFINE(n)                                                              \
  int a_rather_long_function_name_##n(void) { return __LINE__; }
#define TEN(d)                                                                 \
  DEFINE(d##0) DEFINE(d##1) DEFINE(d##2) DEFINE(d##3) DEFINE(d##4)             \
  DEFINE(d##5) DEFINE(d##6) DEFINE(d##7) DEFINE(d##8) DEFINE(d##9)
TEN(0)
TEN(1)
TEN(2)
TEN(3)

int uses_the_declarations(void) {
  return declared_first() + declared_second() + declared_third();
}
