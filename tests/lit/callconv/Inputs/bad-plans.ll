target triple = "x86_64-pc-linux-gnu"

define cc1000 i64 @malformed(i64 %a) "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=x" {
  ret i64 %a
}
define cc1000 i64 @foreign_schema(i64 %a) "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=llvm-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000001;cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;returns=;arguments=;callee-saved=" {
  ret i64 %a
}
define cc1000 i64 @foreign_target(i64 %a) "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000002;cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;returns=;arguments=;callee-saved=" {
  ret i64 %a
}
define cc1000 i64 @foreign_cc(i64 %a) "neverc-cc-plan-v1"="neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;target=0x4e43544152474554:0x0000000000000001;cc=0x0000000000000bad:0x0000000000000001;stack=16;returns=;arguments=;callee-saved=" {
  ret i64 %a
}
define cc1000 i64 @no_spec(i64 %a) {
  ret i64 %a
}
