; Plans written by hand (as a bitcode producer would have): one valid, and
; one broken in each way callconv.md §6 names. RUN lines pick one with -D.
target triple = "x86_64-pc-linux-gnu"

define cc1000 i64 @good(i64 %a) noinline "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000001;cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;returns=r,0,0,8,8,56,0,0;arguments=r,0,0,8,8,121,0,0;callee-saved=53,52,123,124,125,126" {
  %b = mul i64 %a, 3
  ret i64 %b
}

define i32 @main() {
  %x = call cc1000 i64 @good(i64 14)
  %r = trunc i64 %x to i32
  ret i32 %r
}
