//===- Internal.h - Shared pieces of the MC domain (LLVM side) --*- C++ -*-===//
//
// One Compile per cc1 that writes an ELF object with a plugin on an MC
// emission phase: the task the phases run in, the streamer LLVM built (the
// unit), the event being delivered, an instruction replacement in
// progress, and the handle tables of the callback running now.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MC_LIB_INTERNAL_H
#define NEVERC_MC_LIB_INTERNAL_H

#include "neverc/Plugin/PluginMC.h"
#include "neverc/core/Handles.h"
#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/mc/MCDomain.h"

#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/MC/MCInst.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace llvm {
class MCAssembler;
class MCFixup;
class MCOperand;
class MCFragment;
class MCInstrInfo;
class MCSection;
class MCStreamer;
class MCSubtargetInfo;
class MCSymbol;
class MCExpr;
class Target;
class raw_pwrite_stream;
} // namespace llvm

namespace neverc::mc {

using core::isOk;
using core::makeStatus;
using core::okStatus;
using core::writeOut;

inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Handle kinds of the MC domain (the MIR domain ends below 176).
enum class MCHandleKind : uint8_t {
  Unit = 176,
  Section,
  Fragment,
  Inst,
  Operand,
  Expr,
  Symbol,
  Fixup,
  Mutation,
  SchemaToken,
};
inline core::HandleKind hk(MCHandleKind K) { return core::HandleKind(K); }

/// What an emission artifact carries: one event (the payload of every
/// mc.emission.* phase's input).
struct EventBox {
  NevercMCEmissionEventKind Kind = 0;
  NevercMCEmissionEventFlags Flags = 0;
  uint32_t Round = 0;
  const llvm::MCInst *Inst = nullptr;                       // HAS_INSTRUCTION
  const llvm::MCSection *Section = nullptr;                 // HAS_SECTION
  llvm::ArrayRef<char> Encoded;                             // HAS_ENCODING
  NevercMCEmissionFixupLayoutInfo Fixup{};                  // HAS_FIXUP
  bool LayoutChanged = false;
};

/// An operand: its instruction and its index there.
struct OperandRef {
  llvm::MCInst *I = nullptr;
  unsigned Index = 0;
};

/// A fixup: its fragment and its index in the fragment's fixed part, then
/// its variable tail (LLVM 22 keeps the two apart).
struct FixupRef {
  llvm::MCFragment *F = nullptr;
  unsigned Index = 0;
};

/// What replaces the instruction pre_instruction is about: the
/// instructions to encode in its place, in order (none drops it).
struct Replacement {
  std::deque<llvm::MCInst> Store; ///< stable addresses
  std::vector<llvm::MCInst *> List;
  bool owns(const llvm::MCInst *I) const {
    for (const llvm::MCInst &M : Store)
      if (&M == I)
        return true;
    return false;
  }
};

struct Mutation {
  enum State { Open, Committed, Abandoned } S = Open;
  std::vector<llvm::MCInst *> List;  ///< the staged instruction sequence
  std::vector<llvm::MCInst *> Made;  ///< created in this mutation
  /// Instructions as they were before this mutation first edited them.
  std::vector<std::pair<llvm::MCInst *, llvm::MCInst>> Before;
};

struct Compile {
  explicit Compile(core::HandleScope Scope);
  core::HandleScope Scope;
  core::Task *T = nullptr;
  std::string Arch; ///< the schema's architecture name (x86_64, aarch64, ...)
  bool Failed = false;
  /// The streamer LLVM built for this compile's object (the MC unit).
  llvm::MCStreamer *S = nullptr;
  std::unique_ptr<const llvm::MCInstrInfo> MII;
  const llvm::MCSubtargetInfo *STI = nullptr; ///< of the instruction now
  const llvm::MCSection *LastSection = nullptr;
  uint32_t Relaxations = 0;
  bool PreLayoutRaised = false;
  /// The object writer's stream as the domain sees it (post_layout).
  std::unique_ptr<llvm::raw_pwrite_stream> Tap;
  /// The replacement pre_instruction is building, if any.
  std::unique_ptr<Replacement> Building;
  /// Relaxable fragments' instructions as LLVM rebuilds them (read-only).
  std::deque<llvm::MCInst> FragmentInsts;
  bool Ended = false;

  /// The event being delivered (GetEvent), the replacement in progress.
  EventBox *Event = nullptr;
  Replacement *Repl = nullptr;
  std::shared_ptr<Mutation> Open;

  core::HandleTable<int> Units;
  core::HandleTable<const llvm::MCSection *> Sections;
  core::HandleTable<llvm::MCFragment *> Fragments;
  core::HandleTable<llvm::MCInst *> Insts;
  core::HandleTable<OperandRef> Operands;
  core::HandleTable<const llvm::MCExpr *> Exprs;
  core::HandleTable<const llvm::MCSymbol *> Symbols;
  core::HandleTable<FixupRef> Fixups;
  core::HandleTable<std::shared_ptr<Mutation>> Mutations;
  core::HandleTable<int> Tokens;
  core::PointerMap<NevercHandle> SectionOf, FragmentOf, InstOf, ExprOf,
      SymbolOf;
  NevercHandle Unit{}, Token{};
  bool Minted = false;

  NevercHandle unit();
  NevercHandle token();
  NevercHandle section(const llvm::MCSection *Sec);
  NevercHandle fragment(llvm::MCFragment *F);
  NevercHandle inst(llvm::MCInst *I);
  NevercHandle operand(llvm::MCInst *I, unsigned Index);
  NevercHandle expr(const llvm::MCExpr *E);
  NevercHandle symbol(const llvm::MCSymbol *Sym);
  NevercHandle fixup(llvm::MCFragment *F, unsigned Index);
  /// A callback returned: its handles are gone.
  void expireCallbackHandles();
  /// The schema digest of this compile's target (LOCKSTEP values).
  std::string Digest;
  NevercTargetID TargetID{};
  /// Commits of a mutation so far (the unit's generation).
  uint64_t Generation = 0;
  /// The instructions the unit holds now: the replacement being built,
  /// else the instruction the event is about, else none.
  std::vector<llvm::MCInst *> instructions();
};

struct MCDomain::Impl {
  explicit Impl(core::Host &H);
  core::Host &H;
  std::unique_ptr<Compile> Current;
  NevercMCAPI MC{};
  NevercMCEmissionAPI Emission{};
  /// Kinds of not-yet-available slot already warned about.
  std::set<std::string> Warned;

  bool phaseActive(uint32_t Phase) const;
  /// Any emission phase has a registration.
  bool active() const;

  /// Raises an event phase with \p B as its input; a failing observer
  /// fails the compile.
  void raise(uint32_t Phase, EventBox &B);
  /// pre_instruction on \p Inst: the instructions to encode in its place
  /// (\p Inst itself when nothing replaced it). False: the phase failed.
  bool preInstruction(const llvm::MCInst &Inst, bool Replaceable,
                      std::vector<llvm::MCInst> &Out, bool &Replaced);
  void fail(uint32_t Phase, NevercStatus S);
};

inline MCDomain::Impl &impl(void *Ctx) {
  return *static_cast<MCDomain::Impl *>(Ctx);
}
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}
inline NevercStatus checkHeader(const void *P, size_t Need, uint16_t Major) {
  return core::checkStructHeader(P, Need, Major);
}

/// The compile of a task handle: INVALID_STATE outside an MC callback,
/// WRONG_SCOPE for another task, STALE_HANDLE for one that ended.
NevercStatus compileOf(MCDomain::Impl &D, NevercTaskHandle T, Compile **Out);
/// Handle → object, by kind (WRONG_TYPE, WRONG_SCOPE, STALE_HANDLE).
template <class V>
NevercStatus lookup(MCDomain::Impl &D, Compile &C, core::HandleTable<V> &Table,
                    NevercHandle H, V **Out) {
  return core::lookupScoped(Table, H, C.Scope, D.H, Out);
}
/// An open mutation of this compile (INVALID_STATE once it ended).
NevercStatus mutationOf(MCDomain::Impl &D, Compile &C, NevercHandle H,
                        Mutation **Out);
/// Whether the callback running now may change the unit: an interceptor
/// or provider of pre_instruction holding a replacement.
NevercStatus mayMutate(MCDomain::Impl &D, Compile &C);

/// The assembler of the unit (the object streamer LLVM built).
llvm::MCAssembler &assemblerOf(Compile &C);
/// What the unit holds, counted once for GetUnitInfo and the layout event.
struct UnitCounts {
  uint64_t Sections = 0, Symbols = 0, Fragments = 0, Fixups = 0;
};
UnitCounts countUnit(const llvm::MCAssembler &A);
/// The built-in of a phase whose output is its input (pre_instruction,
/// assembly.final_verify).
NevercStatus identityStep(void *, void *In, void **Out);

/// The stable kind IDs of LLVM 22's MC enums (PluginMCSchema.inc).
NevercMCOperandKind operandKind(const llvm::MCOperand &Op);
NevercMCExpressionKind expressionKind(const llvm::MCExpr &E);
NevercMCFragmentKind fragmentKind(const llvm::MCFragment &F);
/// \p TargetKind: LLVM's own kind for a TARGET_EXTENSION fixup, else 0.
NevercMCFixupKind fixupKind(const llvm::MCFixup &F, uint32_t *TargetKind);
/// Visits \p F's fixups, the fixed part's then the variable tail's (LLVM 22
/// keeps them apart), each with where its part starts in the fragment, until
/// \p Visit returns true; whether it did.
bool forEachFixup(const llvm::MCFragment &F,
                  llvm::function_ref<bool(const llvm::MCFixup &, uint64_t)>
                      Visit);
/// Bytes a generic fixup kind patches; 0 for a target fixup.
uint32_t fixupWidth(const llvm::MCFixup &F, uint32_t Stable);

/// The LOCKSTEP schema digest of an architecture (TargetSchema.cpp).
std::string targetDigest(const std::string &Arch);

void fillReadSlots(NevercMCAPI &T);     // api/Units.cpp
void fillEditSlots(NevercMCAPI &T);     // api/Edits.cpp
void fillEmissionTable(NevercMCEmissionAPI &T); // api/Emission.cpp

/// For a -S compile with an observer on assembly.final_verify or
/// assembly.commit: the job's output manager gets a proxy that runs the two
/// sealed gates when Clang keeps the printed output (AssemblyGates.cpp).
void gateAssemblyOutput(MCDomain::Impl &D, clang::CompilerInstance &CI,
                        core::Task &TU);

/// Puts the domain's ELF streamer constructor in front of \p T's
/// (Streamer.cpp), once per process and target.
void installStreamerHook(MCDomain::Impl &D, const llvm::Target &T);
/// The domain whose compile a streamer built on this thread serves (null:
/// none, LLVM's constructor alone).
void setCurrentCompile(MCDomain::Impl *D);

/// neverc.mc.verify_instruction_candidate: every replacement instruction
/// is one the target's encoder takes (opcode known, operands of the kinds
/// and register classes its description names). Reports the first that
/// is not: an error when \p Report (the phase's verifier), else a remark
/// (a commit, which returns the status to the plugin; a note would attach
/// to whatever Clang reported last, or be dropped).
NevercStatus verifyCandidate(MCDomain::Impl &D, Compile &C,
                             const std::vector<llvm::MCInst *> &List,
                             bool Report);

} // namespace neverc::mc

#endif
