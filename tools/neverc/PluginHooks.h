//===- PluginHooks.h - The driver hooks that run the plugin phases -*- C++ -*-===//
//
// Bridges the Clang-side driver (neverc/driver/Driver.h) to the plugin side
// (neverc/driver/DriverDomain.h): each hook converts the driver's data into
// the domain model, runs the phase through the host, and hands back what
// interceptors and providers made of it. A hook whose phase has no
// registration returns at once: no conversion, no copy.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TOOLS_NEVERC_PLUGINHOOKS_H
#define NEVERC_TOOLS_NEVERC_PLUGINHOOKS_H

#include "neverc/core/Host.h"
#include "neverc/driver/Driver.h"
#include "neverc/driver/DriverDomain.h"
#include "neverc/ast/ASTDomain.h"
#include "neverc/core/Attachment.h"
#include "neverc/link/LinkDomain.h"
#include "neverc/object/ObjectDomain.h"
#include "neverc/source/SourceDomain.h"

#include <vector>

namespace neverc {

/// The host's diagnostic sink: clang-style on stderr, except while a
/// translation unit compiles, when it reports through that compile's
/// DiagnosticsEngine.
class SwitchableSink final : public core::DiagnosticSink {
public:
  SwitchableSink() : Stderr(stderr), Current(&Stderr) {}
  void report(const core::Diagnostic &D) override {
    if (D.Severity >= NEVERC_DIAGNOSTIC_ERROR)
      ++Errors;
    Current->report(D);
  }
  /// Errors and fatal errors reported so far, by plugins and the host.
  uint32_t errors() const { return Errors; }
  void use(std::unique_ptr<core::DiagnosticSink> S) {
    Scoped = std::move(S);
    Current = Scoped ? Scoped.get() : &Stderr;
  }

private:
  core::StreamDiagnosticSink Stderr;
  std::unique_ptr<core::DiagnosticSink> Scoped;
  core::DiagnosticSink *Current;
  uint32_t Errors = 0;
};

/// The frontend domains that attach to every in-process cc1, in phase
/// graph order (built once at start-up; empty when no plugin is loaded),
/// and the source domain, whose location handles plugin diagnostics carry.
struct FrontendDomains {
  source::SourceDomain *Source = nullptr;
  ast::ASTDomain *AST = nullptr; ///< makes the fix-its diagnostics carry
  /// Object files given to a link go through its phases (inputObjects).
  object::ObjectDomain *Object = nullptr;
  /// Links go through its phases (runLink).
  link::LinkDomain *Link = nullptr;
  std::vector<core::FrontendAttachment *> Attached;
};

class PluginHooks final : public driver::DriverHooks {
public:
  PluginHooks(core::Host &H, driver::DriverDomain &D, FrontendDomains F,
              core::Session &S, core::Task &Invocation, SwitchableSink &Sink)
      : H(H), D(D), F(F), S(S), Invocation(Invocation), Sink(Sink) {}

  int rawArguments(std::vector<driver::RawArgument> &Argv) override;
  int parsedArguments(std::vector<driver::OptionOccurrence> &Occ) override;
  int selectToolChain(driver::ToolChainInfo &TC) override;
  int buildActions(driver::ActionGraph &Graph) override;
  int buildJobs(std::vector<driver::JobInfo> &Jobs) override;
  int executeJob(const driver::JobInfo &Job, driver::JobResult &Result,
                 const std::function<void(driver::JobResult &)> &RunBuiltin)
      override;
  int frontendStarting(clang::CompilerInstance &CI,
                       const driver::JobInfo &Job) override;
  int frontendFinished(clang::CompilerInstance &CI, bool Success) override;
  int assemblerStarting(clang::DiagnosticsEngine &Diags,
                        const std::string &Triple, bool WritesObject,
                        const driver::JobInfo &Job) override;
  int assemblerFinished(bool Success) override;
  bool assemblerHoldsObject() override;
  int assemblerObject(const std::string &Path, const std::string &Triple,
                      std::string &Bytes,
                      bool (*Commit)(void *, const std::string &,
                                     std::string &),
                      void *CommitCtx) override;
  bool assemblerParse(core::AssemblySource &Src) override;
  int runLink(const driver::JobInfo &Job, std::vector<std::string> &Argv,
              int (*RunLld)(const std::vector<std::string> &)) override;
  bool runsSpawnedLinks() override { return F.Link && F.Link->active(); }
  bool wrapsFrontendAction(clang::CompilerInstance &CI) override;
  clang::FrontendAction *wrapFrontendAction(clang::CompilerInstance &CI,
                                            clang::FrontendAction *Inner)
      override;

  ~PluginHooks() override;

private:
  /// Object files a link job takes from the command line go through the
  /// object phases first: a plugin job per file (before the link) writes
  /// what the pipeline committed to a temporary file the link reads
  /// instead.
  void inputObjects(std::vector<driver::JobInfo> &Jobs);
  /// neverc.driver.build_jobs over the jobs clang built.
  int buildJobsPhase(std::vector<driver::JobInfo> &Jobs);
  int runInputObject(const std::string &Path, const std::string &Staged);
  /// The members of the archive \p Bytes read from \p Path, each through
  /// the pipeline; the archive (rebuilt if a member changed) into \p Staged.
  int runInputArchive(const std::string &Path, const std::string &Bytes,
                      const std::string &Staged);
  /// Reports an input object's or archive's error; returns 1.
  int inputError(std::string Message);
  using ObjectCommit = bool (*)(void *Ctx, const std::string &Bytes,
                                std::string &Error);
  /// One object task over \p Bytes (named \p Path in diagnostics).
  int runObjectPipeline(const std::string &Path, std::string Bytes,
                        ObjectCommit Commit, void *CommitCtx);
  std::vector<std::string> InputTemps; ///< removed when the hooks go
  bool observed(uint32_t Phase) const { return H.phases().at(Phase).Active; }
  int fail(uint32_t Phase, NevercStatus S, uint32_t ErrorsBefore);
  /// -1 (stop, already reported) when an error was reported since
  /// \p Before: the driver then stops before the next job and drops the
  /// current job's outputs.
  int errorsSince(uint32_t Before) const {
    return Sink.errors() > Before ? -1 : 0;
  }
  /// The argument phases (raw and parsed): \p List as a model, edited in
  /// place by \p Run, converted back by \p FromModel after a committed edit.
  template <class List, class RunFn, class BackFn>
  int argumentPhase(uint32_t Phase, List &L, RunFn &&Run, BackFn &&FromModel);

  core::Host &H;
  driver::DriverDomain &D;
  FrontendDomains F;
  core::Session &S;
  core::Task &Invocation;
  SwitchableSink &Sink;
  core::Task *TU = nullptr; ///< the translation unit compiling now
  /// The action graph after build_actions, kept only when build_jobs is
  /// observed (its verifier checks jobs' source actions against it).
  driver::api::ActionGraph Actions;
};

} // namespace neverc

#endif
