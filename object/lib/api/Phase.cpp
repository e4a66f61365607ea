//===- Phase.cpp - NevercObjectPhaseAPI: what a phase artifact holds ------===//
//
// A neverc.object.* callback gets artifact handles (Frame->Input,
// Frame->CurrentOutput); these two slots open them. GetGraph serves the
// graph artifact (TMO/0x9: pre_write, post_layout, the read's output, the
// write's input), GetImage the image artifact (TMO/0xa: write's output,
// post_write, final_verify, commit).
//
// Project decision: the output a phase builds in place is also reachable
// through its input, so a callback that holds only Frame->Input can reach
// it. GetGraph on the input bytes (TMO/0x7) of a running neverc.object.read
// gives the graph being read; GetImage on the graph (TMO/0x9) of a running
// neverc.object.write gives the image being written. Any other artifact
// type is WRONG_TYPE.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <array>

namespace neverc::object {
namespace {

constexpr uint16_t Major = NEVERC_OBJECT_PHASE_API_MAJOR;

// The object artifacts' type IDs (the phase schema names them).
constexpr uint64_t ArtifactHigh = NEVERC_PHASE_OBJECT_READ_INPUT_HIGH;
constexpr uint64_t InputLow = NEVERC_PHASE_OBJECT_READ_INPUT_LOW;   // 0x7
constexpr uint64_t GraphLow = NEVERC_PHASE_OBJECT_READ_OUTPUT_LOW;  // 0x9
constexpr uint64_t ImageLow = NEVERC_PHASE_OBJECT_WRITE_OUTPUT_LOW; // 0xa
static_assert(NEVERC_PHASE_OBJECT_WRITE_INPUT_LOW == GraphLow &&
                  NEVERC_PHASE_OBJECT_WRITE_OUTPUT_HIGH == ArtifactHigh &&
                  NEVERC_PHASE_OBJECT_READ_OUTPUT_HIGH == ArtifactHigh,
              "the object artifacts share one High word");

bool isPhase(const NevercPhaseFrame &F, uint64_t High, uint64_t Low) {
  return F.Phase.High == High && F.Phase.Low == Low;
}

/// The job of the frame's task and the artifact's type and payload.
NevercStatus openArtifact(ObjectDomain::Impl &D, const NevercPhaseFrame *Frame,
                          NevercArtifactHandle A, ObjectJob **J,
                          NevercInterfaceID &Type, void *&Payload) {
  if (!Frame || Frame->Header.StructSize < sizeof *Frame)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (NevercStatus S = jobOf(D, Frame->Task, J); !isOk(S))
    return S;
  if (NevercStatus S = (*J)->T.lookupArtifact(A, &Type, &Payload); !isOk(S))
    return S;
  if (Type.High != ArtifactHigh)
    return st(NEVERC_STATUS_WRONG_TYPE);
  return okStatus();
}

NevercStatus NEVERC_CALL getGraph(void *Ctx, const NevercPhaseFrame *Frame,
                                  NevercArtifactHandle Artifact,
                                  NevercObjectPhaseGraphInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = core::checkStructHeader(Out, sizeof *Out, Major);
        !isOk(S))
      return S;
    ObjectDomain::Impl &D = impl(Ctx);
    ObjectJob *J;
    NevercInterfaceID Type{};
    void *Payload = nullptr;
    if (NevercStatus S = openArtifact(D, Frame, Artifact, &J, Type, Payload);
        !isOk(S))
      return S;
    Graph *G = nullptr;
    if (Type.Low == GraphLow) {
      G = Payload ? static_cast<GraphBox *>(Payload)->G : nullptr;
    } else if (Type.Low == InputLow &&
               isPhase(*Frame, NEVERC_PHASE_OBJECT_READ_HIGH,
                       NEVERC_PHASE_OBJECT_READ_LOW)) {
      // The read's input shows the graph the read builds (see the top).
      G = J->G.get();
    } else {
      return st(NEVERC_STATUS_WRONG_TYPE);
    }
    if (!G)
      return st(NEVERC_STATUS_INVALID_STATE); // no graph made yet
    NevercObjectPhaseGraphInfo I{};
    I.Object = &D.Object;
    I.Graph = J->graph(G);
    I.LayoutProof = J->proof(G->layoutProof()); // null: not laid out
    I.Generation = G->generation();
    writeOut(Out, I);
    return okStatus();
  });
}

/// What every image says of itself: its state, size, generation, digest,
/// and its output transaction as NevercObjectImageInfo mirrors it (the
/// bytes are staged in memory and committed to their file at the end, so
/// the output's state follows the image's own).
void describeStage(const BinaryStage &B, bool Stream,
                   NevercObjectImageInfo &I) {
  I.State = B.State;
  I.Size = B.Bytes.size();
  I.PublicationGeneration = B.PublicationGeneration;
  // Computed on each call: the bytes may have changed since the last one
  // and a phase asks rarely.
  std::array<uint8_t, 32> Digest = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(B.Bytes.data()), B.Bytes.size()));
  std::copy(Digest.begin(), Digest.end(), I.Digest);
  I.OutputKind = Stream ? NEVERC_OUTPUT_STREAM : NEVERC_OUTPUT_FILE;
  switch (B.State) {
  case NEVERC_OBJECT_IMAGE_VERIFIED:
    I.OutputState = NEVERC_OUTPUT_FINISHED;
    break;
  case NEVERC_OBJECT_IMAGE_COMMITTED:
    I.OutputState = NEVERC_OUTPUT_COMMITTED;
    I.OutputFlags = NEVERC_OUTPUT_FLAG_PUBLISHED;
    break;
  case NEVERC_OBJECT_IMAGE_ABORTED:
    I.OutputState = NEVERC_OUTPUT_ABORTED;
    break;
  case NEVERC_OBJECT_IMAGE_FAILED_PARTIAL:
    I.OutputState = NEVERC_OUTPUT_FAILED_PARTIAL;
    I.OutputFlags = NEVERC_OUTPUT_FLAG_MAY_BE_PARTIAL |
                    NEVERC_OUTPUT_FLAG_RECOVERY_REQUIRED;
    break;
  default: // CANDIDATE: still being staged
    I.OutputState = NEVERC_OUTPUT_OPEN;
    break;
  }
}

NevercStatus NEVERC_CALL getImage(void *Ctx, const NevercPhaseFrame *Frame,
                                  NevercArtifactHandle Artifact,
                                  NevercObjectImageInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = core::checkStructHeader(Out, sizeof *Out, Major);
        !isOk(S))
      return S;
    ObjectDomain::Impl &D = impl(Ctx);
    if (D.Foreign) {
      ForeignImage F;
      NevercStatus S = okStatus();
      if (D.Foreign->findImage(Frame, Artifact, F, S)) {
        if (!isOk(S))
          return S;
        NevercObjectImageInfo I{};
        I.Builder = F.Builder;
        I.Image = I.Builder;
        I.FormatID = F.Format;
        I.TargetID = targetIDOf(F.Triple);
        describeStage(*F.Stage, F.Stream, I);
        I.Binary = F.Binary;
        I.Provenance = {F.Provenance.data(), F.Provenance.size()};
        I.LayoutReport.Header = {sizeof I.LayoutReport, NEVERC_OBJECT_API_MAJOR,
                                 NEVERC_OBJECT_API_MINOR, 0};
        writeOut(Out, I);
        return okStatus();
      }
    }
    ObjectJob *J;
    NevercInterfaceID Type{};
    void *Payload = nullptr;
    if (NevercStatus S = openArtifact(D, Frame, Artifact, &J, Type, Payload);
        !isOk(S))
      return S;
    ImageBox *B = nullptr;
    if (Type.Low == ImageLow) {
      B = static_cast<ImageBox *>(Payload);
    } else if (Type.Low == GraphLow &&
               isPhase(*Frame, NEVERC_PHASE_OBJECT_WRITE_HIGH,
                       NEVERC_PHASE_OBJECT_WRITE_LOW)) {
      // The write's input shows the image the write stages (see the top).
      B = &J->Image;
    } else {
      return st(NEVERC_STATUS_WRONG_TYPE);
    }
    if (!B)
      return st(NEVERC_STATUS_INVALID_STATE);
    NevercObjectImageInfo I{};
    // No slot takes an image handle: the builder handle names the image
    // too (one staged image per builder).
    I.Builder = J->builder(B);
    I.Image = I.Builder;
    I.FormatID = {B->Format.High, B->Format.Low};
    I.TargetID = targetIDOf(J->Triple);
    I.GraphGeneration = B->GraphGeneration;
    describeStage(*B, J->Path == "-", I);
    I.Binary = &D.Binary;
    I.Provenance = {B->Provenance.data(), B->Provenance.size()};
    if (B->HasLayoutReport) {
      I.HasLayoutReport = NEVERC_TRUE;
      NevercObjectLayoutProofInfo &R = I.LayoutReport;
      R.GraphGeneration = B->Report.Generation;
      R.TargetID = I.TargetID;
      R.FormatID = {B->Report.Format.High, B->Report.Format.Low};
    }
    // A nested struct carries its own header, filled or not.
    I.LayoutReport.Header = {sizeof I.LayoutReport, NEVERC_OBJECT_API_MAJOR,
                             NEVERC_OBJECT_API_MINOR, 0};
    writeOut(Out, I);
    return okStatus();
  });
}

} // namespace

void fillObjectPhaseAPI(NevercObjectPhaseAPI &T) {
  T.Header = {sizeof T, NEVERC_OBJECT_PHASE_API_MAJOR,
              NEVERC_OBJECT_PHASE_API_MINOR, 0};
  T.GetGraph = getGraph;
  T.GetImage = getImage;
}

} // namespace neverc::object
