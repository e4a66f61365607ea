//===- MCDomain.h - Machine code: the MC emission phases --------*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Raises the neverc.mc.emission.*
// phases while LLVM 22's integrated assembler writes an ELF object, and
// publishes NevercMCEmissionAPI (and hands out NevercMCAPI with each event).
//
// How it joins a compile: attach() is a no-op unless a plugin is on an MC
// emission phase and the cc1 writes an ELF object. Then the domain puts its
// ELF streamer constructor into LLVM's target registry for the compile's
// target (TargetRegistry::RegisterELFStreamer), once per process and
// target. That constructor wraps the target's MCCodeEmitter in one that
// raises the instruction events around each encoding and then builds the
// target's own streamer exactly as LLVM would have, so every byte is still
// LLVM's. A compile nobody observes there, or another thread's, gets the
// target's constructor untouched.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MC_MCDOMAIN_H
#define NEVERC_MC_MCDOMAIN_H

#include "neverc/Plugin/PluginMC.h"
#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"

#include <memory>
#include <string>

namespace llvm {
class MCStreamer;
class MCSubtargetInfo;
class MCSymbol;
} // namespace llvm

namespace neverc::mc {

class MCDomain final : public core::FrontendAttachment {
public:
  /// Publishes the domain's tables on \p H; call before Host::initialize().
  /// The domain must outlive every session of \p H.
  explicit MCDomain(core::Host &H);
  ~MCDomain() override;
  MCDomain(const MCDomain &) = delete;
  MCDomain &operator=(const MCDomain &) = delete;

  uint32_t firstPhase() const override;
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;
  /// The assembler path: the same phases for an object cc1as writes from
  /// a .s or .S file.
  int attachAssembler(const char *Triple, bool WritesObject,
                      core::Task &TU) override;
  int detachAssembler(core::Task &TU, bool Success) override;
  /// neverc.assembly.parse around (or instead of) LLVM's parser.
  int parseAssembly(core::Task &TU, core::AssemblySource &Src,
                    bool &Failed) override;

  /// neverc --print-mc-schema=<triple>: the target's LOCKSTEP MC schema
  /// (opcodes with their mnemonics, registers) as the SDK's
  /// Schema/Targets/PluginMC<ARCH>.inc. Non-zero: \p Error says why.
  static int printTargetSchema(const std::string &Triple, std::string &Out,
                               std::string &Error);

  /// A unit a plugin builds outside neverc.assembly.parse (the provider
  /// of neverc.codegen.mir_to_mc): NevercMCAPI's builder slots fill it
  /// while the phase's callbacks run, as they fill a parse builder's, and
  /// emit() sends what they committed through LLVM's streamer.
  class UnitBuild {
  public:
    struct State;
    explicit UnitBuild(std::unique_ptr<State> S);
    ~UnitBuild();
    /// The table and the unit a callback builds into.
    void handOut(const NevercMCAPI **OutMC, NevercMCUnitHandle *OutUnit);
    bool handedOut() const;
    /// A mutation is open (the callbacks are still building).
    bool open() const;
    /// Nothing was committed.
    bool empty() const;
    /// The steps committed so far, and the warning's words for dropping
    /// them ("the plugin's 2 committed steps are dropped").
    size_t steps() const;
    std::string dropped() const;
    /// What was committed defines \p Symbol (an llvm::MCSymbol) somewhere.
    bool defines(const void *Symbol) const;
    /// The callbacks returned: an open mutation is abandoned, the unit's
    /// handles expire.
    void close();
    /// Emits what was committed into the streamer; false: reported.
    bool emit();

  private:
    std::unique_ptr<State> S;
  };
  /// A build for task \p T into \p Streamer, whose instructions encode
  /// for \p STI; \p Phase names the phase in diagnostics. \p Subject,
  /// when given, is the symbol the build is for (a function's): the unit
  /// lists it first, so a builder that has no other way to learn its name
  /// finds it there. Null, with a warning the first time, when the
  /// streamer writes text (-S): built fragments are laid out by an object
  /// streamer only.
  std::unique_ptr<UnitBuild> beginBuild(core::Task &T,
                                        llvm::MCStreamer &Streamer,
                                        const llvm::MCSubtargetInfo &STI,
                                        const std::string &Phase,
                                        llvm::MCSymbol *Subject = nullptr);
  /// The LOCKSTEP MC schema digest of \p Triple's architecture.
  static std::string schemaDigest(const std::string &Triple);

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::mc

#endif
