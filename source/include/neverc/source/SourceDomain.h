//===- neverc/source/SourceDomain.h - The source / IO domain ----*- C++ -*-===//
//
// The three neverc.source.* phases, NevercIOAPI (27 slots) and
// NevercSourceLocationAPI (16 slots). No Clang or LLVM header here: the
// CompilerInstance is only forward-declared, so tools/neverc can include this
// without paying for Clang's headers.
//
// Life cycle (what tools/neverc does):
//   core::Host H; source::SourceDomain Source(H);   // publishes both tables
//   ... H.initialize() ...
//   per in-process cc1 job (DriverHooks::frontendStarting / Finished):
//     Source.attach(CI, TU);  ... Source.detach(CI, TU, Success);
//   Source.shutdown();  H.shutdown();   // DestroyUserData of VFS providers
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_SOURCE_SOURCEDOMAIN_H
#define NEVERC_SOURCE_SOURCEDOMAIN_H

#include "neverc/Plugin/PluginSource.h"
#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"
#include "neverc/core/SourceCodec.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace neverc::source {

/// Artifact 0x1001: one main input of a frontend job.
struct SourceInput {
  std::string Path; ///< as Clang's FrontendOptions name it ("-" = stdin)
  NevercSourceInputKind Kind = NEVERC_SOURCE_INPUT_FILE;
  /// A NevercDriverType value (PluginDriver.h): PP_C, C, C_HEADER, PP_ASM,
  /// ASM, LLVM_IR, LLVM_BC; INVALID for anything else.
  uint32_t Language = 0;
  bool System = false;
  bool Preprocessed = false;
};

/// Artifact 0x1002: the bytes a frontend job compiles for one input.
struct SourceUnit {
  std::string LogicalPath, CanonicalIdentity, ProviderID;
  std::shared_ptr<const std::string> Content; ///< never null once published
  bool MemoryBacked = false;
  bool System = false;
  bool Deterministic = true;
  bool Cacheable = true;
  uint64_t size() const { return Content ? Content->size() : 0; }
};

/// A RecordDependency record (full form; clang's .d only gets the path).
struct DependencyRecord {
  std::string CanonicalPath, ProviderID;
  std::vector<uint8_t> ContentDigest;
  NevercInputDependencyKind Kind = NEVERC_INPUT_DEPENDENCY_SOURCE;
  bool System = false;
  bool ReachedDependencyFile = false;
};

struct DomainState;

class SourceDomain final : public core::FrontendAttachment {
public:
  /// Publishes NevercIOAPI 1.0 (240 bytes) and NevercSourceLocationAPI 1.0
  /// (152 bytes) on \p H; call before Host::initialize().
  explicit SourceDomain(core::Host &H);
  ~SourceDomain() override; ///< calls shutdown()
  SourceDomain(const SourceDomain &) = delete;
  SourceDomain &operator=(const SourceDomain &) = delete;

  NevercStatus publishStatus() const;
  const NevercIOAPI &ioTable() const;
  const NevercSourceLocationAPI &locationTable() const;

  /// Before ExecuteCompilerInvocation: installs the VFS provider layer (only
  /// when providers, memory files or memory units exist), runs
  /// neverc.source.resolve_input / open / after_open for every input (only
  /// when one of them is observed), and binds the task's location and IO
  /// views to \p CI. Non-zero = the job fails (diagnostics were reported).
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  /// After ExecuteCompilerInvocation: unbinds \p CI (location handles of the
  /// task go stale). Returns 0.
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;
  uint32_t firstPhase() const override { return core::Phase_SOURCE_RESOLVE_INPUT; }

  /// Ends every VFS provider registration (DestroyUserData once each). Call
  /// before Host::shutdown(), which unloads the plugin modules. Idempotent.
  void shutdown();

  /// Location / range handles for other domains (prep, ast): \p Raw is
  /// clang::SourceLocation::getRawEncoding() of a location of the
  /// SourceManager of the CompilerInstance attached to \p T. A null handle
  /// when \p T is not attached.
  NevercSourceLocation encodeLocation(core::Task &T, uint64_t Raw);
  NevercSourceRange encodeRange(core::Task &T, uint64_t BeginRaw,
                                uint64_t EndRaw, bool TokenRange);
  /// The inverse of encodeLocation: the raw clang::SourceLocation encoding
  /// of a live location handle of \p T, or 0 (plugin diagnostics use it to
  /// print location and caret through Clang).
  uint64_t decodeLocation(core::Task &T, NevercSourceLocation L);
  /// The same for a range handle; false when it is not a live range of \p T.
  bool decodeRange(core::Task &T, NevercSourceRange R, uint64_t &Begin,
                   uint64_t &End, bool &Token);
  /// The four above as the codec the prep and AST domains take.
  core::SourceCodec codec();

  /// The dependency records of \p T (tests, build-system manifests).
  std::vector<DependencyRecord> dependencies(core::Task &T) const;
  /// The source units the open phase produced for \p T, in input order.
  std::vector<SourceUnit> units(core::Task &T) const;

  DomainState &state() { return *P; }

private:
  std::unique_ptr<DomainState> P;
  std::vector<std::shared_ptr<void>> Bindings; ///< one per attached compile
};

} // namespace neverc::source

#endif
