; AArch64: the registered convention is a native one (PreserveMost).
target triple = "aarch64-unknown-linux-gnu"

define cc1000 i64 @f(i64 %a) noinline {
  %b = add i64 %a, 1
  ret i64 %b
}

define i64 @g(i64 %a) {
  %r = call cc1000 i64 @f(i64 %a)
  ret i64 %r
}
