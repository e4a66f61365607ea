//===- Pipeline.cpp - The whole-link route, phase by phase ----------------===//
//
//   full                 lld links in process into a private staging
//                        directory (or the registered linker provider
//                        that serves the request fills the image through
//                        its builder); the image is held in memory
//   post_emit            binary interceptors patch the image's bytes
//   image_verify         sealed: the host audits the image (it reads as
//                        the ELF file the request asks for, its segments
//                        lie in the file, the entry is in an executable
//                        segment), then every matching image verifier a
//                        plugin registered (→ VERIFIED)
//   side_outputs_verify  sealed: every side output the command line asks
//                        for (-Map, --why-extract, --print-archive-stats,
//                        --dependency-file) was written
//   commit               sealed: the image and the side outputs are staged
//                        beside their outputs and renamed into place, side
//                        outputs first (→ COMMITTED)
//   after_commit         event
//
// Nothing reaches an output before commit: lld's own temporaries and its
// side outputs live in the staging directory (removed when the link ends,
// and on a catchable signal), and commit stages with StagedFile, which
// leaves nothing behind even when the process is killed.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "neverc/link/Stage.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/Signals.h"

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace neverc::link {
namespace {

NevercStatus identity(void *, void *In, void **Out) {
  *Out = In;
  return okStatus();
}

/// The private directory lld writes into; it goes with the link.
class StagingDir {
public:
  llvm::Error create() {
    if (std::error_code EC =
            llvm::sys::fs::createUniqueDirectory("neverc-link", Path))
      return llvm::createStringError(EC, "cannot create a staging directory: " +
                                             EC.message());
    return llvm::Error::success();
  }
  /// A file lld will write: removed on a catchable signal too.
  void track(const std::string &File) {
    llvm::sys::RemoveFileOnSignal(File);
    Files.push_back(File);
  }
  ~StagingDir() {
    if (Path.empty())
      return;
    for (const std::string &F : Files) {
      llvm::sys::fs::remove(F);
      llvm::sys::DontRemoveFileOnSignal(F);
    }
    // Whatever else lld left (its "image.tmp*" after a crash).
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Path, EC), E; I != E && !EC;
         I.increment(EC))
      llvm::sys::fs::remove(I->path());
    llvm::sys::fs::remove(Path);
  }
  std::string path() const { return std::string(Path); }

private:
  llvm::SmallString<128> Path;
  std::vector<std::string> Files;
};

/// What the steps of one link share.
struct Run {
  LinkDomain::Impl &D;
  LinkJob &J;
  LinkDomain::Link &L;
  StagingDir Dir;
  int LldExit = 0;
  /// The graph linker was nobody's explicit choice and no plugin is on
  /// its steps: what it does not make yet goes to lld (NotYet says what).
  bool MayFallBack = false;
  std::string NotYet;
  /// The graph linker's image, emitted straight into its staged output
  /// file; the commit renames it unless a plugin changed the bytes.
  MappedImage Out;
  void error(const std::string &Phase, const std::string &Message,
             const core::Plugin *Who = nullptr) {
    D.H.report(NEVERC_DIAGNOSTIC_ERROR, Message, Who, Phase);
  }
};

bool readFile(const std::string &Path, std::string &Out, std::string &Error) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
  if (!B) {
    Error = B.getError().message();
    return false;
  }
  Out.assign((*B)->getBufferStart(), (*B)->getBufferSize());
  return true;
}

//===-- full ----------------------------------------------------------------//

/// lld, or the provider, makes the image.
struct FullStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    Run &R = *static_cast<FullStep *>(Ctx)->R;
    ImageBox &I = R.J.Image;
    *Out = &I;
    return R.J.Provider ? provide(R, I) : linkWithLld(R, I);
  }

  static NevercStatus linkWithLld(Run &R, ImageBox &I) {
    std::string Staged;
    std::vector<std::string> Argv =
        stagedLinkLine(R.L.Argv, R.J.Req, R.Dir.path(), Staged);
    R.Dir.track(Staged);
    for (const SideOutput &S : R.J.Req.Side)
      R.Dir.track(S.StagedPath);
    R.LldExit = R.L.RunLld(Argv);
    if (R.LldExit != 0)
      return st(NEVERC_STATUS_PLUGIN_FAILURE); // lld said why
    std::string Error;
    if (!readFile(Staged, I.Bytes.own(), Error)) {
      R.error(NEVERC_PHASE_LINK_FULL_NAME,
              "lld wrote no image for '" + R.J.Req.OutputPath + "': " + Error);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    I.Provenance = "lld";
    ++I.PublicationGeneration; // new bytes: facts read before are stale
    return okStatus();
  }

  static NevercStatus provide(Run &R, ImageBox &I) {
    const LinkerProvider &P = *R.J.Provider;
    R.J.fillRequest();
    NevercLinkerProductCandidate C{};
    C.Header = {sizeof C, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
    // The provider fills the image the host made for it (PluginLink.h: no
    // slot creates an image).
    C.Image = R.J.image();
    C.Outputs = R.J.bundle();
    const NevercHandle Given = C.Image;
    bool WasWritable = I.Writable;
    I.Writable = true;
    NevercStatus S = P.Link(P.UserData, R.J.T.handle(), &R.J.CRequest,
                            &R.J.CRequest.RawInputs, &C);
    I.Writable = WasWritable;
    I.Provenance = "linker provider " + P.ID;
    if (!isOk(S)) {
      R.error(NEVERC_PHASE_LINK_FULL_NAME,
              "linker provider '" + P.ID + "' failed to link '" +
                  R.J.Req.OutputPath + "'",
              P.Owner);
      return S;
    }
    if (C.Image.Owner != Given.Owner || C.Image.Value != Given.Value) {
      R.error(NEVERC_PHASE_LINK_FULL_NAME,
              "linker provider '" + P.ID +
                  "' returned an image this link did not give it",
              P.Owner);
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    return okStatus();
  }
};

//===-- the fine-grained route
//------------------------------------------------//

const char *const StepVerifiers[LinkStepCount] = {
    "neverc.link.verify_input_probe",
    "neverc.link.verify_inputs",
    "neverc.link.verify_lto_resolution",
    "neverc.link.verify_lto_products",
    "neverc.link.verify_symbol_resolution",
    "neverc.link.verify_comdat_selection",
    "neverc.link.verify_liveness",
    "neverc.link.verify_icf",
    "neverc.link.verify_synthetics",
    "neverc.link.verify_relaxation",
    "neverc.link.verify_layout",
    "neverc.link.verify_relocations",
    "neverc.link.verify_image_candidate"};

std::string stepPhaseName(LinkStep S) {
  return std::string("neverc.link.") + linkStepName(S);
}

/// One of the thirteen steps, built in: the graph linker's.
struct GraphStep {
  Run *R;
  LinkStep S;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    auto &X = *static_cast<GraphStep *>(Ctx);
    LinkGraph &G = *static_cast<LinkGraph *>(In);
    *Out = &G;
    // A mutation an interceptor committed before calling on may have taken
    // the graph back (spec §6.2): the steps it undid run again first.
    bool Ok = true;
    while (Ok && G.State < uint32_t(X.S))
      Ok = runLinkStep(G, LinkStep(G.State));
    if (Ok && runLinkStep(G, X.S))
      return okStatus();
    if (X.R->MayFallBack && graphLinkerNotYet(G.Error)) {
      X.R->NotYet = std::move(G.Error); // lld makes the link instead
      G.Error.clear();
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    X.R->error(stepPhaseName(X.S), G.Error);
    G.Error.clear();
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

/// verify_<step>: the output is this link's graph, in the state the step
/// produces (a replacement that published something else, or left the
/// graph behind, is refused).
struct GraphVerifier {
  Run *R;
  LinkStep S;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &X = *static_cast<GraphVerifier *>(Ctx);
    const auto *G = static_cast<const LinkGraph *>(Out);
    std::string Why;
    if (G != X.R->J.Graph.get())
      Why = "the phase produced no link graph of this link";
    else if (G->Rewound && G->State <= uint32_t(X.S))
      return okStatus(); // a committed change took it back: rerun
    else if (G->State != uint32_t(X.S) + 1)
      Why = "the link graph is in state " + std::to_string(G->State) +
            ", not " + std::to_string(uint32_t(X.S) + 1);
    else if (!(G->Made & (1u << uint32_t(X.S))))
      Why = std::string("the graph was published without the product of ") +
            linkStepName(X.S) +
            ", which no NevercLinkAPI slot can make (a provider may replace "
            "lto_resolve, lto_generate, gc, icf and relax_thunks)";
    else if (X.S == LinkStep::EmitImage && G->Image.empty())
      Why = "no image was emitted";
    if (Why.empty())
      return okStatus();
    X.R->error(StepVerifiers[uint32_t(X.S)], "the link of '" +
                                                 X.R->J.Req.OutputPath +
                                                 "' is refused: " + Why);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

/// neverc.link.object_merge: the objects read become one object (-r).
struct MergeStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    auto &X = *static_cast<MergeStep *>(Ctx);
    LinkGraph &G = *static_cast<LinkGraph *>(In);
    *Out = nullptr;
    if (X.R->J.Merger) {
      NevercStatus S = provideMerge(X.R->D, X.R->J);
      if (isOk(S))
        *Out = G.Merged.get();
      return S;
    }
    if (mergeObjects(G)) {
      *Out = G.Merged.get(); // the ObjectGraph artifact
      return okStatus();
    }
    if (X.R->MayFallBack && graphLinkerNotYet(G.Error)) {
      X.R->NotYet = std::move(G.Error); // lld merges instead
      G.Error.clear();
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    X.R->error(NEVERC_PHASE_LINK_OBJECT_MERGE_NAME, G.Error);
    G.Error.clear();
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

/// verify_merged_object: this link's merged object, written.
struct MergeVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &X = *static_cast<MergeVerifier *>(Ctx);
    const LinkGraph *G = X.R->J.Graph.get();
    if (G && Out && Out == G->Merged.get() && !G->Image.empty())
      return okStatus();
    X.R->error("neverc.link.verify_merged_object",
               "the phase produced no merged object of '" +
                   X.R->J.Req.OutputPath + "'");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

/// The side outputs the graph linker writes itself; false (reported) for
/// one it does not write yet.
bool writeGraphSideOutputs(Run &R) {
  std::string Unused;
  stagedLinkLine(R.L.Argv, R.J.Req, R.Dir.path(), Unused);
  for (const SideOutput &S : R.J.Req.Side) {
    std::string Text;
    if (S.Option == "--why-extract")
      Text = R.J.Graph->In.whyExtract();
    else if (S.Option == "-Map")
      Text = linkMap(*R.J.Graph);
    else {
      R.error(NEVERC_PHASE_LINK_EMIT_IMAGE_NAME,
              "the side output " + S.Option +
                  " is not written by the graph linker yet; use "
                  "-fuse-ld=lld");
      return false;
    }
    R.Dir.track(S.StagedPath);
    std::FILE *F = std::fopen(S.StagedPath.c_str(), "wb");
    bool Ok = F && std::fwrite(Text.data(), 1, Text.size(), F) == Text.size();
    Ok &= F && std::fclose(F) == 0;
    if (!Ok) {
      R.error(NEVERC_PHASE_LINK_EMIT_IMAGE_NAME, "cannot write the " +
                                                     S.Option + " file for '" +
                                                     S.FinalPath + "'");
      return false;
    }
  }
  return true;
}

/// verify_linker_product / verify_post_emit_image: an image was staged
/// whole.
struct StagedVerifier {
  Run *R;
  const char *Name;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<StagedVerifier *>(Ctx);
    auto *I = static_cast<ImageBox *>(Out);
    std::string Why = !I                ? "no image was produced"
                      : I->Aborted      ? "staging was aborted: " + I->AbortWhy
                      : I->Bytes.empty() ? "the image is empty"
                                         : "";
    if (Why.empty())
      return okStatus();
    V.R->error(V.Name, "the image for '" + V.R->J.Req.OutputPath +
                           "' is refused: " + Why);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

//===-- image_verify ----------------------------------------------------------//

bool matches(const NevercInterfaceID &Want, const NevercInterfaceID &Have) {
  return nullID(Want) || sameID(Want, Have);
}

struct FinalVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<FinalVerifier *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(Out);
    std::string Why = audit(R, I);
    if (!Why.empty()) {
      R.error("neverc.link.verify_final_image",
              "the image for '" + R.J.Req.OutputPath + "' is refused: " + Why);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    // The plugins' verifiers run next to the host's, never instead.
    const NevercTargetID Target = targetIDOf(R.J.Triple);
    const NevercObjectFormatID ELF = elfFormatID();
    auto Check = [&](const std::string &ID, NevercBinaryImageVerifierFn Fn,
                     void *UserData, const core::Plugin *Owner) {
      R.J.fillRequest();
      NevercStatus S = Fn(UserData, R.J.T.handle(), &R.J.CRequest,
                          R.J.image());
      if (isOk(S))
        return true;
      R.error("neverc.link.verify_final_image",
              "image verifier '" + ID + "' refused the image for '" +
                  R.J.Req.OutputPath + "'",
              Owner);
      return false;
    };
    if (R.J.Provider && R.J.Provider->VerifyImage &&
        !Check(R.J.Provider->ID, R.J.Provider->VerifyImage,
               R.J.Provider->UserData, R.J.Provider->Owner))
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    for (const auto &V : R.D.Verifiers)
      if (matches(V->TargetID, Target) && matches(V->FormatID, ELF) &&
          V->OutputKind == R.J.Req.OutputKind &&
          !Check(V->ID, V->Verify, V->UserData, V->Owner))
        return st(NEVERC_STATUS_VERIFICATION_FAILED);
    I.State = NEVERC_BINARY_IMAGE_VERIFIED;
    return okStatus();
  }

  /// The host's audit; empty when the image passes.
  static std::string audit(Run &R, ImageBox &I) {
    if (I.Aborted)
      return "staging was aborted: " + I.AbortWhy;
    if (I.Bytes.empty())
      return "the image is empty";
    if (I.Bytes.size() > I.Bound)
      return "the image is over its bound";
    const ImageFacts *F = R.J.facts();
    if (!F)
      return I.FactsError;
    const bool Rel = R.J.Req.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE;
    uint16_t Want = Rel ? llvm::ELF::ET_REL
                    : R.J.Req.OutputKind == NEVERC_LINK_OUTPUT_SHARED_LIBRARY ||
                            (R.J.Req.Flags & NEVERC_LINK_OPTION_PIE)
                        ? llvm::ELF::ET_DYN
                        : llvm::ELF::ET_EXEC;
    if (F->ElfType != Want)
      return std::string("it is an ELF file of type ") +
             std::to_string(F->ElfType) + ", not the " +
             (Rel                         ? "ET_REL"
              : Want == llvm::ELF::ET_DYN ? "ET_DYN"
                                          : "ET_EXEC") +
             " the link asks for";
    if (Rel)
      return ""; // an object has no segments
    bool Loads = false;
    for (const SegmentFact &S : F->Segments)
      Loads |= S.Type == llvm::ELF::PT_LOAD;
    if (!Loads)
      return "it has no PT_LOAD segment";
    if (R.J.Req.OutputKind == NEVERC_LINK_OUTPUT_EXECUTABLE && F->Entry) {
      bool InText = false;
      for (const SegmentFact &S : F->Segments)
        InText |= S.Type == llvm::ELF::PT_LOAD &&
                  (S.Flags & NEVERC_BINARY_SEGMENT_EXECUTE) &&
                  F->Entry >= S.Address && F->Entry - S.Address < S.MemorySize;
      if (!InText)
        return "its entry point is not in an executable segment";
    }
    return "";
  }
};

//===-- side_outputs_verify ------------------------------------------------//

struct SideVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<SideVerifier *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(Out);
    if (I.State != NEVERC_BINARY_IMAGE_VERIFIED) {
      R.error("neverc.link.verify_side_outputs", "the image is not verified");
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    for (const SideOutput &S : R.J.Req.Side) {
      llvm::sys::fs::file_status St;
      if (S.StagedPath.empty() || llvm::sys::fs::status(S.StagedPath, St) ||
          !llvm::sys::fs::is_regular_file(St)) {
        R.error("neverc.link.verify_side_outputs",
                "the " + S.Option + " file '" + S.FinalPath +
                    "' was not written (" + I.Provenance +
                    " made the image)");
        return st(NEVERC_STATUS_VERIFICATION_FAILED);
      }
    }
    return okStatus();
  }
};

//===-- commit ----------------------------------------------------------------//

struct CommitStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    Run &R = *static_cast<CommitStep *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(In);
    *Out = In;
    std::string Error;
    unsigned Committed = 0;
    if (!commitAll(R, I, Committed, Error)) {
      I.State = Committed ? NEVERC_BINARY_IMAGE_FAILED_PARTIAL
                          : NEVERC_BINARY_IMAGE_ABORTED;
      R.error(NEVERC_PHASE_LINK_COMMIT_NAME,
              "cannot commit '" + R.J.Req.OutputPath + "': " + Error);
      return Committed ? NevercStatus{NEVERC_STATUS_OUTPUT_PARTIAL,
                                      NEVERC_STATUS_FLAG_OUTPUT_MAY_BE_PARTIAL,
                                      0}
                       : st(NEVERC_STATUS_OUTPUT_PARTIAL);
    }
    I.State = NEVERC_BINARY_IMAGE_COMMITTED;
    return okStatus();
  }

  static bool commitAll(Run &R, ImageBox &I, unsigned &Committed,
                        std::string &Error) {
    // The side outputs lld (or the graph linker) wrote into staging.
    std::vector<std::string> Texts(R.J.Req.Side.size());
    std::vector<SideBytes> Side;
    for (size_t K = 0; K < Texts.size(); ++K) {
      if (!readFile(R.J.Req.Side[K].StagedPath, Texts[K], Error))
        return false;
      Side.push_back({R.J.Req.Side[K].FinalPath, Texts[K]});
    }
    return commitLinkOutputs(Side, R.J.Req.OutputPath, I.Bytes,
                             R.J.Req.OutputKind !=
                                 NEVERC_LINK_OUTPUT_RELOCATABLE,
                             Committed, Error, &R.Out);
  }
};

struct CommitVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<CommitVerifier *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(Out);
    if (I.State == NEVERC_BINARY_IMAGE_COMMITTED)
      return okStatus();
    R.error("neverc.link.commit_output_bundle", "the image was not committed");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

} // namespace

/// What ThinLTO cache keys add to LLVM's (computeLTOCacheKey's): every
/// loaded plugin's ID, version and module bytes, and the plugin options of
/// this session. A plugin rebuilt or run with other options never gets
/// objects cached for another.
static std::string ltoCacheSalt(core::Host &H, core::Task &T) {
  std::string Salt;
  for (const auto &P : H.plugins()) {
    const NevercSemanticVersion &V = P->version();
    Salt += std::string(P->id()) + "@" + std::to_string(V.Major) + "." +
            std::to_string(V.Minor) + "." + std::to_string(V.Patch) + ";";
    if (auto B = llvm::MemoryBuffer::getFile(P->path(), /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false))
      Salt += llvm::toHex(
          llvm::SHA1::hash(llvm::arrayRefFromStringRef((*B)->getBuffer())));
    Salt += ";";
  }
  for (const core::OptionSpec &O : H.options().all())
    if (const auto *Vals =
            T.session().optionValues().get(O.PluginID, O.Spelling))
      for (const std::string &V : *Vals)
        Salt += O.PluginID + " " + O.Spelling + "=" + V + ";";
  return Salt;
}

int runPipeline(LinkDomain::Impl &D, core::Task &T, LinkDomain::Link &L,
                LinkRequestModel Req) {
  LinkJob J(T);
  J.Triple = L.Triple;
  J.Req = std::move(Req);
  core::JobRegistry<LinkJob>::Scope Scope(D.Jobs, T, J);
  Run R{D, J, L, {}, 0, false, {}, {}};
  if (llvm::Error E = R.Dir.create()) {
    R.error(NEVERC_PHASE_LINK_FULL_NAME, llvm::toString(std::move(E)));
    return 1;
  }
  const NevercTargetID Target = targetIDOf(J.Triple);
  for (const auto &P : D.Providers)
    if (matches(P->TargetID, Target) && matches(P->OutputFormat, elfFormatID()) &&
        P->OutputKind == J.Req.OutputKind) {
      J.Provider = P.get();
      break;
    }

  auto Phase = [&](uint32_t Id, void *Input, core::PhaseStep Step,
                   core::PhaseVerifier V, void *Prepared = nullptr,
                   core::ProofCheck Proofs = {}) {
    return core::runJobPhase(D.H, T, J.Phase, Id, Input, Step, V, Prepared,
                             Proofs);
  };
  // A step skipped with a proof: api/Phase.cpp says whether it holds.
  struct Honour {
    LinkDomain::Impl *D;
    LinkJob *J;
    static bool run(void *Ctx, void *Pin) {
      auto &H = *static_cast<Honour *>(Ctx);
      return proofHolds(*H.D, *H.J, Pin);
    }
  } ProofCtx{&D, &J};

  // The fine-grained route: asked for (-fuse-ld=neverc), a plugin is on
  // one of its steps, or nothing chose another linker; a linker provider
  // serves the whole link instead.
  const bool Explicit = D.Choice == LinkDomain::Linker::Graph;
  // A -r link an object-merge provider serves is merged by it: never lld.
  J.Merger = mergeProviderFor(D, J);
  bool Graph = !J.Provider &&
               (Explicit || J.Merger || D.stepsActive() || D.graphByDefault(L));
  // A link an LTO provider serves never falls back to lld, which would
  // compile its bitcode without the provider.
  const bool ProvidedLto = ltoProviderWanted(D, J.Req);
  R.MayFallBack = !Explicit && !D.stepsActive() && !ProvidedLto && !J.Merger;
  if (Graph) {
    std::string Why = graphLinkerRefusal(J.Req, J.Triple);
    LinkerOptions Opt;
    if (Why.empty() && !parseLinkerOptions(L.Argv, J.Req, Opt, Why) &&
        Why.empty())
      Why = "the link line is not one the graph linker reads";
    if (!Why.empty()) {
      if (Explicit) {
        R.error(NEVERC_PHASE_LINK_INPUT_PROBE_NAME, Why);
        return 1;
      }
      // A plugin on a step of a link the graph linker does not make: lld
      // makes it, and the plugin is told its phases do not run. Without
      // one, lld just makes it.
      if (J.Merger) {
        R.error(NEVERC_PHASE_LINK_OBJECT_MERGE_NAME,
                "object-merge provider '" + J.Merger->ID + "' cannot serve '" +
                    J.Req.OutputPath + "': " + Why,
                J.Merger->Owner);
        return 1;
      }
      if (ProvidedLto) {
        R.error(NEVERC_PHASE_LINK_LTO_GENERATE_NAME,
                "the LTO provider cannot serve '" + J.Req.OutputPath +
                    "': " + Why);
        return 1;
      }
      if (D.stepsActive())
        D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                   "the fine-grained link phases do not run for '" +
                       J.Req.OutputPath + "': " + Why,
                   nullptr, NEVERC_PHASE_LINK_INPUT_PROBE_NAME);
      Graph = false;
    } else {
      prepareHeapForLink();
      J.Graph = std::make_unique<LinkGraph>(L.Argv, J.Req, std::move(Opt));
      J.Graph->Triple = J.Triple;
      if (J.Req.OutputKind != NEVERC_LINK_OUTPUT_RELOCATABLE &&
          J.Req.OutputPath != "-")
        J.Graph->ImageSink = [&R](uint64_t Size, std::string &E) {
          return R.Out.open(R.J.Req.OutputPath, Size, E);
        };
      if (!J.Graph->Opt.Lto.CacheDir.empty())
        J.Graph->LtoCacheSalt = ltoCacheSalt(D.H, T);
      if (ProvidedLto)
        J.Graph->LtoCodegen = [&D, &J](LinkGraph &,
                                       std::vector<lto::Product> &Out,
                                       std::string &Error) {
          return provideLto(D, J, Out, Error);
        };
    }
  }

  auto Failed = [&](const core::PhaseOutcome &O) {
    if (isOk(O.Status))
      return false;
    if (J.Image.State == NEVERC_BINARY_IMAGE_CANDIDATE ||
        J.Image.State == NEVERC_BINARY_IMAGE_VERIFIED)
      J.Image.State = NEVERC_BINARY_IMAGE_ABORTED;
    return true;
  };
  auto ExitCode = [&] { return R.LldExit ? R.LldExit : 1; };

  J.Image.Writable = true; // interceptors, providers: the slots check roles
  if (Graph) {
    // A mutation committed after a step took the graph back (spec §6.2):
    // the steps from there run again as phases. A plugin that invalidates
    // every time would never let the link end: a bound, then an error.
    unsigned Reruns = 0;
    // -r: the inputs are read, then merged (object_merge) instead of linked.
    const bool Merge = J.Req.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE;
    const uint32_t Steps =
        Merge ? uint32_t(LinkStep::ReadInputs) + 1 : LinkStepCount;
    // Plugins' IR phases inside LTO run in a task of their own, from the
    // lto_generate of a link with bitcode to the end of the link.
    struct LtoTask {
      core::Task *T = nullptr;
      core::Session *S = nullptr;
      ~LtoTask() {
        if (T)
          S->endTask(T);
      }
    } Lto;
    for (uint32_t K = 0; K < Steps;) {
      if (K == uint32_t(LinkStep::LtoGenerate) && !Lto.T && D.IR &&
          D.IR->active() && !J.Graph->In.Bitcode.empty() &&
          !J.Graph->Opt.Lto.IndexOnly) {
        Lto.S = &T.session();
        if (!isOk(Lto.S->beginTask(NEVERC_TASK_LTO, &Lto.T))) {
          Lto.T = nullptr;
          return 1;
        }
        LinkDomain::LtoIR *IR = D.IR;
        core::Task *LT = Lto.T;
        const unsigned OptLevel = J.Graph->Opt.Lto.OptLevel;
        J.Graph->LtoHook = [IR, LT, OptLevel](lto::ModuleStage S, void *M, bool,
                                              unsigned, std::string &Error) {
          if (IR->runStage(*LT, int(S), M, OptLevel))
            return true;
          Error = "a plugin's IR phase failed inside LTO (reported above)";
          return false;
        };
        if (IR->ownsPipeline())
          J.Graph->LtoPasses = [IR, LT](void *PB) {
            IR->extendPipeline(*LT, PB);
          };
      }
      GraphStep GS{&R, LinkStep(K)};
      GraphVerifier GV{&R, LinkStep(K)};
      J.Graph->Rewound = false;
      core::PhaseOutcome O =
          Phase(core::Phase_LINK_INPUT_PROBE + K, J.Graph.get(),
                {&GraphStep::run, &GS}, {&GraphVerifier::run, &GV}, nullptr,
                {&Honour::run, &ProofCtx});
      if (Failed(O)) {
        if (R.NotYet.empty())
          return 1;
        Graph = false; // nothing is staged yet: lld makes the whole link
        J.Graph.reset();
        break;
      }
      // Distributed ThinLTO: lto_generate wrote the index files, and the
      // link ends there without an image (lld's --thinlto-index-only).
      if (J.Graph->indexOnlyDone())
        return 0;
      if (J.Graph->State < K + 1) {
        if (++Reruns > 64) {
          R.error(stepPhaseName(LinkStep(K)),
                  "the link graph of '" + J.Req.OutputPath +
                      "' was taken back 64 times by mutations; giving up");
          return 1;
        }
        K = J.Graph->State;
        continue;
      }
      ++K;
    }
    if (Graph && Merge) {
      MergeStep MS{&R};
      MergeVerifier MV{&R};
      core::PhaseOutcome O =
          Phase(core::Phase_LINK_OBJECT_MERGE, J.Graph.get(),
                {&MergeStep::run, &MS}, {&MergeVerifier::run, &MV});
      if (Failed(O)) {
        if (R.NotYet.empty())
          return 1;
        Graph = false;
        J.Graph.reset();
      }
    }
  }
  if (Graph) {
    if (J.Graph->Sunk.data())
      J.Image.Bytes.borrow(J.Graph->Sunk); // copied if a plugin changes it
    else
      J.Image.Bytes = std::move(J.Graph->Image);
    J.Graph->Image.clear();
    J.Image.Provenance = J.Merger ? "object-merge provider " + J.Merger->ID
                                  : std::string("the graph linker");
    ++J.Image.PublicationGeneration;
    if (!writeGraphSideOutputs(R))
      return 1;
  } else {
    FullStep FS{&R};
    StagedVerifier FV{&R, "neverc.link.verify_linker_product"};
    core::PhaseOutcome FO =
        Phase(core::Phase_LINK_FULL, &J, {&FullStep::run, &FS},
              {&StagedVerifier::run, &FV}, &J.Image);
    if (Failed(FO))
      return ExitCode();
  }
  StagedVerifier PV{&R, "neverc.link.verify_post_emit_image"};
  core::PhaseOutcome PO = Phase(core::Phase_LINK_POST_EMIT, &J.Image,
                                {&identity, nullptr},
                                {&StagedVerifier::run, &PV});
  J.Image.Writable = false;
  if (Failed(PO))
    return 1;
  FinalVerifier IV{&R};
  if (Failed(Phase(core::Phase_LINK_IMAGE_VERIFY, &J.Image, {&identity, nullptr},
                   {&FinalVerifier::run, &IV})))
    return 1;
  SideVerifier SV{&R};
  if (Failed(Phase(core::Phase_LINK_SIDE_OUTPUTS_VERIFY, &J.Image,
                   {&identity, nullptr}, {&SideVerifier::run, &SV})))
    return 1;
  CommitStep CS{&R};
  CommitVerifier CV{&R};
  if (Failed(Phase(core::Phase_LINK_COMMIT, &J.Image, {&CommitStep::run, &CS},
                   {&CommitVerifier::run, &CV})))
    return 1;
  if (!isOk(D.H.raiseEvent(core::Phase_LINK_AFTER_COMMIT, T, &J.Image)))
    return 1; // the output stays: it is committed
  // A link graph is hundreds of thousands of small allocations; freeing
  // them one by one costs as much as a step, and the process ends with
  // its link (as clang's cc1 runs with -disable-free).
  (void)J.Graph.release();
  return 0;
}

} // namespace neverc::link
