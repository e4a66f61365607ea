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
//===----------------------------------------------------------------------===//
#include "../Internal.h"

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

void fillLinkPhaseAPI(NevercLinkPhaseAPI &T) {
  T.Header = {sizeof T, NEVERC_LINK_PHASE_API_MAJOR,
              NEVERC_LINK_PHASE_API_MINOR, 0};
  T.GetGraph = getGraph;
  T.PublishGraph = publishGraph;
  T.GetImage = getImage;
}

} // namespace neverc::link
