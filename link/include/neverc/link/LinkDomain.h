//===- LinkDomain.h - The link phases in a neverc run -----------*- C++ -*-===//
//
// LLVM-free. Runs the neverc.link.* phases around a link and publishes
// NevercLinkAPI, NevercLinkRegistrarAPI and NevercLinkPhaseAPI.
//
// How it joins a run: the driver hands every in-process link (lld's command
// line) to runLink(). With no plugin on a link phase and no registered
// linker provider or image verifier, nothing happens there: lld links
// straight into the output, as clang-22 with -fuse-ld=lld does. Otherwise
// the whole-link route runs: neverc.link.full (lld, in process, writing
// into a private staging directory; or a plugin's linker provider),
// post_emit, the sealed image_verify and side_outputs_verify, the sealed
// commit (the image and its side outputs are renamed into place; a failed
// or killed link leaves none of them) and the after_commit event.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_LINKDOMAIN_H
#define NEVERC_LINK_LINKDOMAIN_H

#include "neverc/core/Host.h"

#include <memory>
#include <string>
#include <vector>

namespace neverc::object {
class ObjectDomain;
}

namespace neverc::link {

class LinkDomain {
public:
  /// Publishes the domain's tables on \p H; call before Host::initialize().
  explicit LinkDomain(core::Host &H);
  ~LinkDomain();
  LinkDomain(const LinkDomain &) = delete;
  LinkDomain &operator=(const LinkDomain &) = delete;

  /// Whether links go through the phases at all.
  bool active() const;
  /// Which linker the command line chose.
  enum class Linker : uint8_t {
    /// None named: the graph linker, through the thirteen fine-grained
    /// phases when a plugin watches them; lld for what it does not make
    /// yet, and when a plugin is on neverc.link.full (lld's whole link).
    Default,
    /// -fuse-ld=neverc: the graph linker, plugin or not; what it does not
    /// make yet is an error naming it.
    Graph,
    /// -fuse-ld=lld (or --ld-path=): lld, unless a plugin is on one of the
    /// thirteen fine-grained phases.
    Named,
  };
  void chooseLinker(Linker L);

  /// One link, as the driver would run it.
  struct Link {
    /// The linker's command line (GNU ld syntax); Argv[0] is "ld.lld" for
    /// lld in process, the linker's path for a spawned one (GNU ld).
    std::vector<std::string> Argv;
    /// The target the driver links for (an LLVM triple).
    std::string Triple;
    /// Runs the linker over a command line; returns its exit code.
    int (*RunLld)(const std::vector<std::string> &Argv) = nullptr;
  };
  /// Whether \p L goes through the phases: active(), or a plugin's IR
  /// phases and bitcode to run them on (LtoIR below).
  bool watches(const Link &L) const;
  /// The link pipeline over \p L in task \p T (a NEVERC_TASK_LINK task).
  /// Returns the link's exit code; non-zero when a phase failed (reported)
  /// and then nothing was committed.
  int runLink(core::Task &T, Link &L);
  /// A link no plugin watches (!active()): no task, no phase; the linker
  /// the command line chose (the graph linker when it named none).
  int runUnwatched(Link &L);

  /// What runs plugins' IR pass phases inside LTO (the IR domain; the
  /// tool wires it: link does not depend on ir). With one active, a link
  /// with bitcode goes through the phases, and its lto_generate runs the
  /// IR phases on every module LTO optimises, in a NEVERC_TASK_LTO task.
  struct LtoIR {
    virtual ~LtoIR() = default;
    /// A plugin is on an IR pass phase.
    virtual bool active() const = 0;
    /// A plugin is on ir.pass.pipeline_start or optimizer_last (LTO's
    /// pipeline is then built where their callbacks can join it).
    virtual bool ownsPipeline() const = 0;
    /// ir.pass.pre_opt (0), post_opt (1), pre_codegen (2) over \p Module.
    virtual bool runStage(core::Task &T, int Stage, void *Module,
                          unsigned OptLevel) = 0;
    /// The extension points, on \p PassBuilder (an llvm::PassBuilder).
    virtual void extendPipeline(core::Task &T, void *PassBuilder) = 0;
  };
  void setLtoIR(LtoIR *IR);
  /// The object domain that lends a -r link's objects to an object-merge
  /// provider as NevercObjectAPI graphs; without one, merge providers are
  /// refused (CAPABILITY_UNAVAILABLE).
  void setObjectDomain(object::ObjectDomain *O);

  /// Destroys what registered providers and verifiers own (their
  /// UserData); call before the host unloads the plugins.
  void shutdown();

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::link

#endif
