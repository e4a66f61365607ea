//===- ObjectDomain.h - The object phases in a compile ----------*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Runs the eight neverc.object.*
// phases on every object a compile writes, and publishes NevercObjectAPI,
// NevercObjectFormatAPI and NevercObjectPhaseAPI.
//
// How it joins a compile: attach() does nothing unless a plugin is on an
// object phase (or registered a format) and the cc1 writes an object. Then
// a proxy in front of the job's output backend holds the object LLVM
// writes; when Clang keeps it, the pipeline of ObjectPipeline.h runs over
// those bytes and the staged file gets what the pipeline committed. The
// assembler (cc1as) hands its object over through assembledObject().
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_OBJECTDOMAIN_H
#define NEVERC_OBJECT_OBJECTDOMAIN_H

#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"
#include "neverc/object/BinaryStage.h"

#include <memory>
#include <string>
#include <vector>

struct NevercObjectAPI;

namespace neverc::object {

class Graph;

/// Graphs another domain hands a plugin through NevercObjectAPI for one
/// callback (ObjectDomain::lendGraphs): read-only inputs, and an output
/// with the host's open mutation the plugin stages into.
struct LentGraphs {
  const NevercObjectAPI *API = nullptr;
  std::vector<NevercHandle> Inputs;
  NevercHandle Output{}, Mutation{};
};

class ObjectDomain final : public core::FrontendAttachment {
public:
  /// Publishes the domain's tables on \p H; call before Host::initialize().
  explicit ObjectDomain(core::Host &H);
  ~ObjectDomain() override;
  ObjectDomain(const ObjectDomain &) = delete;
  ObjectDomain &operator=(const ObjectDomain &) = delete;

  uint32_t firstPhase() const override;
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;

  /// The assembler path (cc1as): it holds its object when this domain is
  /// active and hands it over.
  bool holdsAssembledObject() override;
  int assembledObject(core::Task &TU, const std::string &Path,
                      const std::string &Triple, std::string &Bytes,
                      bool (*Commit)(void *Ctx, const std::string &B,
                                     std::string &Error),
                      void *CommitCtx) override;

  /// Whether objects go through the pipeline at all (a plugin on an object
  /// phase); with none, nothing is held back and nothing is read.
  bool active() const;

  /// An object on its way to its file.
  struct Output {
    std::string Path;   ///< where it is committed ("-" for stdout)
    std::string Triple; ///< the target it was made for
    std::string Bytes;  ///< what the writer (LLVM's, or a reader) made
    /// Writes \p Bytes to the staged file and renames it into place (the
    /// built-in of neverc.object.commit). False: \p Error says why.
    bool (*Commit)(void *Ctx, const std::string &Bytes, std::string &Error) =
        nullptr;
    void *CommitCtx = nullptr;
  };
  /// The object pipeline over \p Out: probe, read, pre_write, post_layout,
  /// write, post_write, final_verify, commit (which calls Out.Commit).
  /// Non-zero: failed (reported); nothing was committed.
  int processObject(core::Task &TU, Output &Out);

  /// NEVERC_OBJECT_WRITE_* bits every object write is asked for
  /// (-fobject-write=); checked when a write runs, before it opens the
  /// output (rule 12). Non-zero makes objects go through the graph.
  void setWriteFlags(uint64_t Flags);

  /// A domain whose images NevercObjectPhaseAPI.GetImage serves too (the
  /// code-generation route's products); it must outlive this domain's use.
  void setForeignImages(ForeignImages *F);

  /// Lends \p Inputs (read-only) and \p Output (with a mutation the host
  /// opened and alone ends) to \p Fn in task \p T, which has no object in
  /// the pipeline: their handles are \p T's while \p Fn runs and stale
  /// after. When \p Fn succeeds the mutation is committed (a refused
  /// commit is VERIFICATION_FAILED, \p Error says why); when it fails,
  /// abandoned. An object-merge provider (-r) is served this way.
  NevercStatus lendGraphs(core::Task &T, const std::vector<Graph *> &Inputs,
                          Graph &Output,
                          NevercStatus (*Fn)(void *Ctx, const LentGraphs &L),
                          void *Ctx, std::string &Error);

  /// Destroys what registered formats own (their UserData); call before
  /// the host unloads the plugins that registered them.
  void shutdown();

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::object

#endif
