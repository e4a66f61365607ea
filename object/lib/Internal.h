//===- Internal.h - Shared pieces of the object domain ----------*- C++ -*-===//
//
// One ObjectJob per object going through the pipeline: the task it runs
// in, the payloads of the four object artifacts (input bytes, probe
// result, graph, image), the handle tables of its entities, and the
// mutations open on its graph. The domain keeps the registered formats
// (the built-in ELF, COFF and Mach-O ones first).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_LIB_INTERNAL_H
#define NEVERC_OBJECT_LIB_INTERNAL_H

#include "neverc/Plugin/PluginObject.h"
#include "neverc/core/DomainJobs.h"
#include "neverc/core/Handles.h"
#include "neverc/core/Host.h"
#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/object/BinaryStage.h"
#include "neverc/object/COFF.h"
#include "neverc/object/ELF.h"
#include "neverc/object/Foreign.h"
#include "neverc/object/Graph.h"
#include "neverc/object/MachO.h"
#include "neverc/object/ObjectDomain.h"
#include "neverc/object/TargetKey.h"

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace neverc::object {

using core::isOk;
using core::makeStatus;
using core::okStatus;
using core::writeOut;
inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Handle kinds of the object domain (the MC domain ends below 192).
enum class ObjectHandleKind : uint8_t {
  Graph = 192,
  Section,
  Symbol,
  Relocation,
  Comdat,
  Mutation,
  LayoutProof,
  Builder,
};
inline core::HandleKind hk(ObjectHandleKind K) { return core::HandleKind(K); }

struct FormatRecord;

/// TMO/0x7: the bytes to probe and read.
struct InputBox {
  std::string_view Bytes;
  std::string LogicalPath;
};
/// TMO/0x8: what probing found.
struct ProbeBox {
  uint32_t Confidence = 0;
  NevercObjectArtifactKind ArtifactKind = NEVERC_OBJECT_ARTIFACT_UNKNOWN;
  uint64_t ConsumedMinimum = 0;
  const FormatRecord *Format = nullptr; ///< the winner
};
/// TMO/0x9: the graph (owned by the job).
struct GraphBox {
  Graph *G = nullptr;
};
/// TMO/0xa: the image being written, then verified, then committed (the
/// bytes, bound and builder state are BinaryStage's).
struct ImageBox : BinaryStage {
  FormatID Format;
  uint64_t GraphGeneration = 0;
  std::string Provenance; ///< who wrote it ("neverc ELF writer", a plugin)
  bool HasLayoutReport = false;
  LayoutProof Report;
};

/// A format: built-in (ELF, COFF, Mach-O) or registered by a plugin.
struct FormatRecord {
  FormatID ID;
  std::string Name, DefaultExtension;
  std::vector<std::string> Aliases;
  std::vector<NevercInterfaceID> Targets;
  uint64_t Flags = 0; ///< NEVERC_OBJECT_FORMAT_CAN_*
  uint16_t Minor = 0; ///< the descriptor's: 1 understands write flags
  NevercObjectProbeFn Probe = nullptr;
  NevercObjectReaderFn Reader = nullptr;
  NevercObjectWriterFn Writer = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
  bool Builtin = false;
  /// The plugin that registered it (null for a built-in): diagnostics name
  /// it. The domain owns UserData once RegisterFormat succeeded and calls
  /// DestroyUserData when it goes (Impl's destructor).
  const core::Plugin *Owner = nullptr;
};

/// One object through the pipeline.
struct ObjectJob {
  explicit ObjectJob(core::Task &T);
  ~ObjectJob();
  core::Task &T;
  core::HandleScope Scope;
  std::string Path, Triple;
  InputBox In;
  ProbeBox Probe;
  std::unique_ptr<Graph> G;
  GraphBox GBox;
  ImageBox Image;
  /// NEVERC_OBJECT_WRITE_* bits the write is asked for (0: ordinary).
  uint64_t WriteFlags = 0;
  /// The graph's generation right after read: a write of a graph still at
  /// it may pass the original bytes through (formats without a writer).
  uint64_t ReadGeneration = 0;
  /// A callback the host calls outside the phase roles is running (a
  /// format reader or writer, a -r merge provider lent graphs): its
  /// mutations and builder writes are allowed whatever the task's role.
  bool InHostCallback = false;
  /// Set while graphs are lent (ObjectDomain::lendGraphs): the one graph
  /// that may change; the others are read-only.
  const Graph *Writable = nullptr;
  /// The object phase running now (0: none): the graph may change only in
  /// read, pre_write, post_layout and write.
  uint32_t Phase = 0;

  core::HandleTable<Graph *> Graphs;
  core::HandleTable<Section *> Sections;
  core::HandleTable<Symbol *> Symbols;
  core::HandleTable<Relocation *> Relocations;
  core::HandleTable<Comdat *> Comdats;
  core::HandleTable<Mutation *> Mutations;
  core::HandleTable<const LayoutProof *> Proofs;
  core::HandleTable<ImageBox *> Builders;
  core::PointerMap<NevercHandle> GraphOf, SectionOf, SymbolOf, RelocationOf,
      ComdatOf, ProofOf, BuilderOf;
  /// The graph generation each proof handle was minted for: a graph keeps
  /// one LayoutProof object and proves it again after a commit, so the
  /// address alone cannot tell an old proof from the new one.
  core::PointerMap<uint64_t> ProofGeneration;
  /// Open mutations (owned here; the handle names them).
  std::vector<std::unique_ptr<Mutation>> Open;
  /// The mutation the host opened for a format reader: the reader stages
  /// through it, but only the host ends it (endMutation).
  const Mutation *HostMutation = nullptr;

  /// Opens a mutation on \p G owned by the job and returns its handle; the
  /// null handle when \p G has one open already.
  NevercHandle openMutation(Graph &G);
  /// Forgets an ended (or still open: it is abandoned) mutation: its handle
  /// goes stale and it is destroyed.
  void endMutation(NevercHandle H);

  NevercHandle graph(Graph *P);
  NevercHandle section(Section *P);
  NevercHandle symbol(Symbol *P);
  NevercHandle relocation(Relocation *P);
  NevercHandle comdat(Comdat *P);
  NevercHandle proof(const LayoutProof *P);
  NevercHandle builder(ImageBox *P);
};

struct ObjectDomain::Impl final : BinaryStageResolver {
  explicit Impl(core::Host &H);
  ~Impl() override;
  NevercStatus resolveStage(NevercTaskHandle Task, NevercHandle Builder,
                            core::Task **T, BinaryStage **Out) override;
  /// Destroys the registered formats' UserData and drops them.
  void shutdownFormats();
  core::Host &H;
  NevercObjectAPI Object{};
  NevercObjectFormatAPI Format{};
  NevercObjectPhaseAPI Phase{};
  NevercMutableBinaryAPI Binary{};
  /// Built-ins first; registration order after them.
  std::vector<std::unique_ptr<FormatRecord>> Formats;
  core::JobRegistry<ObjectJob> Jobs;

  /// NEVERC_OBJECT_WRITE_* bits every write is asked for (-fobject-write=).
  uint64_t WriteFlags = 0;
  /// Images staged by another domain (ObjectDomain::setForeignImages).
  ForeignImages *Foreign = nullptr;
  /// How many of Formats are built in (the rest a plugin registered).
  size_t BuiltinFormats = 0;

  bool phaseActive(uint32_t Phase) const {
    return H.phases().at(Phase).Active;
  }
  /// Objects are read into a graph: a plugin on a graph phase, a
  /// registered format, or write flags.
  bool graphWanted() const;
  /// Objects go through the pipeline at all.
  bool active() const;
};


/// The pipeline over one object (Pipeline.cpp). Non-zero: failed.
int runPipeline(ObjectDomain::Impl &D, core::Task &T,
                ObjectDomain::Output &Out);

inline ObjectDomain::Impl &impl(void *Ctx) {
  return *static_cast<ObjectDomain::Impl *>(Ctx);
}
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}

/// The job of a task handle: INVALID_STATE when no object is in the
/// pipeline for it, STALE_HANDLE/WRONG_SCOPE/WRONG_SESSION for bad handles.
NevercStatus jobOf(ObjectDomain::Impl &D, NevercTaskHandle T, ObjectJob **Out);
/// Handle → entity, by kind (WRONG_TYPE, WRONG_SCOPE, STALE_HANDLE); an
/// erased or abandoned entity is STALE_HANDLE too.
template <class V>
NevercStatus lookup(ObjectDomain::Impl &D, ObjectJob &J,
                    core::HandleTable<V> &Table, NevercHandle H, V **Out) {
  return core::lookupScoped(Table, H, J.Scope, D.H, Out);
}
/// Whether the callback running now may change the graph: an interceptor
/// or provider of read/pre_write/post_layout, or a format reader.
/// POLICY_VIOLATION for an observer.
NevercStatus mayMutate(ObjectDomain::Impl &D, ObjectJob &J);
/// Outcome → status (and an error diagnostic naming \p Slot for refusals
/// that carry a message).
NevercStatus statusOf(ObjectDomain::Impl &D, const Outcome &O,
                      const char *Slot);
// Tables (lib/api/*.cpp).
void fillObjectAPI(NevercObjectAPI &T);
void fillObjectPhaseAPI(NevercObjectPhaseAPI &T);
void fillObjectFormatAPI(NevercObjectFormatAPI &T);

} // namespace neverc::object

#endif
