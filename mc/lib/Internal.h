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
#include <unordered_set>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCParser/AsmLexer.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace llvm {
class MCAssembler;
class MCOperand;
class MCFragment;
class MCInstrInfo;
class MCSection;
class MCStreamer;
class MCSubtargetInfo;
class MCSymbol;
class MCExpr;
class Target;
class Triple;
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
  StagedFragment, ///< a fragment an assembly.parse builder made
  Cursor,         ///< an assembly source cursor
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

/// A fixup an assembly.parse builder put in one of its fragments.
struct StagedFixup {
  uint64_t Offset = 0;
  uint32_t Width = 0;
  const llvm::MCExpr *Value = nullptr;
  uint32_t Kind = 0; ///< llvm::MCFixupKind
  bool PCRel = false;
};

/// A fragment an assembly.parse builder made: bytes (and fixups) the host
/// appends to its section, then an alignment when Kind is ALIGN.
struct StagedFragment {
  llvm::MCSection *Section = nullptr;
  NevercMCFragmentKind Kind = 0;
  std::string Bytes;
  uint64_t Alignment = 1;
  uint32_t Fill = 0;
  std::vector<StagedFixup> Fixups;
};

/// One step of what an assembly.parse builder staged, in the order the
/// plugin made it; the host emits them through LLVM's streamer once the
/// phase's output is that unit (Build.cpp).
struct BuildItem {
  enum Kind { Section, Fragment, Symbol, Instruction } K = Section;
  llvm::MCSection *Sec = nullptr;
  StagedFragment *Frag = nullptr;
  llvm::MCSymbol *Sym = nullptr;
  NevercMCSymbolDescriptor Desc{}; ///< Name is not kept (Sym has it)
  llvm::MCInst *Inst = nullptr;
};

struct Mutation {
  enum State { Open, Committed, Abandoned } S = Open;
  /// What a builder's mutation stages, in order (assembly.parse).
  std::vector<BuildItem> Items;
  std::vector<std::unique_ptr<StagedFragment>> Frags;
  std::unordered_set<const llvm::MCSymbol *> Defined; ///< by its Items
  std::vector<llvm::MCInst *> List;  ///< the staged instruction sequence
  std::vector<llvm::MCInst *> Made;  ///< created in this mutation
  /// Instructions as they were before this mutation first edited them.
  std::vector<std::pair<llvm::MCInst *, llvm::MCInst>> Before;
};

/// What a unit is for: the object LLVM writes (the emission events), the
/// assembly a -S compile prints (read-only: LLVM's text assembled again,
/// Assembly.cpp), or the one a builder fills: an assembly.parse or
/// codegen.mir_to_mc provider (Create* and AppendInstruction staged,
/// emitted through LLVM's streamer after the phase, UnitBuild.cpp).
enum class UnitRole { Emission, Print, Build };

struct Compile {
  explicit Compile(core::HandleScope Scope);
  UnitRole Role = UnitRole::Emission;
  /// A print or parse callback runs with the unit handed out (the
  /// emission phases hand it out with Event instead).
  bool Serving = false;
  /// The builder's committed steps and fragments (Role Build), and the
  /// phase it builds for (diagnostics).
  std::vector<BuildItem> Program;
  std::string BuildPhase;
  /// The symbol the build is for (a mir_to_mc function's), listed first.
  const llvm::MCSymbol *Subject = nullptr;
  std::unordered_set<const llvm::MCSymbol *> Defined; ///< by the Program
  /// Staged fragments a handle may still name (an abandoned mutation's
  /// are gone).
  std::unordered_set<const StagedFragment *> LiveFrags;
  std::deque<std::unique_ptr<StagedFragment>> Frags;
  core::HandleScope Scope;
  core::Task *T = nullptr;
  std::string Arch; ///< the schema's architecture name (x86_64, aarch64, ...)
  bool Failed = false;
  /// The streamer LLVM built for this compile's object (the MC unit).
  llvm::MCStreamer *S = nullptr;
  std::unique_ptr<const llvm::MCInstrInfo> MII;
  /// LLVM's disassembler of the target (neverc.mc.decode, made on use).
  std::unique_ptr<llvm::MCDisassembler> Disassembler;
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
  /// Fragments' fixed and variable bytes joined for GetFragmentInfo.
  std::deque<std::string> FragmentBytes;
  bool Ended = false;

  /// The event being delivered (GetEvent), the output of mc.decode while
  /// it runs, the replacement in progress.
  EventBox *Event = nullptr;
  EventBox *Result = nullptr;
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
  core::HandleTable<StagedFragment *> StagedFrags;
  core::HandleTable<int> Cursors; ///< the parse input's (one)
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
  /// The host's LOCKSTEP MC schema of the target ("NCMCSCHE", the
  /// target's Low word).
  NevercInterfaceID schemaID() const {
    return {0x4e434d4353434845ULL, TargetID.Low};
  }
  /// Commits of a mutation so far (the unit's generation).
  uint64_t Generation = 0;
  /// The instructions the unit holds now: the replacement being built,
  /// else the instruction the event is about, else none.
  std::vector<llvm::MCInst *> instructions();
};

struct PrintJob;
struct ParseJob;

/// A plugin encoder or decoder (NevercMCAPI.RegisterEncoder/Decoder): one
/// of each per target, for the host's LOCKSTEP schema of that target.
template <class Fn> struct CodecRecord {
  const core::Plugin *Owner = nullptr;
  uint64_t TargetHigh = 0, TargetLow = 0;
  uint32_t MaxLength = 0;
  Fn Call = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};
using EncoderRecord = CodecRecord<NevercMCEncodeInstructionFn>;
using DecoderRecord = CodecRecord<NevercMCDecodeInstructionFn>;

/// The record of \p List serving \p C's target, or null.
template <class Fn>
const CodecRecord<Fn> *codecFor(const std::vector<CodecRecord<Fn>> &List,
                                const Compile &C) {
  for (const CodecRecord<Fn> &R : List)
    if (R.TargetHigh == C.TargetID.High && R.TargetLow == C.TargetID.Low)
      return &R;
  return nullptr;
}

struct MCDomain::Impl {
  explicit Impl(core::Host &H);
  core::Host &H;
  std::unique_ptr<Compile> Current;
  NevercMCAPI MC{};
  NevercMCEmissionAPI Emission{};
  NevercAssemblyProviderAPI Assembly{};
  std::vector<EncoderRecord> Encoders;
  std::vector<DecoderRecord> Decoders;
  ~Impl();
  /// Kinds of not-yet-available slot already warned about.
  std::set<std::string> Warned;
  /// The print or parse job a callback runs in now (one at a time).
  PrintJob *Print = nullptr;
  ParseJob *Parse = nullptr;

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

/// A compile's unit state for target \p T (no streamer yet).
std::unique_ptr<Compile> newCompile(const llvm::Target &T,
                                    const llvm::Triple &TT, core::Task &TU);
/// neverc.assembly.parse over \p Src; false: the parse failed (reported).
bool runParse(MCDomain::Impl &D, core::Task &TU, core::AssemblySource &Src);

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
/// keeps them apart; both count their offsets from the fragment's start),
/// each with whether it is the tail's, until \p Visit returns true;
/// whether it did.
bool forEachFixup(const llvm::MCFragment &F,
                  llvm::function_ref<bool(const llvm::MCFixup &, bool)> Visit);
/// Bytes a generic fixup kind patches; 0 for a target fixup.
uint32_t fixupWidth(const llvm::MCFixup &F, uint32_t Stable);

/// The LOCKSTEP schema digest of an architecture (TargetSchema.cpp).
std::string targetDigest(const std::string &Arch);

void fillReadSlots(NevercMCAPI &T);     // api/Units.cpp
void fillEditSlots(NevercMCAPI &T);     // api/Edits.cpp
void fillEmissionTable(NevercMCEmissionAPI &T); // api/Emission.cpp
void fillBuildSlots(NevercMCAPI &T);    // api/Build.cpp
void fillEncoderSlots(NevercMCAPI &T);  // Encoders.cpp
void fillDecoderSlots(NevercMCAPI &T);  // Decoders.cpp
/// neverc.mc.layout once LLVM laid the unit out (Layout.cpp); a failure is
/// reported and fails the compile.
void runLayoutPhase(MCDomain::Impl &D, Compile &C);
/// neverc.mc.decode over one instruction's encoding \p Bytes (Decoders.cpp);
/// a failure is reported and fails the compile.
void runDecodePhase(MCDomain::Impl &D, Compile &C, llvm::ArrayRef<char> Bytes,
                    const llvm::MCSubtargetInfo &STI);

/// RegisterEncoder and RegisterDecoder (their descriptors share a layout):
/// the registrar and its plugin, the header, a callback \p Fn, no flags, a
/// maximum length of 1-64, a target, the host's LOCKSTEP schema of that
/// target (said with a warning naming \p Slot and \p Phase: plugin schemas
/// are unavailable), one per target (DUPLICATE_ID); then the record.
template <class Desc, class Fn>
NevercStatus registerCodec(MCDomain::Impl &D, void *Registrar, const Desc *X,
                           Fn Call, const char *Slot, const char *What,
                           const char *Phase,
                           std::vector<CodecRecord<Fn>> &List) {
  if (!Registrar || !X)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  const core::Plugin *Owner = nullptr;
  if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !isOk(S))
    return S;
  if (NevercStatus S =
          core::checkDescriptorHeader(X, sizeof *X, NEVERC_MC_API_MAJOR);
      !isOk(S))
    return S;
  if (!Call || X->Flags || X->Reserved || !X->MaximumInstructionLength ||
      X->MaximumInstructionLength > 64 ||
      (!X->TargetID.High && !X->TargetID.Low))
    return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
  // The host's LOCKSTEP schema of the target ("NCMCSCHE", its Low word).
  if (X->SchemaID.High != 0x4e434d4353434845ULL ||
      X->SchemaID.Low != X->TargetID.Low) {
    D.H.report(NEVERC_DIAGNOSTIC_WARNING,
               std::string("NevercMCAPI.") + Slot + ": the " + What +
                   "'s SchemaID is not this host's schema of its target "
                   "(plugin schemas are unavailable: RegisterSchema)",
               Owner, Phase);
    return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
  }
  for (const CodecRecord<Fn> &R : List)
    if (R.TargetHigh == X->TargetID.High && R.TargetLow == X->TargetID.Low)
      return st(NEVERC_STATUS_DUPLICATE_ID);
  CodecRecord<Fn> R;
  R.Owner = Owner;
  R.TargetHigh = X->TargetID.High;
  R.TargetLow = X->TargetID.Low;
  R.MaxLength = X->MaximumInstructionLength;
  R.Call = Call;
  R.UserData = X->UserData;
  R.DestroyUserData = X->DestroyUserData;
  List.push_back(R);
  return okStatus();
}

/// neverc.mc.encode for \p I (Encoders.cpp): its built-in is \p E when
/// given, else \p LLVMEncode; the bytes go to the end of \p CB, the fixups
/// (relative to the instruction) to \p Fixups. On failure (reported, the
/// compile fails) LLVM's encoding is written so the streamer can go on.
void runEncodePhase(MCDomain::Impl &D, Compile &C, const llvm::MCInst &I,
                       const EncoderRecord *E,
                       llvm::function_ref<void()> LLVMEncode,
                       llvm::SmallVectorImpl<char> &CB,
                       llvm::SmallVectorImpl<llvm::MCFixup> &Fixups);
/// LLVM's fixup kind for a schema kind (and its width and PC-relativity);
/// false for one neverc cannot place (Build.cpp).
bool llvmFixupKind(const NevercMCFixupDescriptor &F, uint32_t &Kind,
                   uint32_t &Width, bool &PCRel);
void fillAssemblyProviderTable(NevercAssemblyProviderAPI &T); // api/Assembly.cpp

/// A unit a builder fills (UnitBuild.cpp).
struct MCDomain::UnitBuild::State {
  MCDomain::Impl &D;
  Compile *C = nullptr;
  /// What D.Current held while a compile made for the build stands there.
  std::unique_ptr<Compile> Saved;
  bool Made = false;
  UnitRole Role = UnitRole::Emission;
  bool HandedOut = false;
  bool Closed = false;
  /// The builder's instructions, alive until they are emitted.
  std::unique_ptr<Replacement> Store;

  explicit State(MCDomain::Impl &D);
  ~State();
  void closeBuild();
};

/// Emits what a builder staged into \p C's streamer (Build.cpp); false
/// (reported) when a step cannot be placed.
bool emitProgram(MCDomain::Impl &D, Compile &C);
/// A build into \p S (UnitBuild.cpp); \p STI null: the streamer's
/// context's. Null when \p S's target is unknown.
std::unique_ptr<MCDomain::UnitBuild::State>
startBuild(MCDomain::Impl &D, core::Task &TU, llvm::MCStreamer &S,
           const llvm::MCSubtargetInfo *STI, const std::string &Phase);
inline Compile &buildCompile(MCDomain::UnitBuild::State &S) { return *S.C; }
/// The staged fragment \p H names (the builder's handles).
NevercStatus stagedFragmentOf(MCDomain::Impl &D, Compile &C, NevercHandle H,
                              StagedFragment **Out);

/// For a -S compile with a plugin on assembly.print, final_verify or
/// commit: the job's output manager gets a proxy that runs print and the
/// two sealed gates when Clang keeps the printed output (AssemblyGates.cpp).
void gateAssemblyOutput(MCDomain::Impl &D, clang::CompilerInstance &CI,
                        core::Task &TU);

/// What assembly.print starts from: LLVM's text and how to assemble it
/// again into a unit a printer reads (built on the first GetPrintInput).
/// The phase's output is LLVM's text (the built-in's, \c LLVMText below)
/// or the text a plugin wrote and published (\c Text).
struct PrintJob {
  core::Task *T = nullptr;
  std::string Triple, CPU, Features;
  bool PIC = false;
  std::string LLVMText;
  char LLVMOutput = 0; ///< the built-in's output artifact payload
  std::string Text;    ///< the plugin's output artifact payload
  bool Published = false;
  std::string Syntax, Comment;
  struct Unit;
  std::unique_ptr<Unit> Built;
  bool Tried = false;
  PrintJob();
  ~PrintJob();
};
/// Runs neverc.assembly.print over \p P (its verifier included). \p Out is
/// the text to write: LLVM's, or what a plugin printed. False: the phase
/// failed (reported).
bool runPrint(MCDomain::Impl &D, PrintJob &P, const std::string *&Out);
/// The unit of \p P: LLVM's text assembled again, on the first call (a
/// Compile in D.Current while the phase runs). CAPABILITY_UNAVAILABLE
/// (reported) when the text does not assemble.
NevercStatus printUnit(MCDomain::Impl &D, PrintJob &P, Compile **Out);
/// The print unit's compile once built, else null.
Compile *printCompile(PrintJob &P);

/// What assembly.parse reads (the input artifact's payload); its outputs
/// are LLVM's parse (\c LLVMUnit) or the unit a builder filled
/// (\c BuiltUnit).
struct ParseJob {
  core::AssemblySource *Src = nullptr;
  Compile *C = nullptr;
  struct Lexer;
  std::unique_ptr<Lexer> Lex;
  NevercHandle Cursor{};
  MCDomain::UnitBuild *Build = nullptr; ///< the unit a builder fills
  bool LLVMFailed = false;
  bool LLVMRan = false; ///< LLVM's parser ran: the streamer is finished
  char LLVMUnit = 0, BuiltUnit = 0;
  ParseJob();
  ~ParseJob();
};

/// The cursor over the parse input: LLVM's own lexer on the buffer.
struct ParseJob::Lexer {
  explicit Lexer(const llvm::MCAsmInfo &MAI) : L(MAI) {}
  llvm::AsmLexer L;
  bool StartOfLine = true;
  /// Where lines were last counted to (a walk counts each byte once).
  uint64_t CountedTo = 0;
  uint32_t Line = 1, Column = 1;
};

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
