//===- UnitBuild.cpp - A unit a plugin builds, emitted by LLVM ------------===//
//
// Two phases let a plugin build machine code instead of LLVM:
// neverc.assembly.parse (a dialect's parser) and neverc.codegen.mir_to_mc
// (a function's code, instead of the AsmPrinter's). Both fill the same
// kind of unit through NevercMCAPI's builder slots (api/Build.cpp), and
// both hand what was committed to LLVM's own object streamer afterwards,
// so the bytes are encoded, relaxed, laid out and written by LLVM and the
// emission phases see them. One State serves both:
//
//   begin   the unit is the streamer's: the emission compile's when an
//           emission phase already observes it, else one made for the
//           build (put in D.Current while it lives, where compileOf finds
//           it); its role says "builder" while the callbacks run
//   close   the callbacks returned: an open mutation is abandoned, the
//           handles expire, the built instructions are kept for emit
//   emit    the committed steps through the streamer (emitProgram)
//   end     the steps are dropped; a compile made for the build goes
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

namespace neverc::mc {

using UnitBuild = MCDomain::UnitBuild;

UnitBuild::State::State(MCDomain::Impl &D) : D(D) {}

UnitBuild::State::~State() {
  if (!Closed)
    closeBuild();
  C->Program.clear();
  C->Frags.clear();
  C->Defined.clear();
  C->LiveFrags.clear();
  C->BuildPhase.clear();
  C->Subject = nullptr;
  if (Made)
    D.Current = std::move(Saved);
}

void UnitBuild::State::closeBuild() {
  Closed = true;
  C->Serving = false;
  C->Role = Role;
  if (C->Open) {
    C->Open->S = Mutation::Abandoned;
    for (const auto &F : C->Open->Frags)
      C->LiveFrags.erase(F.get());
    C->Open.reset();
  }
  C->expireCallbackHandles();
  Store = std::move(C->Building);
}

std::unique_ptr<UnitBuild::State> startBuild(MCDomain::Impl &D, core::Task &TU,
                                             llvm::MCStreamer &S,
                                             const llvm::MCSubtargetInfo *STI,
                                             const std::string &Phase) {
  auto B = std::make_unique<UnitBuild::State>(D);
  Compile *C = D.Current.get();
  if (!C || C->S != &S) {
    std::string Err;
    const llvm::Triple &TT = S.getContext().getTargetTriple();
    const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Err);
    if (!T)
      return nullptr;
    std::unique_ptr<Compile> Own = newCompile(*T, TT, TU);
    Own->S = &S;
    B->Made = true;
    B->Saved = std::exchange(D.Current, std::move(Own));
    C = D.Current.get();
  }
  B->C = C;
  if (STI)
    C->STI = STI;
  else if (!C->STI)
    C->STI = S.getContext().getSubtargetInfo();
  B->Role = C->Role;
  C->Role = UnitRole::Build;
  C->BuildPhase = Phase;
  C->Serving = true;
  return B;
}

UnitBuild::UnitBuild(std::unique_ptr<State> S) : S(std::move(S)) {}
UnitBuild::~UnitBuild() = default;

void UnitBuild::handOut(const NevercMCAPI **OutMC,
                        NevercMCUnitHandle *OutUnit) {
  Compile &C = *S->C;
  // The builder's instructions live in a replacement store (Edits.cpp
  // makes and edits them there).
  if (!C.Building)
    C.Building = std::make_unique<Replacement>();
  S->HandedOut = true;
  *OutMC = &S->D.MC;
  *OutUnit = C.unit();
}
bool UnitBuild::handedOut() const { return S->HandedOut; }
bool UnitBuild::open() const { return S->C->Open != nullptr; }
bool UnitBuild::empty() const { return S->C->Program.empty(); }
size_t UnitBuild::steps() const { return S->C->Program.size(); }

bool UnitBuild::defines(const void *Symbol) const {
  return S->C->Defined.count(static_cast<const llvm::MCSymbol *>(Symbol));
}
void UnitBuild::close() {
  if (!S->Closed)
    S->closeBuild();
}
bool UnitBuild::emit() {
  close();
  return emitProgram(S->D, *S->C);
}

std::string MCDomain::UnitBuild::dropped() const {
  const size_t N = steps();
  return "the plugin's " + std::to_string(N) +
         (N == 1 ? " committed step is dropped"
                 : " committed steps are dropped");
}

std::unique_ptr<UnitBuild>
MCDomain::beginBuild(core::Task &T, llvm::MCStreamer &Streamer,
                     const llvm::MCSubtargetInfo &STI, const std::string &Phase,
                     llvm::MCSymbol *Subject) {
  if (!Streamer.getAssemblerPtr()) {
    if (P->Warned.insert("build:" + Phase).second)
      P->H.report(NEVERC_DIAGNOSTIC_WARNING,
                  Phase + ": a built MC unit is laid out by LLVM's object "
                          "streamer; this compile prints assembly text (-S), "
                          "so there is no unit to build into",
                  nullptr, Phase);
    return nullptr;
  }
  std::unique_ptr<UnitBuild::State> S =
      startBuild(*P, T, Streamer, &STI, Phase);
  if (!S)
    return nullptr;
  if (Subject) {
    // In the unit's symbol list (registering is what referring to it would
    // do), and first there (nextSymbol).
    Streamer.getAssemblerPtr()->registerSymbol(*Subject);
    S->C->Subject = Subject;
  }
  return std::make_unique<UnitBuild>(std::move(S));
}

std::string MCDomain::schemaDigest(const std::string &Triple) {
  llvm::Triple TT(Triple);
  return targetDigest(llvm::Triple::getArchTypeName(TT.getArch()).str());
}

} // namespace neverc::mc
