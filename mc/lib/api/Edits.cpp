//===- Edits.cpp - NevercMCAPI: changing the MC unit ----------------------===//
//
// What a plugin may change is the instruction pre_instruction is about,
// through the replacement protocol (NevercMCEmissionAPI): the unit's
// instruction sequence is then the replacement being built, edited in a
// mutation (create, place, replace, erase instructions; add, insert, erase
// operands) and applied atomically by CommitMutation. An abandoned
// mutation undoes its operand edits, and the instructions it made go
// stale (rule 5).
//
// The unit's sections, symbols, fragments, fixups and expressions are
// LLVM's live assembler, which is being written into while the events
// run: moving or erasing them is an LLVM 22 limit (mc/README.md); making
// new ones is what an assembly.parse builder does (Build.cpp).
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/MC/MCInstrInfo.h"

#include <algorithm>
#include <cstring>

namespace neverc::mc {
namespace {

#define MC_TASK(Ctx, Task)                                                     \
  MCDomain::Impl &D = impl(Ctx);                                               \
  Compile *CP;                                                                 \
  if (NevercStatus S_ = compileOf(D, Task, &CP); !isOk(S_))                    \
    return S_;                                                                 \
  Compile &C = *CP

/// The open mutation \p H of a callback that may mutate (POLICY_VIOLATION
/// for an observer, INVALID_STATE with nothing to change).
#define MC_MUTATION(H)                                                         \
  if (NevercStatus S_ = mayMutate(D, C); !isOk(S_))                            \
    return S_;                                                                 \
  Mutation *M;                                                                 \
  if (NevercStatus S_ = mutationOf(D, C, H, &M); !isOk(S_))                    \
    return S_

/// An instruction the open mutation may edit: the replacement's copy or one
/// it made (LLVM's own instructions are read-only).
NevercStatus editable(MCDomain::Impl &D, Compile &C, NevercHandle H,
                      llvm::MCInst **Out) {
  llvm::MCInst **P;
  if (NevercStatus S = lookup(D, C, C.Insts, H, &P); !isOk(S))
    return S;
  if (!C.Building->owns(*P))
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  *Out = *P;
  return okStatus();
}

/// Remembers \p I as it was before the mutation's first edit of it.
void snapshot(Mutation &M, llvm::MCInst *I) {
  for (auto &[P, Copy] : M.Before)
    if (P == I)
      return;
  M.Before.push_back({I, *I});
}

NevercStatus NEVERC_CALL beginMutation(void *Ctx, NevercTaskHandle Task,
                                       NevercMCUnitHandle Unit,
                                       NevercMCMutationHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MC_TASK(Ctx, Task);
    int *U;
    if (NevercStatus S = lookup(D, C, C.Units, Unit, &U); !isOk(S))
      return S;
    if (NevercStatus S = mayMutate(D, C); !isOk(S))
      return S;
    if (C.Open)
      return st(NEVERC_STATUS_BUSY); // one mutation at a time
    auto M = std::make_shared<Mutation>();
    M->List = C.Building->List;
    C.Open = M;
    C.Minted = true;
    *Out = C.Mutations.insert(M);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL commitMutation(void *Ctx, NevercTaskHandle Task,
                                        NevercMCMutationHandle H) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    // The structural check of neverc.mc.verify_instruction_candidate runs
    // here too, so a plugin learns at once that its sequence cannot be
    // encoded (the phase's verifier checks the published one again).
    if (NevercStatus S = verifyCandidate(D, C, M->List, /*Report=*/false);
        !isOk(S))
      return S; // still open: the plugin may fix it or abandon
    C.Building->List = M->List;
    // A parse builder's steps join what the host emits after the phase.
    for (BuildItem &I : M->Items)
      C.Program.push_back(I);
    for (auto &F : M->Frags)
      C.Frags.push_back(std::move(F));
    C.Defined.insert(M->Defined.begin(), M->Defined.end());
    M->Items.clear();
    M->Frags.clear();
    M->Defined.clear();
    M->S = Mutation::Committed;
    C.Open.reset();
    ++C.Generation;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL abandonMutation(void *Ctx, NevercTaskHandle Task,
                                         NevercMCMutationHandle H) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    for (auto It = M->Before.rbegin(); It != M->Before.rend(); ++It)
      *It->first = It->second;
    for (llvm::MCInst *I : M->Made)
      if (NevercHandle *Hd = C.InstOf.find(I))
        C.Insts.erase(*Hd);
    for (const auto &F : M->Frags) // a builder's staged fragments
      C.LiveFrags.erase(F.get());
    M->S = Mutation::Abandoned;
    C.Open.reset();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createInstruction(void *Ctx, NevercTaskHandle Task,
                                           NevercMCMutationHandle H,
                                           NevercMCSchemaTokenHandle Token,
                                           uint32_t Opcode,
                                           NevercMCInstHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    // A LOCKSTEP opcode travels with the token of the schema it is from.
    int *T;
    if (NevercStatus S = lookup(D, C, C.Tokens, Token, &T); !isOk(S))
      return S;
    if (Opcode >= C.MII->getNumOpcodes())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    C.Building->Store.emplace_back();
    llvm::MCInst *I = &C.Building->Store.back();
    I->setOpcode(Opcode);
    M->Made.push_back(I);
    *Out = C.inst(I);
    return okStatus();
  });
}

/// LLVM's operand for a plugin's value (INVALID_ARGUMENT for a kind an
/// instruction cannot hold, ABI_MISMATCH for a LOCKSTEP value without this
/// unit's token).
NevercStatus operandFrom(MCDomain::Impl &D, Compile &C,
                         const NevercMCOperandValue *V, llvm::MCOperand &Out) {
  if (NevercStatus S = checkHeader(V, sizeof *V, NEVERC_MC_API_MAJOR);
      !isOk(S))
    return S;
  switch (V->Kind) {
  case NEVERC_MC_OPERAND_REGISTER: {
    int *T;
    if (NevercStatus S = lookup(D, C, C.Tokens, V->SchemaToken, &T);
        !isOk(S))
      return st(NEVERC_STATUS_ABI_MISMATCH); // rule 1
    Out = llvm::MCOperand::createReg(V->Payload.Register);
    return okStatus();
  }
  case NEVERC_MC_OPERAND_IMMEDIATE:
    Out = llvm::MCOperand::createImm(V->Payload.Immediate);
    return okStatus();
  case NEVERC_MC_OPERAND_SINGLE_FLOAT:
    Out = llvm::MCOperand::createSFPImm(V->Payload.SingleFloatBits);
    return okStatus();
  case NEVERC_MC_OPERAND_DOUBLE_FLOAT:
    Out = llvm::MCOperand::createDFPImm(V->Payload.DoubleFloatBits);
    return okStatus();
  case NEVERC_MC_OPERAND_EXPRESSION: {
    const llvm::MCExpr **E;
    if (NevercStatus S = lookup(D, C, C.Exprs, V->Payload.Expression, &E);
        !isOk(S))
      return S;
    Out = llvm::MCOperand::createExpr(*E);
    return okStatus();
  }
  default:
    // INSTRUCTION operands belong to bundles, which no target lowers here;
    // TARGET_EXTENSION has no LLVM 22 operand to become.
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  }
}

NevercStatus NEVERC_CALL appendOperand(void *Ctx, NevercTaskHandle Task,
                                       NevercMCMutationHandle H,
                                       NevercMCInstHandle Instruction,
                                       const NevercMCOperandValue *Value) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    llvm::MCInst *I;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    llvm::MCOperand Op;
    if (NevercStatus S = operandFrom(D, C, Value, Op); !isOk(S))
      return S;
    snapshot(*M, I);
    I->addOperand(Op);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL insertOperand(void *Ctx, NevercTaskHandle Task,
                                       NevercMCMutationHandle H,
                                       NevercMCInstHandle Instruction,
                                       uint64_t Index,
                                       const NevercMCOperandValue *Value,
                                       NevercMCOperandHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    llvm::MCInst *I;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    if (Index > I->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    llvm::MCOperand Op;
    if (NevercStatus S = operandFrom(D, C, Value, Op); !isOk(S))
      return S;
    snapshot(*M, I);
    I->insert(I->begin() + Index, Op);
    *Out = C.operand(I, unsigned(Index));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL eraseOperand(void *Ctx, NevercTaskHandle Task,
                                      NevercMCMutationHandle H,
                                      NevercMCInstHandle Instruction,
                                      uint64_t Index) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    llvm::MCInst *I;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    if (Index >= I->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    snapshot(*M, I);
    I->erase(I->begin() + Index);
    return okStatus();
  });
}

/// Where \p I is in the staged sequence (or end()).
std::vector<llvm::MCInst *>::iterator placeOf(Mutation &M, llvm::MCInst *I) {
  return std::find(M.List.begin(), M.List.end(), I);
}

NevercStatus NEVERC_CALL insertInstructionBefore(void *Ctx,
                                                 NevercTaskHandle Task,
                                                 NevercMCMutationHandle H,
                                                 NevercMCInstHandle Position,
                                                 NevercMCInstHandle Instruction) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    llvm::MCInst *Pos, *I;
    if (NevercStatus S = editable(D, C, Position, &Pos); !isOk(S))
      return S;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    auto P = placeOf(*M, Pos);
    if (P == M->List.end() || placeOf(*M, I) != M->List.end())
      return st(NEVERC_STATUS_INVALID_STATE); // position not placed / I is
    M->List.insert(P, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL appendInstruction(void *Ctx, NevercTaskHandle Task,
                                           NevercMCMutationHandle H,
                                           NevercMCUnitHandle Unit,
                                           NevercMCInstHandle Instruction) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    int *U;
    if (NevercStatus S = lookup(D, C, C.Units, Unit, &U); !isOk(S))
      return S;
    llvm::MCInst *I;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    if (placeOf(*M, I) != M->List.end())
      return st(NEVERC_STATUS_INVALID_STATE);
    M->List.push_back(I);
    if (C.Role == UnitRole::Build) {
      // Into the section the builder is in at that point (Build.cpp).
      BuildItem B;
      B.K = BuildItem::Instruction;
      B.Inst = I;
      M->Items.push_back(B);
    }
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceInstruction(void *Ctx, NevercTaskHandle Task,
                                            NevercMCMutationHandle H,
                                            NevercMCInstHandle Instruction,
                                            NevercMCInstHandle Replacement) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    llvm::MCInst *I, *R;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    if (NevercStatus S = editable(D, C, Replacement, &R); !isOk(S))
      return S;
    auto P = placeOf(*M, I);
    if (P == M->List.end() || placeOf(*M, R) != M->List.end())
      return st(NEVERC_STATUS_INVALID_STATE);
    *P = R;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL eraseInstruction(void *Ctx, NevercTaskHandle Task,
                                          NevercMCMutationHandle H,
                                          NevercMCInstHandle Instruction) {
  return guard([&]() -> NevercStatus {
    MC_TASK(Ctx, Task);
    MC_MUTATION(H);
    llvm::MCInst *I;
    if (NevercStatus S = editable(D, C, Instruction, &I); !isOk(S))
      return S;
    auto P = placeOf(*M, I);
    if (P == M->List.end())
      return st(NEVERC_STATUS_INVALID_STATE);
    M->List.erase(P);
    return okStatus();
  });
}

/// A slot this build does not offer: CAPABILITY_UNAVAILABLE, and once per
/// slot a warning saying why (mc/README.md lists them).
NevercStatus unavailable(void *Ctx, const char *Slot, const char *Why) {
  MCDomain::Impl &D = impl(Ctx);
  if (D.Warned.insert(Slot).second)
    D.H.report(NEVERC_DIAGNOSTIC_WARNING,
               std::string("NevercMCAPI.") + Slot +
                   " is unavailable: " + Why,
               nullptr, "neverc.mc.emission.pre_instruction");
  return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
}

constexpr const char *LiveAssembler =
    "LLVM 22's MCAssembler keeps its sections, symbols and fragment lists "
    "private while the streamer writes into them";
constexpr const char *ImmutableExpr =
    "LLVM 22's MCExpr nodes are immutable once made and live until the "
    "MCContext goes";
constexpr const char *BytesOnly =
    "LLVM 22's fragments hold encoded bytes; an instruction reaches one only "
    "through the streamer, in emission order (replace it at pre_instruction)";
constexpr const char *SchemasNotYet =
    "an MC unit's instructions are LLVM 22 MCInsts, whose opcodes and "
    "registers are the numbers of one of LLVM's targets (a plugin target "
    "aliases one: NevercTargetAPI); values of a plugin's own schema would "
    "name nothing LLVM can encode, lay out or write. Encoders and decoders "
    "use the host's schema of their target";
constexpr const char *TargetBackend =
    "LLVM 22's target ELF streamers cast the assembler's backend to their "
    "own class (X86AsmBackend, AArch64AsmBackend, private to the target): "
    "no other backend can stand in";

/// The slot \p Name, unavailable for \p Why, whatever its parameters.
template <const char *Name, const char *const *Why, class... Args>
NevercStatus NEVERC_CALL unavailableSlot(void *Ctx, Args...) {
  return guard([&] { return unavailable(Ctx, Name, *Why); });
}

} // namespace

/// T.Slot = the unavailable slot named Slot, for Why.
#define MC_UNAVAILABLE(Slot, Why)                                              \
  do {                                                                         \
    static constexpr char Name[] = #Slot;                                      \
    T.Slot = &unavailableSlot<Name, &Why>;                                     \
  } while (0)

void fillEditSlots(NevercMCAPI &T) {
  T.BeginMutation = &beginMutation;
  T.CommitMutation = &commitMutation;
  T.AbandonMutation = &abandonMutation;
  T.CreateInstruction = &createInstruction;
  T.AppendOperand = &appendOperand;
  T.InsertOperand = &insertOperand;
  T.EraseOperand = &eraseOperand;
  T.InsertInstructionBefore = &insertInstructionBefore;
  T.AppendInstruction = &appendInstruction;
  T.ReplaceInstruction = &replaceInstruction;
  T.EraseInstruction = &eraseInstruction;

  MC_UNAVAILABLE(RegisterSchema, SchemasNotYet);
  MC_UNAVAILABLE(RegisterAsmBackend, TargetBackend);
  MC_UNAVAILABLE(MoveSectionBefore, LiveAssembler);
  MC_UNAVAILABLE(EraseSection, LiveAssembler);
  MC_UNAVAILABLE(MoveSymbolBefore, LiveAssembler);
  MC_UNAVAILABLE(EraseSymbol, LiveAssembler);
  MC_UNAVAILABLE(MoveFragmentBefore, LiveAssembler);
  MC_UNAVAILABLE(EraseFragment, LiveAssembler);
  MC_UNAVAILABLE(MoveFixupBefore, LiveAssembler);
  MC_UNAVAILABLE(EraseFixup, LiveAssembler);
  MC_UNAVAILABLE(SetExpressionOperands, ImmutableExpr);
  MC_UNAVAILABLE(EraseExpression, ImmutableExpr);
  MC_UNAVAILABLE(AppendInstructionToFragment, BytesOnly);
}

} // namespace neverc::mc
