//===- Domain.cpp - MCDomain: joining a compile, raising the phases -------===//
//
// Every MC emission phase runs inside LLVM's integrated assembler, on the
// thread of the cc1 that writes the object (Streamer.cpp says where). An
// event phase has only AFTER observers; pre_instruction is a transition:
// observers see the instruction before and after, interceptors and
// providers may publish what is encoded in its place, and the verifier
// neverc.mc.verify_instruction_candidate checks that before LLVM's encoder
// ever sees it.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/TargetOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/TargetRegistry.h"

namespace neverc::mc {
namespace {

constexpr uint32_t EmissionPhases[] = {
    core::Phase_MC_EMISSION_PRE_INSTRUCTION,
    core::Phase_MC_EMISSION_UNIT_BEGIN,
    core::Phase_MC_EMISSION_UNIT_END,
    core::Phase_MC_EMISSION_SECTION_CHANGE,
    core::Phase_MC_EMISSION_POST_INSTRUCTION,
    core::Phase_MC_EMISSION_POST_ENCODE,
    core::Phase_MC_EMISSION_FIXUP,
    core::Phase_MC_EMISSION_RELAXATION_ROUND,
    core::Phase_MC_EMISSION_PRE_LAYOUT,
    core::Phase_MC_EMISSION_POST_LAYOUT,
};

struct CandidateVerifier {
  MCDomain::Impl *D;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<CandidateVerifier *>(Ctx);
    Compile &C = *V.D->Current;
    if (Out != C.Building.get())
      return okStatus(); // the instruction itself, LLVM's
    return verifyCandidate(*V.D, C, C.Building->List, /*Report=*/true);
  }
};

} // namespace

NevercStatus identityStep(void *, void *In, void **Out) {
  *Out = In;
  return okStatus();
}

llvm::MCAssembler &assemblerOf(Compile &C) {
  return static_cast<llvm::MCObjectStreamer *>(C.S)->getAssembler();
}

UnitCounts countUnit(const llvm::MCAssembler &A) {
  UnitCounts N;
  N.Sections = A.end() - A.begin();
  for (const llvm::MCSymbol &Sym : A.symbols())
    (void)Sym, ++N.Symbols;
  for (const llvm::MCSection &Sec : A)
    for (const llvm::MCFragment &F : Sec) {
      ++N.Fragments;
      N.Fixups += F.getFixups().size() + F.getVarFixups().size();
    }
  return N;
}

Compile::Compile(core::HandleScope Scope)
    : Scope(Scope), Units(hk(MCHandleKind::Unit), Scope),
      Sections(hk(MCHandleKind::Section), Scope),
      Fragments(hk(MCHandleKind::Fragment), Scope),
      Insts(hk(MCHandleKind::Inst), Scope),
      Operands(hk(MCHandleKind::Operand), Scope),
      Exprs(hk(MCHandleKind::Expr), Scope),
      Symbols(hk(MCHandleKind::Symbol), Scope),
      Fixups(hk(MCHandleKind::Fixup), Scope),
      Mutations(hk(MCHandleKind::Mutation), Scope),
      Tokens(hk(MCHandleKind::SchemaToken), Scope),
      StagedFrags(hk(MCHandleKind::StagedFragment), Scope),
      Cursors(hk(MCHandleKind::Cursor), Scope) {}

using core::mintCached;

NevercHandle Compile::unit() {
  // One unit per compile; its handle lives as long as the compile.
  if (!Units.lookup(Unit))
    Unit = Units.insert(1);
  return Unit;
}
NevercHandle Compile::token() {
  if (!Tokens.lookup(Token))
    Token = Tokens.insert(1);
  return Token;
}
NevercHandle Compile::section(const llvm::MCSection *Sec) {
  Minted = true;
  return mintCached(Sections, SectionOf, Sec, Sec);
}
NevercHandle Compile::fragment(llvm::MCFragment *F) {
  Minted = true;
  return mintCached(Fragments, FragmentOf, F, F);
}
NevercHandle Compile::inst(llvm::MCInst *I) {
  Minted = true;
  return mintCached(Insts, InstOf, I, I);
}
NevercHandle Compile::operand(llvm::MCInst *I, unsigned Index) {
  Minted = true;
  return I ? Operands.insert(OperandRef{I, Index}) : NevercHandle{};
}
NevercHandle Compile::expr(const llvm::MCExpr *E) {
  Minted = true;
  return mintCached(Exprs, ExprOf, E, E);
}
NevercHandle Compile::symbol(const llvm::MCSymbol *Sym) {
  Minted = true;
  return mintCached(Symbols, SymbolOf, Sym, Sym);
}
NevercHandle Compile::fixup(llvm::MCFragment *F, unsigned Index) {
  Minted = true;
  return F ? Fixups.insert(FixupRef{F, Index}) : NevercHandle{};
}

void Compile::expireCallbackHandles() {
  // Most callbacks (observers that only read the event) mint nothing.
  if (!Minted)
    return;
  Minted = false;
  Sections.clear();
  Fragments.clear();
  Insts.clear();
  Operands.clear();
  Exprs.clear();
  Symbols.clear();
  Fixups.clear();
  Mutations.clear();
  StagedFrags.clear();
  SectionOf.clear();
  FragmentOf.clear();
  InstOf.clear();
  ExprOf.clear();
  SymbolOf.clear();
  FragmentInsts.clear();
  FragmentBytes.clear();
}

std::vector<llvm::MCInst *> Compile::instructions() {
  if (Building)
    return Building->List;
  if (Event && (Event->Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION))
    return {const_cast<llvm::MCInst *>(Event->Inst)};
  return {};
}

NevercStatus compileOf(MCDomain::Impl &D, NevercTaskHandle T, Compile **Out) {
  core::Task *Found = nullptr;
  if (NevercStatus S = D.H.resolveTask(T, &Found); !isOk(S))
    return S;
  // A -S compile has no emission unit: while assembly.print runs, its
  // unit is the printed text assembled again.
  Compile *C = D.Print ? printCompile(*D.Print) : D.Current.get();
  if (!C || (!C->Event && !C->Serving))
    return st(NEVERC_STATUS_INVALID_STATE);
  if (Found != C->T)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  *Out = C;
  return okStatus();
}

NevercStatus mutationOf(MCDomain::Impl &D, Compile &C, NevercHandle H,
                        Mutation **Out) {
  std::shared_ptr<Mutation> *P = nullptr;
  if (NevercStatus S = lookup(D, C, C.Mutations, H, &P); !isOk(S))
    return S;
  if ((*P)->S != Mutation::Open)
    return st(NEVERC_STATUS_INVALID_STATE);
  *Out = P->get();
  return okStatus();
}

NevercStatus mayMutate(MCDomain::Impl &, Compile &C) {
  // An observer's view is read-only (rule 7).
  if (C.T->role() == core::CallbackRole::Observer)
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  if (!C.Building || C.Role == UnitRole::Print)
    return st(NEVERC_STATUS_INVALID_STATE);
  return okStatus();
}

MCDomain::Impl::Impl(core::Host &H) : H(H) {
  MC.Header = {sizeof MC, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR, 0};
  MC.Context = this;
  fillReadSlots(MC);
  fillEditSlots(MC);
  fillBuildSlots(MC);
  fillEncoderSlots(MC);
  fillDecoderSlots(MC);
  Emission.Header = {sizeof Emission, NEVERC_MC_EMISSION_API_MAJOR,
                     NEVERC_MC_EMISSION_API_MINOR, 0};
  Emission.Context = this;
  fillEmissionTable(Emission);
  Assembly.Header = {sizeof Assembly, NEVERC_ASSEMBLY_PROVIDER_API_MAJOR,
                     NEVERC_ASSEMBLY_PROVIDER_API_MINOR, 0};
  Assembly.Context = this;
  fillAssemblyProviderTable(Assembly);
}

bool MCDomain::Impl::phaseActive(uint32_t Phase) const {
  return H.phases().at(Phase).Active;
}

bool MCDomain::Impl::active() const {
  if (!Encoders.empty() || phaseActive(core::Phase_MC_ENCODE) ||
      phaseActive(core::Phase_MC_DECODE) || phaseActive(core::Phase_MC_LAYOUT))
    return true;
  for (uint32_t P : EmissionPhases)
    if (phaseActive(P))
      return true;
  return false;
}

MCDomain::Impl::~Impl() {
  for (const EncoderRecord &E : Encoders)
    if (E.DestroyUserData)
      E.DestroyUserData(E.UserData);
  for (const DecoderRecord &R : Decoders)
    if (R.DestroyUserData)
      R.DestroyUserData(R.UserData);
}

void MCDomain::Impl::raise(uint32_t Phase, EventBox &B) {
  Compile &C = *Current;
  if (C.Failed || !phaseActive(Phase))
    return;
  C.Event = &B;
  NevercStatus S = H.raiseEvent(Phase, *C.T, &B);
  C.expireCallbackHandles();
  C.Event = nullptr;
  if (!isOk(S))
    fail(Phase, S);
}

bool MCDomain::Impl::preInstruction(const llvm::MCInst &Inst, bool Replaceable,
                                    std::vector<llvm::MCInst> &Out,
                                    bool &Replaced) {
  Compile &C = *Current;
  Replaced = false;
  EventBox B;
  B.Kind = NEVERC_MC_EMISSION_PRE_INSTRUCTION;
  B.Flags = NEVERC_MC_EMISSION_HAS_INSTRUCTION | NEVERC_MC_EMISSION_HAS_SECTION |
            (Replaceable ? NEVERC_MC_EMISSION_CAN_REPLACE_INSTRUCTION : 0);
  B.Inst = &Inst;
  B.Section = C.LastSection;
  CandidateVerifier V{this};
  core::PhaseRequest R;
  R.T = C.T;
  R.Input = &B;
  R.Builtin = {&identityStep, nullptr};
  R.Verifier = {&CandidateVerifier::run, &V};
  C.Event = &B;
  core::PhaseOutcome O =
      H.runPhase(core::Phase_MC_EMISSION_PRE_INSTRUCTION, R);
  C.Event = nullptr;
  if (C.Open) {
    // A mutation left open when the callbacks returned is abandoned.
    C.Open->S = Mutation::Abandoned;
    C.Open.reset();
    if (isOk(O.Status))
      O.Status = st(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  if (isOk(O.Status) && C.Building && O.Output == C.Building.get()) {
    Replaced = true;
    for (llvm::MCInst *I : C.Building->List)
      Out.push_back(*I);
  }
  C.Building.reset();
  C.expireCallbackHandles();
  if (!isOk(O.Status)) {
    fail(core::Phase_MC_EMISSION_PRE_INSTRUCTION, O.Status);
    return false;
  }
  return true;
}

void MCDomain::Impl::fail(uint32_t Phase, NevercStatus S) {
  Current->Failed = true;
  const std::string &Name = H.phases().at(Phase).Name;
  H.report(NEVERC_DIAGNOSTIC_ERROR,
           "phase '" + Name + "' failed: " + std::string(core::statusName(S.Code)),
           nullptr, Name);
}

NevercStatus verifyCandidate(MCDomain::Impl &D, Compile &C,
                             const std::vector<llvm::MCInst *> &List,
                             bool Report) {
  const llvm::MCInstrInfo &MII = *C.MII;
  const llvm::MCRegisterInfo *MRI = C.S->getContext().getRegisterInfo();
  auto Reject = [&](const llvm::MCInst &I, const std::string &Why) {
    std::string Op = I.getOpcode() < MII.getNumOpcodes()
                         ? MII.getName(I.getOpcode()).str()
                         : "#" + std::to_string(I.getOpcode());
    // At a commit the plugin gets the status and decides; the phase's
    // verifier fails the compile.
    D.H.report(Report ? NEVERC_DIAGNOSTIC_ERROR : NEVERC_DIAGNOSTIC_REMARK,
               "neverc.mc.verify_instruction_candidate: replacement "
               "instruction " + Op + " cannot be encoded: " + Why,
               nullptr, "neverc.mc.verify_instruction_candidate");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  };
  for (const llvm::MCInst *I : List) {
    if (I->getOpcode() >= MII.getNumOpcodes())
      return Reject(*I, "no such opcode in " + C.Digest);
    const llvm::MCInstrDesc &Desc = MII.get(I->getOpcode());
    if (Desc.isPseudo())
      return Reject(*I, "a pseudo instruction has no encoding");
    const unsigned Want = Desc.getNumOperands(), Have = I->getNumOperands();
    if (Desc.isVariadic() ? Have < Want : Have != Want)
      return Reject(*I, "it takes " + std::to_string(Want) + " operand" +
                            (Want == 1 ? "" : "s") + ", not " +
                            std::to_string(Have));
    for (unsigned K = 0; K < Want; ++K) {
      const llvm::MCOperandInfo &Info = Desc.operands()[K];
      const llvm::MCOperand &Op = I->getOperand(K);
      if (Info.RegClass >= 0) {
        // Memory operands may leave a register out (no base, no index).
        if (!Op.isReg())
          return Reject(*I, "operand " + std::to_string(K) +
                                " must be a register");
        if (Op.getReg() && MRI &&
            !MRI->getRegClass(Info.RegClass).contains(Op.getReg()))
          return Reject(*I, "operand " + std::to_string(K) +
                                " is not in its register class");
        if (!Op.getReg() && Info.OperandType != llvm::MCOI::OPERAND_MEMORY)
          return Reject(*I, "operand " + std::to_string(K) +
                                " needs a register");
      } else if (!Op.isImm() && !Op.isExpr() && !Op.isReg()) {
        return Reject(*I, "operand " + std::to_string(K) +
                              " must be an immediate or an expression");
      }
    }
  }
  return okStatus();
}

MCDomain::MCDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  // NevercMCAPI is handed out with each event (GetEvent, replacement) and
  // by the assembly provider table; NevercMCProviderAPI is not published
  // yet (mc/README.md).
  NevercStatus S = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_MC_EMISSION_HIGH,
                        NEVERC_INTERFACE_MC_EMISSION_LOW},
      NEVERC_MC_EMISSION_API_MAJOR, NEVERC_MC_EMISSION_API_MINOR,
      &P->Emission, sizeof P->Emission);
  if (isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_MC_HIGH, NEVERC_INTERFACE_MC_LOW},
        NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR, &P->MC, sizeof P->MC);
  if (isOk(S))
    H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_ASSEMBLY_PROVIDER_HIGH,
                          NEVERC_INTERFACE_ASSEMBLY_PROVIDER_LOW},
        NEVERC_ASSEMBLY_PROVIDER_API_MAJOR, NEVERC_ASSEMBLY_PROVIDER_API_MINOR,
        &P->Assembly, sizeof P->Assembly);
}
MCDomain::~MCDomain() = default;

uint32_t MCDomain::firstPhase() const { return core::Phase_MC_ENCODE; }

std::unique_ptr<Compile> newCompile(const llvm::Target &T,
                                    const llvm::Triple &TT, core::Task &TU) {
  auto C = std::make_unique<Compile>(core::decodeHandle(TU.handle()).Scope);
  C->T = &TU;
  C->Arch = llvm::Triple::getArchTypeName(TT.getArch()).str();
  // LOCKSTEP values (opcodes, registers, target fixup kinds) are LLVM's
  // own numbers, fixed for one LLVM release and architecture.
  C->Digest = targetDigest(C->Arch);
  if (TT.getArch() == llvm::Triple::x86_64)
    C->TargetID = {NEVERC_TARGET_ID_X86_64_HIGH, NEVERC_TARGET_ID_X86_64_LOW};
  else if (TT.getArch() == llvm::Triple::aarch64)
    C->TargetID = {NEVERC_TARGET_ID_AARCH64_HIGH,
                   NEVERC_TARGET_ID_AARCH64_LOW};
  C->MII.reset(T.createMCInstrInfo());
  return C;
}

/// A compile (or an assembly) that writes an ELF object for \p TT: the
/// domain's streamer constructor goes in front of the target's.
static void start(MCDomain::Impl &D, const llvm::Triple &TT, core::Task &TU) {
  if (!D.active() || !TT.isOSBinFormatELF())
    return;
  std::string Err;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return; // clang reports the unknown target itself
  D.Current = newCompile(*T, TT, TU);
  installStreamerHook(D, *T);
  setCurrentCompile(&D);
}

static int finish(MCDomain::Impl &D) {
  if (!D.Current)
    return 0;
  setCurrentCompile(nullptr);
  const bool Failed = D.Current->Failed;
  D.Current.reset();
  return Failed ? 1 : 0;
}

int MCDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  // Only an object LLVM's integrated assembler writes has these phases
  // (-S prints assembly; -emit-llvm stops before code generation). The
  // target is made when the action runs; its options are here now.
  if (CI.getFrontendOpts().ProgramAction == clang::frontend::EmitObj)
    start(*P, llvm::Triple(CI.getTargetOpts().Triple), TU);
  else if (CI.getFrontendOpts().ProgramAction ==
           clang::frontend::EmitAssembly)
    gateAssemblyOutput(*P, CI, TU);
  return 0;
}

int MCDomain::detach(clang::CompilerInstance &, core::Task &, bool) {
  return finish(*P);
}

int MCDomain::attachAssembler(const char *Triple, bool WritesObject,
                              core::Task &TU) {
  if (WritesObject)
    start(*P, llvm::Triple(Triple), TU);
  return 0;
}

int MCDomain::detachAssembler(core::Task &, bool) { return finish(*P); }

int MCDomain::parseAssembly(core::Task &TU, core::AssemblySource &Src,
                            bool &Failed) {
  if (!P->phaseActive(core::Phase_ASSEMBLY_PARSE))
    return 0;
  Failed = !runParse(*P, TU, Src);
  return 1;
}

} // namespace neverc::mc
