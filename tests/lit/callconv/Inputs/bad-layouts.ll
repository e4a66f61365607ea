; Plans that parse and belong to this target but place arguments where
; no call can put them: one register for two arguments, an odd stack slot.
target triple = "x86_64-pc-linux-gnu"

define cc1000 i64 @shared_register(i64 %a, i64 %b) "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000001;cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;returns=;arguments=r,0,0,8,8,121,0,0|r,1,0,8,8,121,0,0;callee-saved=" {
  ret i64 %a
}
define cc1000 i64 @odd_stack(i64 %a) "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000001;cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;returns=;arguments=s,0,0,8,8,0,4,0;callee-saved=" {
  ret i64 %a
}
