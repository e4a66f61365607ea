; AArch64 with a spec: LLVM 22's AArch64 backend would abort on CC 1000.
target triple = "aarch64-unknown-linux-gnu"

define cc1000 i64 @f(i64 %a) "neverc-callconv"="gpr:x9;ret:x10" {
  ret i64 %a
}

define i64 @g(i64 %a) {
  %r = call cc1000 i64 @f(i64 %a)
  ret i64 %r
}
