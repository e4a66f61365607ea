//===- Phase.cpp - NevercLinkPhaseAPI: what a link artifact holds ---------===//
//
// A neverc.link.* callback gets artifact handles (Frame->Input,
// Frame->CurrentOutput). GetImage opens the image artifacts: LNK/0xe (the
// emitted image: full's output, post_emit), LNK/0xf (verified), LNK/0x10
// (with its verified side outputs) and LNK/0x11 (committed, after_commit).
// As in the object domain, a phase that builds its output in place shows
// it through its input too: GetImage on the request (LNK/1) of a running
// neverc.link.full gives the image being made.
//
// GetGraph and PublishGraph serve the link graph artifacts (LNK/2..0xd) of
// the fine-grained route (the graph linker's thirteen steps): GetGraph gives
// the graph handle, state and generation; PublishGraph is how a step's
// provider hands the graph on, as the step's output. The whole-link route
// has no graph: GetGraph on its artifacts is WRONG_TYPE.
//
// Skip proofs (spec §6.3; what they prove is ours to say): GetGraph in a
// step's callback gives a proof only when the host can tell the step has
// nothing to do on the graph as it is (graph::linkStepIsNoOp: the LTO steps
// without bitcode, relax_thunks on x86-64, icf without --icf), pinned to
// the graph's generation, state and digest; otherwise Proof is null, and a
// SKIP without a proof is the executor's POLICY_VIOLATION. A SKIP with a
// proof is honoured when the pin still holds (the step's transition is
// made, nothing else); a stale one (a mutation since) is a remark, and the
// step runs normally.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include <cstring>
#include <optional>

namespace neverc::link {
namespace {

constexpr uint16_t Major = NEVERC_LINK_PHASE_API_MAJOR;
constexpr uint64_t ArtifactHigh = NEVERC_PHASE_LINK_FULL_INPUT_HIGH;
constexpr uint64_t RequestLow = NEVERC_PHASE_LINK_FULL_INPUT_LOW;       // 0x1
constexpr uint64_t ImageLow = NEVERC_PHASE_LINK_FULL_OUTPUT_LOW;        // 0xe
constexpr uint64_t CommittedLow = NEVERC_PHASE_LINK_COMMIT_OUTPUT_LOW;  // 0x11
static_assert(NEVERC_PHASE_LINK_FULL_OUTPUT_HIGH == ArtifactHigh &&
                  NEVERC_PHASE_LINK_COMMIT_OUTPUT_HIGH == ArtifactHigh,
              "the link artifacts share one High word");

NevercStatus openArtifact(LinkDomain::Impl &D, const NevercPhaseFrame *Frame,
                          NevercArtifactHandle A, LinkJob **J,
                          NevercInterfaceID &Type, void *&Payload) {
  if (!Frame || Frame->Header.StructSize < sizeof *Frame)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (NevercStatus S = jobOf(D, Frame->Task, J); !isOk(S))
    return S;
  if (NevercStatus S = (*J)->T.lookupArtifact(A, &Type, &Payload); !isOk(S))
    return S;
  return okStatus();
}

/// A skip proof for \p Phase, when it is the step the graph is about to
/// take and that step has nothing to do (see the top); else null.
NevercHandle proofFor(LinkDomain::Impl &D, LinkJob &J,
                      NevercInterfaceID Phase) {
  const std::optional<uint32_t> Index = D.H.phases().indexOf(Phase);
  const uint32_t First = core::Phase_LINK_INPUT_PROBE;
  if (!Index || *Index < First || *Index >= First + LinkStepCount)
    return NevercHandle{};
  const uint32_t K = *Index - First;
  if (J.Graph->State != K || !linkStepIsNoOp(*J.Graph, LinkStep(K)))
    return NevercHandle{};
  // Asked again with no commit since (the generation is the same), the
  // graph is the one the last pin digested: its proof serves again.
  if (!J.Pins.empty()) {
    const LinkJob::ProofPin &Last = J.Pins.back();
    if (Last.Step == K && Last.Generation == J.Graph->Generation)
      return Last.Proof;
  }
  LinkJob::ProofPin &P = J.Pins.emplace_back();
  P.Step = K;
  P.State = K;
  P.Generation = J.Graph->Generation;
  graphDigest(J, P.Digest);
  P.Proof = J.T.createProof(Phase, &P);
  return P.Proof;
}

NevercStatus NEVERC_CALL getGraph(void *Ctx, const NevercPhaseFrame *Frame,
                                  NevercArtifactHandle Artifact,
                                  NevercLinkPhaseGraphInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = core::checkStructHeader(Out, sizeof *Out, Major);
        !isOk(S))
      return S;
    LinkJob *J;
    NevercInterfaceID Type{};
    void *Payload = nullptr;
    if (NevercStatus S =
            openArtifact(impl(Ctx), Frame, Artifact, &J, Type, Payload);
        !isOk(S))
      return S;
    // The graph artifacts: LNK/2..LNK/0xd, and the request LNK/1 that
    // input_probe reads (its payload is the graph, at INITIAL). The
    // whole-link route has none (see the top).
    const bool GraphArtifact = Type.High == ArtifactHigh && J->Graph &&
                               Payload == J->Graph.get() &&
                               Type.Low >= RequestLow && Type.Low < ImageLow;
    if (!GraphArtifact)
      return st(NEVERC_STATUS_WRONG_TYPE);
    NevercLinkPhaseGraphInfo I{};
    I.Link = &impl(Ctx).Link;
    I.Graph = J->graph();
    I.State = J->Graph->State;
    I.Generation = J->Graph->Generation;
    I.Proof = proofFor(impl(Ctx), *J, Frame->Phase);
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL publishGraph(void *Ctx, const NevercPhaseFrame *Frame,
                                      NevercLinkGraphHandle Graph,
                                      NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Frame || Frame->Header.StructSize < sizeof *Frame || !Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = jobOf(D, Frame->Task, &J); !isOk(S))
      return S;
    void **P;
    if (NevercStatus S = lookup(D, *J, J->Graphs, Graph, &P); !isOk(S))
      return S;
    if (!J->Graph || *P != J->Graph.get())
      return st(NEVERC_STATUS_STALE_HANDLE);
    // A replacement of step K publishes the graph as the step's output:
    // the graph must be where the step found it, and is then where the
    // step leaves it (the verifier checks nothing else moved it).
    const uint32_t First = core::Phase_LINK_INPUT_PROBE;
    if (J->Phase < First || J->Phase >= First + LinkStepCount)
      return st(NEVERC_STATUS_INVALID_STATE);
    const uint32_t K = J->Phase - First;
    if (J->Graph->State != K && J->Graph->State != K + 1)
      return st(NEVERC_STATUS_INVALID_STATE);
    J->Graph->State = K + 1;
    if (stepReplaceable(LinkStep(K)))
      J->Graph->Made |= 1u << K;
    *Out = J->T.createArtifact({ArtifactHigh, K + 2}, J->Graph.get());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getImage(void *Ctx, const NevercPhaseFrame *Frame,
                                  NevercArtifactHandle Artifact,
                                  NevercLinkPhaseImageInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = core::checkStructHeader(Out, sizeof *Out, Major);
        !isOk(S))
      return S;
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    NevercInterfaceID Type{};
    void *Payload = nullptr;
    if (NevercStatus S = openArtifact(D, Frame, Artifact, &J, Type, Payload);
        !isOk(S))
      return S;
    if (Type.High != ArtifactHigh)
      return st(NEVERC_STATUS_WRONG_TYPE);
    ImageBox *B = nullptr;
    if (Type.Low >= ImageLow && Type.Low <= CommittedLow)
      B = static_cast<ImageBox *>(Payload);
    else if (Type.Low == RequestLow && J->Phase == core::Phase_LINK_FULL)
      B = &J->Image; // the image full is making (see the top)
    else
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (!B)
      return st(NEVERC_STATUS_INVALID_STATE);
    NevercLinkPhaseImageInfo I{};
    I.Link = &D.Link;
    I.Image = J->image();
    I.Outputs = J->bundle();
    I.State = B->State;
    I.Generation = B->PublicationGeneration;
    writeOut(Out, I);
    return okStatus();
  });
}

} // namespace

void graphDigest(const LinkJob &J, uint8_t (&Out)[32]) {
  const LinkGraph &G = *J.Graph;
  digestOf(J.Triple + ":" + std::to_string(G.State) + ":" +
               std::to_string(G.Generation),
           Out);
}

bool proofHolds(LinkDomain::Impl &D, LinkJob &J, const void *Pin) {
  const LinkJob::ProofPin *P = J.pinOf(Pin);
  if (!P || !J.Graph)
    return false;
  LinkGraph &G = *J.Graph;
  // PublishGraph (how the skipping plugin named its output) moved the
  // state on; the step's transition is the host's to make.
  if (G.State == P->State + 1 && G.Generation == P->Generation)
    G.State = P->State;
  uint8_t Now[32];
  graphDigest(J, Now);
  const LinkStep S = LinkStep(P->Step);
  if (G.Generation == P->Generation && G.State == P->State &&
      std::memcmp(Now, P->Digest, sizeof Now) == 0 && linkStepIsNoOp(G, S))
    return runLinkStep(G, S); // nothing to do but the transition
  D.H.report(NEVERC_DIAGNOSTIC_REMARK,
             std::string("the skip proof of neverc.link.") + linkStepName(S) +
                 " is stale (the graph changed since it was issued): the "
                 "step runs",
             nullptr, std::string("neverc.link.") + linkStepName(S));
  return false;
}

void fillLinkPhaseAPI(NevercLinkPhaseAPI &T) {
  T.Header = {sizeof T, NEVERC_LINK_PHASE_API_MAJOR,
              NEVERC_LINK_PHASE_API_MINOR, 0};
  T.GetGraph = getGraph;
  T.PublishGraph = publishGraph;
  T.GetImage = getImage;
}

} // namespace neverc::link
