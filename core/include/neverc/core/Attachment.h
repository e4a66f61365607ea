//===- Attachment.h - How a frontend domain joins a compile -----*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Every domain that takes part in an
// in-process cc1 implements FrontendAttachment; tools/neverc builds one list
// of them at start-up (empty when no plugin is loaded), ordered by the phase
// graph, and calls each in turn. Adding a domain adds a list entry, not a
// hook in the tool.
//
// Two moments exist: attach() before the cc1 action is created (VFS layers,
// output managers, preprocessor callbacks) and, for the domains in the AST
// consumer pipeline (syntax/sema, then IR), wrapAction(): the frontend
// action Clang would run is handed over and the domain returns the action
// that runs in its place (a WrapperFrontendAction around it).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_ATTACHMENT_H
#define NEVERC_CORE_ATTACHMENT_H

#include <cstdint>
#include <string>

namespace clang {
class CompilerInstance;
class FrontendAction;
} // namespace clang

namespace neverc::core {

class Task;

/// What an in-process assembler job parses, LLVM-free: the source and the
/// LLVM objects behind it (opaque here; the MC domain knows their types).
struct AssemblySource {
  const char *Identifier = nullptr; ///< the input's name
  const char *Buffer = nullptr;
  uint64_t Size = 0;
  bool Preprocessed = false; ///< a .S the preprocessor rendered first
  void *Streamer = nullptr;  ///< llvm::MCStreamer the parse feeds
  void *SourceMgr = nullptr; ///< llvm::SourceMgr holding Buffer
  void *AsmInfo = nullptr;   ///< const llvm::MCAsmInfo
  /// LLVM's own parser over the buffer; true when it failed.
  bool (*Parse)(void *Ctx) = nullptr;
  void *ParseCtx = nullptr;
};

class FrontendAttachment {
public:
  virtual ~FrontendAttachment();
  /// The lowest phase index (PhaseGraph order) the domain owns: the list is
  /// sorted by it, so the domains attach in pipeline order.
  virtual uint32_t firstPhase() const = 0;
  /// Before the action is created. Non-zero fails the job (reported).
  virtual int attach(clang::CompilerInstance &CI, Task &TU) = 0;
  /// After the action ran; \p Success is its result. Non-zero turns a
  /// success into a failure (the cause is already reported).
  virtual int detach(clang::CompilerInstance &CI, Task &TU, bool Success) = 0;
  /// An in-process cc1as job (no CompilerInstance) is about to assemble for
  /// \p Triple, writing an object when \p WritesObject. Only the domains
  /// that run inside LLVM's assembler (MC) take part. Non-zero fails it.
  virtual int attachAssembler(const char *Triple, bool WritesObject,
                              Task &TU) {
    (void)Triple, (void)WritesObject, (void)TU;
    return 0;
  }
  /// The job's parser is about to read \p Src (neverc.assembly.parse).
  /// Returns 1 when this domain ran the parse (\p Failed says how it went),
  /// 0 to leave it to the next domain or, last, to LLVM's parser.
  virtual int parseAssembly(Task &TU, AssemblySource &Src, bool &Failed) {
    (void)TU, (void)Src, (void)Failed;
    return 0;
  }
  /// Whether this domain takes the object an assembler job writes: the job
  /// then holds it in memory and hands it to assembledObject().
  virtual bool holdsAssembledObject() { return false; }
  /// The object (\p Bytes) the assembler job wrote for \p Path: the domain
  /// commits it through \p Commit (which writes the staged file and renames
  /// it) or fails. Non-zero: failed, the cause reported, nothing committed.
  virtual int assembledObject(Task &TU, const std::string &Path,
                              const std::string &Triple, std::string &Bytes,
                              bool (*Commit)(void *Ctx, const std::string &B,
                                             std::string &Error),
                              void *CommitCtx) {
    (void)TU, (void)Path, (void)Triple, (void)Bytes, (void)Commit,
        (void)CommitCtx;
    return 0;
  }
  /// The same job assembled (\p Success); non-zero fails it.
  virtual int detachAssembler(Task &TU, bool Success) {
    (void)TU, (void)Success;
    return 0;
  }
  /// Whether wrapAction() has work for this compile. Most domains never
  /// wrap; the cc1 then runs exactly as clang's ExecuteCompilerInvocation.
  virtual bool wrapsAction(clang::CompilerInstance &, Task &) { return false; }
  /// The action to run instead of \p Inner (only called when wrapsAction()
  /// said so). Ownership moves both ways: the domain takes \p Inner (the
  /// returned action owns it) and the caller takes the result. Raw pointers
  /// because only the wrapping domains see the Clang type complete.
  virtual clang::FrontendAction *wrapAction(clang::CompilerInstance &,
                                            Task &,
                                            clang::FrontendAction *Inner) {
    return Inner;
  }
};

} // namespace neverc::core

#endif
