//===- CallConvX86.cpp - Custom calling conventions on stock LLVM x86-64 --===//
//
// LLVM 22 has no CallingConv::NeverC_Custom: its x86-64 backend lowers CC
// 1000 as the C convention without a word. So nothing with CC 1000 reaches
// instruction selection; each custom function becomes two symbols
// (callconv.md §10, option 2):
//
//   f              the body, compiled under the standard convention. Every
//                  address of f (a function pointer, an indirect call, a
//                  TU built without the plugin) gets a function that works
//                  with the standard convention.
//   f.neverc.cc    the custom entry: a naked stub that moves the plan's
//                  argument registers and stack slots into the standard
//                  ones, calls (or jumps to) f, moves the result into the
//                  plan's return register and keeps the plan's extra
//                  callee-saved registers.
//
// A direct call with the custom convention becomes inline assembly
// "call f.neverc.cc" that pins each argument in its plan register, stores
// stack arguments at their plan offsets, reads the result from the plan's
// register and clobbers every register the convention does not preserve.
// A caller compiled against a custom f whose definition was built without
// the convention fails to link (f.neverc.cc is undefined) instead of
// calling it wrongly.
//
//===----------------------------------------------------------------------===//
#include "CallConvLower.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>

namespace neverc::target {
namespace {

using llvm::Function;

/// Where one value lives: a register of the table, or a stack offset
/// (from the stack pointer at the call instruction).
struct Place {
  const NamedReg *Reg = nullptr;
  uint32_t Stack = 0;
};

struct Layout {
  std::vector<Place> Args;     // custom convention, per parameter
  std::vector<const NamedReg *> Standard; // the body's, per parameter
  const NamedReg *Ret = nullptr;          // custom; null for void
  const NamedReg *StandardRet = nullptr;
  std::vector<const NamedReg *> Preserved; // standard set + plan's
  size_t StandardCount = 0;                // the standard set's part
  uint32_t StackBytes = 0;                 // 16-byte multiple
};

constexpr const char *SysVGPR[] = {"rdi", "rsi", "rdx", "rcx", "r8", "r9"};
constexpr unsigned MaxStackArgs = 5;

std::string stubName(const Function &F) {
  return (F.getName() + ".neverc.cc").str();
}

/// The layout of \p F's custom convention, or the reason there is none.
std::optional<Layout> layoutOf(const Function &F, const Plan &P,
                               const RegTable &Regs, std::string &Why) {
  const llvm::FunctionType *FT = F.getFunctionType();
  if (FT->isVarArg()) {
    Why = "a variadic function cannot use a custom calling convention";
    return std::nullopt;
  }
  Layout L;
  std::vector<unsigned> Used;
  auto IsUsed = [&](const NamedReg *R) {
    return std::find(Used.begin(), Used.end(), R->Number) != Used.end();
  };
  for (const Location &Loc : P.Arguments) {
    if (Loc.Value >= FT->getNumParams() || Loc.PieceOffset || Loc.Flags) {
      Why = "its plan places argument " + std::to_string(Loc.Value) +
            (Loc.Flags ? " indirectly or by value" : " in pieces") +
            ", which LLVM 22's x86-64 backend cannot be given without a "
            "native convention (CAPABILITY_UNAVAILABLE)";
      if (Loc.Value >= FT->getNumParams())
        Why = "its plan names argument " + std::to_string(Loc.Value) +
              ", which the function does not have";
      return std::nullopt;
    }
    // One location per argument, no register twice, stack slots 8-byte
    // aligned and apart (a plugin's or a hand-made plan may break these).
    unsigned Same = 0;
    for (const Location &Other : P.Arguments)
      Same += Other.Value == Loc.Value ||
              (Loc.Register && Other.Register &&
               Other.RegisterNumber == Loc.RegisterNumber) ||
              (!Loc.Register && !Other.Register &&
               Other.StackOffset == Loc.StackOffset);
    if (Same > 1 || (!Loc.Register && (Loc.StackOffset % 8 ||
                                       Loc.StackOffset >= 4096))) {
      Why = "its plan gives argument " + std::to_string(Loc.Value) +
            " a location that another argument has, a second location, or "
            "a stack offset that is not a multiple of 8 below 4096";
      return std::nullopt;
    }
    if (Loc.Register)
      if (const NamedReg *R = Regs.byNumber(Loc.RegisterNumber))
        Used.push_back(R->Number);
  }
  // Uncovered arguments take the standard convention's next free register
  // (callconv.md rule 9), else a stack slot after the plan's.
  uint32_t StackNext = 0;
  for (const Location &Loc : P.Arguments)
    if (!Loc.Register)
      StackNext = std::max(StackNext, Loc.StackOffset + (Loc.Size + 7) / 8 * 8);
  size_t NextGPR = 0, NextSIMD = 0, StdGPR = 0, StdSIMD = 0;
  unsigned StackArgs = 0;
  for (unsigned I = 0, E = FT->getNumParams(); I < E; ++I) {
    llvm::Type *T = FT->getParamType(I);
    std::optional<RegClass> C = classOf(T);
    llvm::AttributeSet A = F.getAttributes().getParamAttrs(I);
    if (!C || A.hasAttribute(llvm::Attribute::ByVal) ||
        A.hasAttribute(llvm::Attribute::StructRet) ||
        A.hasAttribute(llvm::Attribute::InAlloca) ||
        A.hasAttribute(llvm::Attribute::Preallocated) ||
        A.hasAttribute(llvm::Attribute::Nest)) {
      Why = "argument " + std::to_string(I) +
            " is not an integer of at most 64 bits, a pointer, a float or a "
            "double passed directly; stock LLVM 22 can only be given those "
            "(CAPABILITY_UNAVAILABLE)";
      return std::nullopt;
    }
    // The body's own location under the standard convention.
    const NamedReg *Std = nullptr;
    if (*C == RegClass::GPR && StdGPR < 6)
      Std = Regs.find(SysVGPR[StdGPR++]);
    else if (*C == RegClass::SIMD && StdSIMD < 8)
      Std = Regs.find("xmm" + std::to_string(StdSIMD++));
    if (!Std) {
      Why = "the function has more than 6 integer or 8 floating-point "
            "arguments, so its body would take some on the stack under the "
            "standard convention (CAPABILITY_UNAVAILABLE)";
      return std::nullopt;
    }
    L.Standard.push_back(Std);
    Place Pl;
    if (const Location *Loc = P.argument(I)) {
      if (Loc->Register) {
        Pl.Reg = Regs.byNumber(Loc->RegisterNumber);
        if (!Pl.Reg || Pl.Reg->Class != *C) {
          Why = "its plan puts argument " + std::to_string(I) +
                " in register number " + std::to_string(Loc->RegisterNumber) +
                ", which cannot hold it";
          return std::nullopt;
        }
      } else {
        Pl.Stack = Loc->StackOffset;
        ++StackArgs;
      }
    } else {
      // The standard order for its class, skipping the plan's registers.
      const NamedReg *R = nullptr;
      while (!R && *C == RegClass::GPR && NextGPR < 6) {
        R = Regs.find(SysVGPR[NextGPR++]);
        if (R && IsUsed(R))
          R = nullptr;
      }
      while (!R && *C == RegClass::SIMD && NextSIMD < 8) {
        R = Regs.find("xmm" + std::to_string(NextSIMD++));
        if (R && IsUsed(R))
          R = nullptr;
      }
      if (R) {
        Pl.Reg = R;
        Used.push_back(R->Number);
      } else {
        Pl.Stack = StackNext;
        StackNext += 8;
        ++StackArgs;
      }
    }
    if (!Pl.Reg)
      L.StackBytes = std::max(L.StackBytes, Pl.Stack + 8);
    L.Args.push_back(Pl);
  }
  if (StackArgs > MaxStackArgs) {
    Why = "its plan puts " + std::to_string(StackArgs) +
          " arguments on the stack; at most " + std::to_string(MaxStackArgs) +
          " can be stored by a call site on stock LLVM 22 "
          "(CAPABILITY_UNAVAILABLE)";
    return std::nullopt;
  }
  L.StackBytes = (L.StackBytes + 15) / 16 * 16;

  llvm::Type *RT = FT->getReturnType();
  if (!RT->isVoidTy()) {
    std::optional<RegClass> C = classOf(RT);
    if (!C) {
      Why = "its result is not an integer of at most 64 bits, a pointer, a "
            "float or a double (CAPABILITY_UNAVAILABLE)";
      return std::nullopt;
    }
    L.StandardRet = Regs.find(*C == RegClass::GPR ? "rax" : "xmm0");
    L.Ret = L.StandardRet;
    if (const Location *Loc = P.result()) {
      const NamedReg *R = Regs.byNumber(Loc->RegisterNumber);
      if (!Loc->Register || !R || R->Class != *C || Loc->Flags ||
          Loc->PieceOffset || P.Returns.size() > 1) {
        Why = "its plan returns the result somewhere LLVM 22 cannot be "
              "given it without a native convention (CAPABILITY_UNAVAILABLE)";
        return std::nullopt;
      }
      L.Ret = R;
    }
  }
  for (unsigned N : Regs.StandardCalleeSaved)
    L.Preserved.push_back(Regs.byNumber(N));
  L.StandardCount = L.Preserved.size();
  for (unsigned N : P.CalleeSaved) {
    const NamedReg *R = Regs.byNumber(N);
    if (!R) {
      Why = "its plan keeps register number " + std::to_string(N) +
            ", which a custom convention cannot name on x86-64";
      return std::nullopt;
    }
    if (std::find(L.Preserved.begin(), L.Preserved.end(), R) ==
        L.Preserved.end())
      L.Preserved.push_back(R);
  }
  return L;
}

bool preserved(const Layout &L, const NamedReg *R) {
  return std::find(L.Preserved.begin(), L.Preserved.end(), R) !=
         L.Preserved.end();
}

/// The custom entry's body: the assembly of a naked function whose one
/// operand (${0:P}) is the standard-convention body.
std::string stubAsm(const Layout &L) {
  std::string S;
  auto Line = [&](const std::string &Text) { S += Text + "\n"; };
  auto Adjust = [&](int Bytes) {
    Line(".cfi_adjust_cfa_offset " + std::to_string(Bytes));
  };
  // Registers the convention keeps that the standard one does not: the
  // body may clobber them, so the stub keeps them (not the result's).
  std::vector<const NamedReg *> ExtraGPR, ExtraSIMD;
  for (size_t I = L.StandardCount; I < L.Preserved.size(); ++I)
    if (L.Preserved[I] != L.Ret)
      (L.Preserved[I]->Class == RegClass::GPR ? ExtraGPR : ExtraSIMD)
          .push_back(L.Preserved[I]);
  int Saved = 0;
  for (const NamedReg *R : ExtraGPR) {
    Line("pushq %" + R->Name);
    Adjust(8);
    Line(".cfi_rel_offset %" + R->Name + ", 0");
    Saved += 8;
  }
  for (const NamedReg *R : ExtraSIMD) {
    Line("subq $$16, %rsp");
    Adjust(16);
    Line("movups %" + R->Name + ", (%rsp)");
    Saved += 16;
  }
  // Argument moves into the standard registers. A move whose target is
  // another move's source goes through a scratch area (a parallel move).
  auto Mov = [](const NamedReg *From, const NamedReg *To) {
    return (From->Class == RegClass::GPR ? "movq %" : "movaps %") +
           From->Name + ", %" + To->Name;
  };
  auto Load = [](const std::string &Mem, const NamedReg *To) {
    return (To->Class == RegClass::GPR ? "movq " : "movsd ") + Mem + ", %" +
           To->Name;
  };
  std::vector<unsigned> Moving;
  for (unsigned I = 0; I < L.Args.size(); ++I)
    if (L.Args[I].Reg && L.Args[I].Reg != L.Standard[I])
      Moving.push_back(I);
  // Moves whose target no pending move still reads go first; what is left
  // is a cycle, which goes through a scratch area.
  std::vector<unsigned> Pending = Moving;
  bool Progress = true;
  while (!Pending.empty() && Progress) {
    Progress = false;
    for (size_t K = 0; K < Pending.size(); ++K) {
      unsigned I = Pending[K];
      bool Read = false;
      for (unsigned J : Pending)
        Read |= J != I && L.Args[J].Reg == L.Standard[I];
      if (Read)
        continue;
      Line(Mov(L.Args[I].Reg, L.Standard[I]));
      Pending.erase(Pending.begin() + K);
      Progress = true;
      break;
    }
  }
  int Scratch = int(Pending.size()) * 8;
  if (Scratch) {
    Line("subq $$" + std::to_string(Scratch) + ", %rsp");
    Adjust(Scratch);
    for (size_t K = 0; K < Pending.size(); ++K) {
      const NamedReg *R = L.Args[Pending[K]].Reg;
      Line((R->Class == RegClass::GPR ? "movq %" : "movsd %") + R->Name +
           ", " + std::to_string(8 * K) + "(%rsp)");
    }
    for (size_t K = 0; K < Pending.size(); ++K)
      Line(Load(std::to_string(8 * K) + "(%rsp)", L.Standard[Pending[K]]));
  }
  // Stack arguments sit above the return address and whatever the stub
  // pushed.
  for (unsigned I = 0; I < L.Args.size(); ++I)
    if (!L.Args[I].Reg)
      Line(Load(std::to_string(Scratch + Saved + 8 + int(L.Args[I].Stack)) +
                    "(%rsp)",
                L.Standard[I]));
  if (Scratch) {
    Line("addq $$" + std::to_string(Scratch) + ", %rsp");
    Adjust(-Scratch);
  }
  const bool MoveResult = L.Ret && L.Ret != L.StandardRet;
  if (!MoveResult && !Saved) {
    Line("jmp ${0:P}"); // the body returns straight to the caller
    return S;
  }
  // The body must see the stack as a call from an aligned frame sees it.
  int Pad = ((8 - Saved) % 16 + 16) % 16;
  if (Pad) {
    Line("subq $$" + std::to_string(Pad) + ", %rsp");
    Adjust(Pad);
  }
  Line("call ${0:P}");
  if (Pad) {
    Line("addq $$" + std::to_string(Pad) + ", %rsp");
    Adjust(-Pad);
  }
  if (MoveResult)
    Line(Mov(L.StandardRet, L.Ret));
  for (auto It = ExtraSIMD.rbegin(); It != ExtraSIMD.rend(); ++It) {
    Line("movups (%rsp), %" + (*It)->Name);
    Line("addq $$16, %rsp");
    Adjust(-16);
  }
  for (auto It = ExtraGPR.rbegin(); It != ExtraGPR.rend(); ++It) {
    Line("popq %" + (*It)->Name);
    Adjust(-8);
    Line(".cfi_restore %" + (*It)->Name);
  }
  Line("ret");
  return S;
}

/// Gives \p F's custom entry a body (see the file comment).
void defineStub(Function &Stub, Function &Body, const Layout &L) {
  Stub.addFnAttr(llvm::Attribute::Naked);
  Stub.addFnAttr(llvm::Attribute::NoInline);
  // Not nounwind: the stub always gets unwind information, which the CFI
  // directives in its assembly need to be inside of.
  llvm::LLVMContext &Ctx = Stub.getContext();
  auto *BB = llvm::BasicBlock::Create(Ctx, "", &Stub);
  llvm::IRBuilder<> B(BB);
  auto *AsmTy = llvm::FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false);
  auto *IA = llvm::InlineAsm::get(AsmTy, stubAsm(L),
                                  "s,~{dirflag},~{fpsr},~{flags}",
                                  /*hasSideEffects=*/true);
  B.CreateCall(AsmTy, IA, {&Body});
  B.CreateUnreachable();
}

/// Replaces the direct call \p CB by the inline assembly that calls \p Stub
/// with \p F's custom convention.
void lowerCall(llvm::CallInst &CB, Function &F, Function &Stub,
               const Layout &L, const RegTable &Regs) {
  llvm::IRBuilder<> B(&CB);
  std::string Asm, Cons;
  std::vector<llvm::Value *> Ops;
  std::vector<llvm::Type *> OpTys;
  unsigned OpIndex = 0;
  llvm::Type *RT = F.getReturnType();
  if (L.Ret) {
    Cons += "={" + L.Ret->Name + "},";
    ++OpIndex;
  }
  const unsigned CalleeOp = OpIndex++;
  Cons += "s";
  Ops.push_back(&Stub);
  std::string Stores;
  for (unsigned I = 0; I < L.Args.size(); ++I) {
    llvm::Value *V = CB.getArgOperand(I);
    llvm::Type *T = V->getType();
    // The standard convention widens small integers; the body expects it.
    if (T->isIntegerTy() && T->getIntegerBitWidth() < 32)
      V = F.getAttributes().hasParamAttr(I, llvm::Attribute::SExt)
              ? B.CreateSExt(V, B.getInt32Ty())
              : B.CreateZExt(V, B.getInt32Ty());
    if (L.Args[I].Reg) {
      Cons += ",{" + L.Args[I].Reg->Name + "}";
    } else {
      // A stack slot is written from a general register (all SIMD
      // registers but the plan's are clobbered, so none is free).
      if (T->isFloatingPointTy())
        V = B.CreateBitCast(
            V, B.getIntNTy(unsigned(T->getPrimitiveSizeInBits())));
      Cons += ",r";
      Stores += "movq ${" + std::to_string(OpIndex) + ":q}, " +
                std::to_string(L.Args[I].Stack) + "(%rsp)\n";
    }
    Ops.push_back(V);
    ++OpIndex;
  }
  for (const NamedReg &R : Regs.Regs)
    if (!preserved(L, &R) && &R != L.Ret)
      Cons += ",~{" + R.Name + "}";
  for (int I = 0; I < 8; ++I)
    Cons += ",~{fp" + std::to_string(I) + "}";
  Cons += ",~{memory},~{dirflag},~{fpsr},~{flags}";
  if (L.StackBytes)
    Asm += "subq $$" + std::to_string(L.StackBytes) + ", %rsp\n" + Stores;
  // A call that may go through a PLT must not: a lazy-binding PLT entry
  // runs the dynamic linker's resolver, which keeps only the standard
  // argument registers (r11 is its scratch). So unless the entry is defined
  // here and cannot be preempted, the call loads its address from the GOT
  // (the linker relaxes that to a direct call where the symbol is local).
  const bool Direct = !F.isDeclaration() && F.isDSOLocal() &&
                      !F.hasAvailableExternallyLinkage();
  Asm += Direct ? "call ${" + std::to_string(CalleeOp) + ":P}"
                : "call *${" + std::to_string(CalleeOp) + ":c}@GOTPCREL(%rip)";
  if (L.StackBytes)
    Asm += "\naddq $$" + std::to_string(L.StackBytes) + ", %rsp";
  for (llvm::Value *V : Ops)
    OpTys.push_back(V->getType());
  llvm::Type *OutTy = L.Ret ? RT : B.getVoidTy();
  if (OutTy->isIntegerTy() && OutTy->getIntegerBitWidth() < 32)
    OutTy = B.getInt32Ty();
  auto *AsmTy = llvm::FunctionType::get(OutTy, OpTys, false);
  auto *IA = llvm::InlineAsm::get(AsmTy, Asm, Cons, /*hasSideEffects=*/true,
                                  /*isAlignStack=*/true);
  llvm::CallInst *New = B.CreateCall(AsmTy, IA, Ops);
  New->setDebugLoc(CB.getDebugLoc());
  llvm::Value *Result = New;
  if (L.Ret && OutTy != RT)
    Result = B.CreateTrunc(New, RT);
  if (L.Ret)
    CB.replaceAllUsesWith(Result);
  CB.eraseFromParent();
  // The call is invisible to LLVM: no red zone may sit under it, and a
  // caller that moves the stack pointer itself keeps its frame in rbp so
  // its unwind information stays right.
  Function *Caller = New->getFunction();
  Caller->addFnAttr(llvm::Attribute::NoRedZone);
  if (L.StackBytes)
    Caller->addFnAttr("frame-pointer", "all");
}

} // namespace

bool lowerCustomConventionsX86(llvm::Module &M, const RegTable &Regs,
                               const PlanMap &Plans, ReportFn Report) {
  bool Ok = true;
  std::vector<std::pair<Function *, Layout>> Lowered;
  llvm::DenseMap<Function *, size_t> Index;
  for (auto &[F, P] : Plans) {
    std::string Why;
    std::optional<Layout> L = layoutOf(*F, P, Regs, Why);
    if (!L) {
      Report(*F, Why);
      Ok = false;
      continue;
    }
    Index[F] = Lowered.size();
    Lowered.emplace_back(F, std::move(*L));
  }
  if (!Ok)
    return false;

  // The custom entries first, so call sites can name them.
  std::vector<Function *> Stubs;
  for (auto &[F, L] : Lowered) {
    Function *Stub = M.getFunction(stubName(*F));
    if (!Stub) {
      auto *Ty = llvm::FunctionType::get(llvm::Type::getVoidTy(M.getContext()),
                                         false);
      Stub = Function::Create(Ty, Function::ExternalLinkage, stubName(*F), M);
    }
    Stub->setVisibility(F->getVisibility());
    Stub->setDSOLocal(F->isDSOLocal());
    Stubs.push_back(Stub);
  }

  // Call sites. Indirect calls and calls to functions without the custom
  // convention use the standard one (callconv.md rule 11).
  for (Function &Caller : M)
    for (llvm::BasicBlock &BB : Caller)
      for (llvm::Instruction &I : llvm::make_early_inc_range(BB)) {
        auto *CB = llvm::dyn_cast<llvm::CallBase>(&I);
        if (!CB || CB->getCallingConv() != CustomCC)
          continue;
        Function *Callee = CB->getCalledFunction();
        auto It = Callee ? Index.find(Callee) : Index.end();
        auto *Call = llvm::dyn_cast<llvm::CallInst>(CB);
        if (It == Index.end()) {
          CB->setCallingConv(llvm::CallingConv::C);
          continue;
        }
        if (!Call || Call->isMustTailCall()) {
          Report(*Callee, std::string("a call to it in '") +
                              Caller.getName().str() + "' is " +
                              (Call ? "a musttail call" : "not a plain call") +
                              ", which a custom convention cannot lower "
                              "(CAPABILITY_UNAVAILABLE)");
          Ok = false;
          CB->setCallingConv(llvm::CallingConv::C);
          continue;
        }
        lowerCall(*Call, *Callee, *Stubs[It->second],
                  Lowered[It->second].second, Regs);
      }

  for (size_t K = 0; K < Lowered.size(); ++K) {
    Function &F = *Lowered[K].first;
    Function &Stub = *Stubs[K];
    if (!F.isDeclaration() &&
        F.getLinkage() != llvm::GlobalValue::AvailableExternallyLinkage) {
      Stub.setLinkage(F.getLinkage());
      Stub.setComdat(F.getComdat());
      if (F.hasFnAttribute(llvm::Attribute::UWTable))
        Stub.addFnAttr(F.getFnAttribute(llvm::Attribute::UWTable));
      defineStub(Stub, F, Lowered[K].second);
    }
    F.setCallingConv(llvm::CallingConv::C);
    F.removeFnAttr(PlanAttr);
    F.removeFnAttr(SpecAttr);
  }
  // Entries of functions only declared here that no call needed.
  for (Function *Stub : Stubs)
    if (Stub->isDeclaration() && Stub->use_empty())
      Stub->eraseFromParent();
  return Ok;
}

} // namespace neverc::target
