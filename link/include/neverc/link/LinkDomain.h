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
  /// -fuse-ld=neverc: links go to the graph linker (the thirteen
  /// fine-grained phases), plugin or not. Without it, they do when a
  /// plugin is on one of those phases.
  void useGraphLinker(bool On);

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
  /// The link pipeline over \p L in task \p T (a NEVERC_TASK_LINK task).
  /// Returns the link's exit code; non-zero when a phase failed (reported)
  /// and then nothing was committed.
  int runLink(core::Task &T, Link &L);

  /// Destroys what registered providers and verifiers own (their
  /// UserData); call before the host unloads the plugins.
  void shutdown();

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::link

#endif
