//===- Internal.h - Shared pieces of the link domain ------------*- C++ -*-===//
//
// One LinkJob per link going through the phases: the task it runs in, the
// request parsed from lld's command line (Request.cpp), the candidate
// image and its side outputs (Pipeline.cpp), the facts read from the
// image (Image.cpp) and the handle tables the C tables hand out. The
// domain keeps the registered linker providers and image verifiers.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_LIB_INTERNAL_H
#define NEVERC_LINK_LIB_INTERNAL_H

#include "neverc/Plugin/PluginLTO.h"
#include "neverc/Plugin/PluginLTOCodegen.h"
#include "neverc/Plugin/PluginLink.h"
#include "neverc/core/DomainJobs.h"
#include "neverc/core/Handles.h"
#include "neverc/core/Host.h"
#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/link/Image.h"
#include "neverc/link/LinkDomain.h"
#include "neverc/link/LinkGraph.h"
#include "neverc/link/Request.h"
#include "neverc/object/BinaryStage.h"
#include "neverc/object/ObjectDomain.h"

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace neverc::link {

using core::isOk;
using core::makeStatus;
using core::okStatus;
using core::writeOut;
inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Handle kinds of the link domain (the object domain ends below 208).
enum class LinkHandleKind : uint8_t {
  Request = 208,
  Graph,
  Input,
  Archive,
  ArchiveMember,
  SharedLibrary,
  BitcodeModule,
  Section,
  Atom,
  Symbol,
  Edge,
  Comdat,
  Import,
  Export,
  Unwind,
  Synthetic,
  Constraint,
  Mutation,
  Proof,
  Image,
  Segment,
  ImageSection,
  Bundle,
  Builder,
  LtoRequest,
  LtoModule,
  LtoResolution,
  LtoObject,
};
inline core::HandleKind hk(LinkHandleKind K) { return core::HandleKind(K); }

/// LNK/0xe..0x11: the image and, through the phases after the emit, its
/// side outputs (the output bundle).
struct ImageBox : object::BinaryStage {
  std::string Provenance; ///< "lld", or the provider that made it
  /// The facts of the bytes (read when asked; LinkJob::facts).
  ImageFacts Facts;
  bool FactsValid = false;
  std::string FactsError;
};

/// What every provider registration keeps from its descriptor (linker,
/// object-merge and LTO providers: the same fields, by name).
struct ProviderRecord {
  std::string ID, CompatibilityKey;
  NevercTargetID TargetID{};
  NevercInterfaceID ProductID{};
  uint64_t Flags = 0;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
  const core::Plugin *Owner = nullptr;
  template <class Desc>
  void take(std::string Id, const Desc &F, const core::Plugin *By) {
    ID = std::move(Id);
    if (F.CompatibilityKey.Length)
      CompatibilityKey.assign(F.CompatibilityKey.Data,
                              F.CompatibilityKey.Length);
    TargetID = F.TargetID;
    ProductID = F.ProductID;
    Flags = F.Flags;
    UserData = F.UserData;
    DestroyUserData = F.DestroyUserData;
    Owner = By;
  }
};
struct LinkerProvider : ProviderRecord {
  NevercInterfaceID InputFormat{}, OutputFormat{};
  uint32_t OutputKind = 0;
  NevercLinkerProviderFn Link = nullptr;
  NevercBinaryImageVerifierFn VerifyImage = nullptr;
};
/// A -r merge provider (api/Registrar.cpp registers it, Pipeline.cpp
/// calls it from neverc.link.object_merge).
struct MergeProvider : ProviderRecord {
  NevercObjectFormatID FormatID{};
  NevercObjectMergeProviderFn Merge = nullptr;
};
/// An LTO codegen provider (api/LTO.cpp registers it, api/LTOProvider.cpp
/// calls it). Flags: NEVERC_LTO_PROVIDER_*.
struct LtoProvider : ProviderRecord {
  NevercLTOBuildCacheKeyFn BuildCacheKey = nullptr;
  NevercLTOCodegenFn Codegen = nullptr;
};
struct ImageVerifier {
  std::string ID;
  NevercInterfaceID TargetID{}, FormatID{};
  uint32_t OutputKind = 0;
  NevercBinaryImageVerifierFn Verify = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
  const core::Plugin *Owner = nullptr;
};

/// One link through the phases.
struct LinkJob {
  explicit LinkJob(core::Task &T);
  core::Task &T;
  core::HandleScope Scope;
  std::string Triple;
  LinkRequestModel Req;
  ImageBox Image;
  /// The link phase running now (0: none).
  uint32_t Phase = 0;
  /// The provider serving neverc.link.full for this link (null: lld).
  const LinkerProvider *Provider = nullptr;
  /// The provider serving neverc.link.object_merge (null: the built-in).
  const MergeProvider *Merger = nullptr;

  /// The C view of the request (filled once, by fillRequest), with the
  /// arrays its views point into.
  NevercLinkRequest CRequest{};
  std::vector<NevercRawLinkInput> CInputs;
  std::vector<NevercStringView> CSearchPaths, CLibraries;
  void fillRequest();

  /// The fine-grained route's graph (null on the whole-link route): the
  /// payload of the graph artifacts LNK/2..LNK/0xd.
  std::unique_ptr<LinkGraph> Graph;
  /// Handles of the graph and its entities, minted on first use; the value
  /// kept in a table is the entity's index + 1.
  NevercHandle GraphHandle{};
  std::vector<NevercHandle> InputHandles, LibraryHandles, SectionHandles2,
      AtomHandles, SymbolHandles, ArchiveHandles, MemberHandles;
  NevercHandle graph();
  /// The open mutation (one at a time), what it staged, and its handle.
  struct StagedChange {
    enum Kind : uint8_t {
      Root,
      Live,
      Content,
      Leader,
      Retarget,
      Rebind,
      Resolution,
      ConstraintNew,
      ConstraintSet,
      ConstraintErase,
      SyntheticNew,
      SyntheticSet,
      SyntheticErase
    } K;
    uint32_t Index = 0;
    bool Flag = false;
    int32_t Other = -1;
    std::string Bytes;
    uint64_t ZeroFill = 0;
    /// Retarget: the relocation and its new target (a global or an atom).
    const void *Reloc = nullptr; ///< (LinkGraph::Retargets' key)
    int32_t Global = -1, Atom = -1;
    /// Resolution: the binding and visibility (Flag: exported).
    uint32_t Binding = 0, Visibility = 0;
    /// ConstraintSet: the new fields.
    LinkGraph::LayoutConstraint Constraint{};
    /// SyntheticSet: the new name and atom.
    LinkGraph::MadeSynthetic Synthetic{};
  };
  bool MutationOpen = false;
  std::vector<StagedChange> Staged;
  NevercHandle MutationHandle{};
  /// The phase of the last committed mutation (NevercLinkOrigin).
  NevercInterfaceID LastMutationPhase{};
  /// Strings the infos point into that the graph does not hold.
  std::deque<std::string> Reasons;
  /// The live constraints (indexes into LinkGraph::Constraints) and the
  /// linker-made output sections (Synthetic), listed when asked for.
  std::vector<uint32_t> ConstraintList, SyntheticList;
  uint64_t ConstraintListKey = ~uint64_t(0), SyntheticListKey = ~uint64_t(0);
  std::vector<NevercHandle> ConstraintHandles, SyntheticHandles;
  /// The plugins' synthetics (LinkGraph::MadeSynthetics) listed, live ones
  /// after the linker's, and their handles (tagged values in Synthetics).
  std::vector<uint32_t> MadeList;
  uint64_t MadeListKey = ~uint64_t(0);
  std::vector<NevercHandle> MadeHandles;
  /// The edges (atom, relocation index), listed when first asked for.
  std::vector<std::pair<uint32_t, uint32_t>> EdgeList;
  uint64_t EdgeListKey = ~uint64_t(0); ///< generation and state it lists
  std::vector<NevercHandle> EdgeHandles, ComdatHandles, ImportHandles,
      ExportHandles, UnwindHandles;
  /// The unwind entries (an .eh_frame atom, an FDE's offset in it), listed
  /// when first asked for, like the edges.
  std::vector<std::pair<uint32_t, uint32_t>> UnwindList;
  uint64_t UnwindListKey = ~uint64_t(0);

  // The handles this link hands out. The graph tables stay empty until the
  // fine-grained route builds a link graph: every graph handle a plugin
  // shows is then one no graph issued (link/README.md).
  core::HandleTable<LinkJob *> Requests;
  core::HandleTable<void *> Graphs, Inputs, Archives, ArchiveMembers,
      SharedLibraries, BitcodeModules, Sections, Atoms, Symbols, Edges, Comdats,
      Imports, Exports, Unwinds, Synthetics, Constraints, Mutations;
  /// Skip proofs (the task's proof handles name them): step Step is a
  /// no-op on the graph at Generation, State and Digest (api/Phase.cpp).
  struct ProofPin {
    uint32_t Step = 0, State = 0;
    uint64_t Generation = 0;
    uint8_t Digest[32] = {};
    NevercHandle Proof{}; ///< the proof naming it (asked again: the same)
  };
  std::deque<ProofPin> Pins;
  /// The pin a proof's payload names (null: not one of this link's).
  const ProofPin *pinOf(const void *Payload) const {
    for (const ProofPin &P : Pins)
      if (&P == Payload)
        return &P;
    return nullptr;
  }
  core::HandleTable<ImageBox *> Images, Builders, Bundles;
  /// Segment and section handles name (generation, index) of the facts.
  core::HandleTable<uint64_t> Segments, ImageSections;
  std::vector<NevercHandle> SegmentHandles, SectionHandles;

  NevercHandle request();
  NevercHandle image() { return core::mintCached(Images, ImageOf, &Image, &Image); }
  NevercHandle builder() {
    return core::mintCached(Builders, BuilderOf, &Image, &Image);
  }
  NevercHandle bundle() {
    return core::mintCached(Bundles, BundleOf, &Image, &Image);
  }
  /// The image's facts for its current bytes (re-read after a change; the
  /// segment and section handles of older bytes go stale).
  const ImageFacts *facts();
  uint64_t FactsGenerationOf = 0;
  bool FactsRead = false;
  core::PointerMap<NevercHandle> ImageOf, BuilderOf, BundleOf;
  NevercHandle RequestHandle{};

  // NevercLTOAPI (api/LTO.cpp): the LTO request of this link's bitcode,
  // its modules (one per bitcode file) and resolutions; a table keeps the
  // index + 1. The C views the request snapshot points into are rebuilt
  // when the graph's generation or state moves (LtoKey).
  core::HandleTable<void *> LtoRequests{hk(LinkHandleKind::LtoRequest), Scope},
      LtoModules{hk(LinkHandleKind::LtoModule), Scope},
      LtoResolutions{hk(LinkHandleKind::LtoResolution), Scope};
  NevercHandle LtoRequestHandle{};
  std::vector<NevercHandle> LtoModuleHandles, LtoResolutionHandles,
      BitcodeHandles;
  std::vector<NevercLTOInputModuleInfo> CLtoModules;
  std::vector<NevercLTOSymbolResolution> CLtoResolutions;
  std::vector<std::string> LtoFeatures, LtoDigests, LtoLayouts;
  uint64_t LtoKey = ~uint64_t(0);

  // NevercLTOCodegenAPI (api/LTOProvider.cpp), while a provider's Codegen
  // runs: the objects the built-in made for it or it handed over (a table
  // keeps the index + 1; every handle is dropped when Codegen returns).
  struct LtoObject {
    std::string Name;
    std::string_view Bytes;
    std::shared_ptr<const void> Owner; ///< keeps Bytes
  };
  core::HandleTable<void *> LtoObjects{hk(LinkHandleKind::LtoObject), Scope};
  std::deque<LtoObject> LtoObjectBoxes; ///< stable: views point in
  std::vector<NevercLTOObjectProduct> CLtoBuiltin;
  bool InLtoCodegen = false, LtoBuiltinRan = false;
};

struct LinkDomain::Impl final : object::BinaryStageResolver {
  explicit Impl(core::Host &H);
  ~Impl() override;
  NevercStatus resolveStage(NevercTaskHandle Task, NevercHandle Builder,
                            core::Task **T,
                            object::BinaryStage **Out) override;
  void shutdownProviders();

  core::Host &H;
  NevercLinkAPI Link{};
  NevercLinkRegistrarAPI Registrar{};
  NevercLinkPhaseAPI Phase{};
  NevercMutableBinaryAPI Binary{};
  NevercLTOAPI LTO{};
  NevercLTORegistrarAPI LTORegistrar{};
  std::vector<std::unique_ptr<LinkerProvider>> Providers;
  std::vector<std::unique_ptr<ImageVerifier>> Verifiers;
  std::vector<std::unique_ptr<LtoProvider>> LtoProviders;
  std::vector<std::unique_ptr<MergeProvider>> MergeProviders;
  /// Lends the link's objects to a merge provider (null: no object domain,
  /// and merge providers are refused).
  object::ObjectDomain *Objects = nullptr;
  NevercLTOCodegenAPI LTOCodegen{};
  core::JobRegistry<LinkJob> Jobs;

  bool phaseActive(uint32_t P) const { return H.phases().at(P).Active; }
  bool active() const;
  /// What the command line chose (LinkDomain::Linker).
  LinkDomain::Linker Choice = LinkDomain::Linker::Default;
  /// Plugins' IR phases inside LTO (null: none wired).
  LinkDomain::LtoIR *IR = nullptr;
  /// Whether a plugin is on one of the graph linker's thirteen steps.
  bool stepsActive() const;
  /// Whether \p L goes to the graph linker because nothing chose another:
  /// no linker named, an lld line, no plugin on neverc.link.full.
  bool graphByDefault(const LinkDomain::Link &L) const;
};

/// The object-merge provider serving \p J's -r link (null: the built-in
/// merge, or not a -r link).
const MergeProvider *mergeProviderFor(LinkDomain::Impl &D, const LinkJob &J);
/// neverc.link.object_merge through J.Merger (api/MergeProvider.cpp): the
/// merged object in the graph's Merged and Image, or an error reported
/// naming the provider.
NevercStatus provideMerge(LinkDomain::Impl &D, LinkJob &J);

inline LinkDomain::Impl &impl(void *Ctx) {
  return *static_cast<LinkDomain::Impl *>(Ctx);
}
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}
/// The job of a task handle: INVALID_STATE when no link runs in it.
NevercStatus jobOf(LinkDomain::Impl &D, NevercTaskHandle T, LinkJob **Out);
template <class V>
NevercStatus lookup(LinkDomain::Impl &D, LinkJob &J,
                    core::HandleTable<V> &Table, NevercHandle H, V **Out) {
  return core::lookupScoped(Table, H, J.Scope, D.H, Out);
}
/// The built-in target ID of an LLVM triple (zero: none).
NevercTargetID targetIDOf(const std::string &Triple);
/// The ELF format ID (the object domain's).
NevercObjectFormatID elfFormatID();
bool sameID(const NevercInterfaceID &A, const NevercInterfaceID &B);
/// SHA-256 of \p Text into \p Out.
void digestOf(std::string_view Text, uint8_t (&Out)[32]);
inline bool nullID(const NevercInterfaceID &A) { return !A.High && !A.Low; }

/// The semantic digest of \p J's graph as it is (NevercLinkGraphInfo's,
/// and what a skip proof pins).
void graphDigest(const LinkJob &J, uint8_t (&Out)[32]);
/// Whether a skip proof (a ProofPin) still holds: the graph is the one it
/// was issued for and its step still has nothing to do. Reports a remark
/// when it does not (the step then runs: spec §6.3).
bool proofHolds(LinkDomain::Impl &D, LinkJob &J, const void *Pin);

/// The pipeline over one link (Pipeline.cpp): the exit code.
int runPipeline(LinkDomain::Impl &D, core::Task &T, LinkDomain::Link &L,
                LinkRequestModel Req);

// Tables (lib/api/*.cpp).
void fillLinkAPI(NevercLinkAPI &T);
/// The graph slots of NevercLinkAPI (api/Graph.cpp).
void fillGraphSlots(NevercLinkAPI &T);
void fillLinkPhaseAPI(NevercLinkPhaseAPI &T);
void fillLinkRegistrarAPI(NevercLinkRegistrarAPI &T);
void fillLTOAPI(NevercLTOAPI &T);                   // api/LTO.cpp
void fillLTORegistrarAPI(NevercLTORegistrarAPI &T); // api/LTO.cpp
void fillLTOCodegenAPI(NevercLTOCodegenAPI &T);     // api/LTOProvider.cpp
/// The LTO request snapshot of \p J's link (NevercLTOAPI.GetRequest with
/// a null handle): NOT_FOUND before lto_resolve or without bitcode.
NevercStatus fillLtoRequest(LinkDomain::Impl &D, LinkJob &J,
                            NevercTaskHandle Task, NevercLTORequest &R);
/// Whether a registered LTO provider would serve a link (for the choice
/// of route: such a link never falls back to lld).
bool ltoProviderWanted(const LinkDomain::Impl &D, const LinkRequestModel &Req);
/// lto_generate's code generation for \p J's graph: the first registered
/// provider serving the request's mode and target, else the built-in.
bool provideLto(LinkDomain::Impl &D, LinkJob &J, std::vector<lto::Product> &Out,
                std::string &Error);
/// The handle of bitcode file \p I (NevercLinkBitcodeModuleHandle).
NevercHandle bitcodeHandle(LinkJob &J, size_t I);
/// The handle of input file \p I (NevercLinkInputHandle).
NevercHandle inputHandle(LinkJob &J, size_t I);
/// The handle of global symbol \p I (NevercLinkSymbolHandle).
NevercHandle symbolHandle(LinkJob &J, size_t I);

} // namespace neverc::link

#endif
