; The registered convention refuses a function with four arguments.
target triple = "x86_64-pc-linux-gnu"

define cc1000 i64 @four(i64 %a, i64 %b, i64 %c, i64 %d) {
  ret i64 %a
}
