; Functions with the custom convention (CC 1000) and neither a spec nor a
; plan: the convention a plugin registered for the target plans them.
target triple = "x86_64-pc-linux-gnu"

define cc1000 i64 @sub2(i64 %a, i64 %b) noinline {
  %d = sub i64 %a, %b
  ret i64 %d
}

define cc1000 i64 @sum3(i64 %a, i64 %b, i64 %c) noinline {
  %s = add i64 %a, %b
  %t = mul i64 %c, 100
  %u = add i64 %s, %t
  ret i64 %u
}

define i32 @main() {
  %x = call cc1000 i64 @sub2(i64 10, i64 3)
  %y = call cc1000 i64 @sum3(i64 1, i64 2, i64 3)
  %z = add i64 %x, %y
  %r = trunc i64 %z to i32
  ret i32 %r
}
