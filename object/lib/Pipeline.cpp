//===- Pipeline.cpp - The eight object phases over one object -------------===//
//
//   probe        every format that can probe says how sure it is (0..1000)
//                that the bytes are its own; the highest wins (on a tie the
//                later registration: a plugin format over a built-in one)
//   read         the winner's reader fills an empty graph
//   pre_write    graph interceptors change it (in mutations)
//   [layout]     the host proves the graph's generation laid out
//   post_layout  graph interceptors again; any change → laid out again
//   write        the winner's writer fills a bounded candidate image
//   post_write   binary interceptors edit the candidate through its builder
//   final_verify sealed: the host audits the bytes (→ VERIFIED)
//   commit       sealed: the staged file is renamed over the output
//                (→ COMMITTED)
//
// The graph is read only when a plugin is on a graph phase (probe, read,
// pre_write, post_layout, write) or registered a format; with plugins on
// the image phases alone the candidate is LLVM's bytes as they are.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"

#include <cstring>

namespace neverc::object {
namespace {

constexpr uint32_t GraphPhases[] = {
    core::Phase_OBJECT_PROBE, core::Phase_OBJECT_READ,
    core::Phase_OBJECT_PRE_WRITE, core::Phase_OBJECT_POST_LAYOUT,
    core::Phase_OBJECT_WRITE};
constexpr uint32_t ImagePhases[] = {core::Phase_OBJECT_POST_WRITE,
                                    core::Phase_OBJECT_FINAL_VERIFY,
                                    core::Phase_OBJECT_COMMIT};

NevercStatus identity(void *, void *In, void **Out) {
  *Out = In;
  return okStatus();
}

/// What the steps of one pipeline run share.
struct Run {
  ObjectDomain::Impl &D;
  ObjectJob &J;
  ObjectDomain::Output &Out;
  void error(const std::string &Phase, const std::string &Message) {
    D.H.report(NEVERC_DIAGNOSTIC_ERROR, Message, nullptr, Phase);
  }
  void warning(const std::string &Phase, const std::string &Message) {
    D.H.report(NEVERC_DIAGNOSTIC_WARNING, Message, nullptr, Phase);
  }
};

NevercBufferView bufferOf(std::string_view B) {
  NevercBufferView V{};
  V.Header = {sizeof V, NEVERC_SOURCE_API_MAJOR, NEVERC_SOURCE_API_MINOR, 0};
  V.Data = reinterpret_cast<const uint8_t *>(B.data());
  V.Length = B.size();
  return V;
}

//===-- probe ---------------------------------------------------------------//

/// The built-in formats' probe: the magic at the start.
ProbeBox probeBuiltin(const FormatRecord &F, std::string_view B) {
  ProbeBox P;
  auto Has = [&](const char *M, size_t N) {
    return B.size() >= N && !std::memcmp(B.data(), M, N);
  };
  llvm::file_magic M =
      llvm::identify_magic(llvm::StringRef(B.data(), B.size()));
  if ((F.ID == COFFFormat && M == llvm::file_magic::coff_object) ||
      (F.ID == MachOFormat && M == llvm::file_magic::macho_object)) {
    P.ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    P.Confidence = 1000;
    P.ConsumedMinimum = 64;
    return P;
  }
  if (F.ID == ELFFormat && Has("\x7f" "ELF", 4)) {
    P.ConsumedMinimum = 64;
    uint16_t Type =
        B.size() >= 18 ? llvm::support::endian::read16le(B.data() + 16) : 0;
    P.ArtifactKind = Type == llvm::ELF::ET_REL    ? NEVERC_OBJECT_ARTIFACT_RELOCATABLE
                     : Type == llvm::ELF::ET_EXEC ? NEVERC_OBJECT_ARTIFACT_EXECUTABLE_IMAGE
                     : Type == llvm::ELF::ET_DYN  ? NEVERC_OBJECT_ARTIFACT_SHARED_IMAGE
                                                 : NEVERC_OBJECT_ARTIFACT_UNKNOWN;
    P.Confidence = P.ArtifactKind == NEVERC_OBJECT_ARTIFACT_RELOCATABLE ? 1000
                                                                       : 900;
  }
  return P;
}

struct ProbeStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    Run &R = *static_cast<ProbeStep *>(Ctx)->R;
    auto &Input = *static_cast<InputBox *>(In);
    ProbeBox Best;
    for (const auto &F : R.D.Formats) {
      if (!(F->Flags & NEVERC_OBJECT_FORMAT_CAN_PROBE))
        continue;
      ProbeBox P;
      if (F->Builtin) {
        P = probeBuiltin(*F, Input.Bytes);
      } else {
        NevercObjectProbeRequest Req{};
        Req.Header = {sizeof Req, NEVERC_OBJECT_FORMAT_API_MAJOR,
                      NEVERC_OBJECT_FORMAT_API_MINOR, 0};
        Req.Task = R.J.T.handle();
        Req.Input = bufferOf(Input.Bytes);
        fillTargetKey(R.J.Triple, FormatID{}, Req.Target);
        Req.LogicalPath = {Input.LogicalPath.data(), Input.LogicalPath.size()};
        NevercObjectProbeResult Res{};
        Res.Header = {sizeof Res, NEVERC_OBJECT_FORMAT_API_MAJOR,
                      NEVERC_OBJECT_FORMAT_API_MINOR, 0};
        NevercStatus S = F->Probe(F->UserData, &Req, &Res);
        if (S.Code == NEVERC_STATUS_NOT_FOUND)
          continue; // not its bytes
        if (!isOk(S)) {
          R.error(NEVERC_PHASE_OBJECT_PROBE_NAME,
                  "the probe of object format '" + F->Name + "' failed on '" +
                      Input.LogicalPath + "'");
          return S;
        }
        // Rule 13: a result past the limits is refused, not clamped.
        if (Res.Confidence > NEVERC_OBJECT_PROBE_MAX_CONFIDENCE ||
            Res.ConsumedMinimum > NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM) {
          R.error(NEVERC_PHASE_OBJECT_PROBE_NAME,
                  "object format '" + F->Name + "' answered confidence " +
                      std::to_string(Res.Confidence) + " and consumed minimum " +
                      std::to_string(Res.ConsumedMinimum) +
                      " (the limits are 1000 and 65536): its probe result "
                      "is refused");
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        }
        P.Confidence = Res.Confidence;
        P.ArtifactKind = Res.ArtifactKind;
        P.ConsumedMinimum = Res.ConsumedMinimum;
      }
      P.Format = F.get();
      if (P.Confidence && P.Confidence >= Best.Confidence)
        Best = P;
    }
    R.J.Probe = Best;
    *Out = &R.J.Probe;
    return okStatus();
  }
};

struct ProbeVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<ProbeVerifier *>(Ctx)->R;
    auto &P = *static_cast<ProbeBox *>(Out);
    if (P.Confidence <= NEVERC_OBJECT_PROBE_MAX_CONFIDENCE &&
        P.ConsumedMinimum <= NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM)
      return okStatus();
    R.error("neverc.object.verify_probe", "the probe result is out of range");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

//===-- read ----------------------------------------------------------------//

struct ReadStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    Run &R = *static_cast<ReadStep *>(Ctx)->R;
    ObjectJob &J = R.J;
    auto &Input = *static_cast<InputBox *>(In);
    *Out = &J.GBox;
    const FormatRecord *F = J.Probe.Format;
    if (!F || !(F->Flags & NEVERC_OBJECT_FORMAT_CAN_READ)) {
      R.error(NEVERC_PHASE_OBJECT_READ_NAME,
              "'" + Input.LogicalPath + "' is not an object any format reads");
      return st(NEVERC_STATUS_NOT_FOUND);
    }
    if (F->Builtin) {
      Outcome O = F->ID == ELFFormat ? readELF(Input.Bytes, *J.G)
                                     : readForeign(Input.Bytes, *J.G);
      if (O) {
        R.error(NEVERC_PHASE_OBJECT_READ_NAME,
                "cannot read '" + Input.LogicalPath + "': " + O.Message);
        return st(O.Code == Errc::Unsupported
                      ? NEVERC_STATUS_CAPABILITY_UNAVAILABLE
                      : NEVERC_STATUS_INVALID_ARGUMENT);
      }
      J.ReadGeneration = J.G->generation();
      return okStatus();
    }
    // A plugin reader fills the graph in one mutation the host commits
    // (the reader cannot end it: its slots refuse).
    NevercObjectReadRequest Req{};
    Req.Header = {sizeof Req, NEVERC_OBJECT_FORMAT_API_MAJOR,
                  NEVERC_OBJECT_FORMAT_API_MINOR, 0};
    Req.Task = J.T.handle();
    Req.Input = bufferOf(Input.Bytes);
    fillTargetKey(J.G->Triple, F->ID, Req.Target);
    Req.LogicalPath = {Input.LogicalPath.data(), Input.LogicalPath.size()};
    Req.Object = &R.D.Object;
    Req.Graph = J.graph(J.G.get());
    Req.Mutation = J.openMutation(*J.G);
    Mutation **Raw = J.Mutations.lookup(Req.Mutation);
    if (!Raw)
      return st(NEVERC_STATUS_INVALID_STATE);
    J.HostMutation = *Raw;
    J.InHostCallback = true;
    NevercStatus S = F->Reader(F->UserData, &Req);
    J.InHostCallback = false;
    Outcome C;
    if (isOk(S))
      C = (*Raw)->commit();
    J.HostMutation = nullptr;
    J.endMutation(Req.Mutation); // abandons what a failed reader staged
    if (!isOk(S)) {
      R.error(NEVERC_PHASE_OBJECT_READ_NAME,
              "object format '" + F->Name + "' could not read '" +
                  Input.LogicalPath + "'");
      return S;
    }
    if (C) {
      R.error(NEVERC_PHASE_OBJECT_READ_NAME,
              "the graph object format '" + F->Name +
                  "' read is inconsistent: " + C.Message);
      return st(NEVERC_STATUS_INVALID_STATE);
    }
    J.G->Format = F->ID;
    return okStatus();
  }
};

//===-- write ---------------------------------------------------------------//

struct WriteStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    Run &R = *static_cast<WriteStep *>(Ctx)->R;
    ObjectJob &J = R.J;
    ImageBox &I = J.Image;
    *Out = &I;
    (void)In;
    const FormatRecord *F = J.Probe.Format;
    // Rule 12: flags are checked before anything is written.
    if (J.WriteFlags && (!legalWriteFlags(J.WriteFlags) || F->Minor < 1)) {
      R.error(NEVERC_PHASE_OBJECT_WRITE_NAME,
              !legalWriteFlags(J.WriteFlags)
                  ? "illegal object write flags 0x" +
                        llvm::utohexstr(J.WriteFlags) +
                        " (legal: none, or canonical-elf-tables alone or "
                        "with drop-debug-info and/or android-kernel-release)"
                  : "object format '" + F->Name +
                        "' is a 1.0 format: it takes no write flags");
      return st(NEVERC_STATUS_ABI_MISMATCH);
    }
    // Rule 6: a write needs the proof of the graph as it is now.
    const LayoutProof *P = J.G->layoutProof();
    if (!P || P->Generation != J.G->generation()) {
      R.warning(NEVERC_PHASE_OBJECT_WRITE_NAME,
                "the layout proof is for generation " +
                    std::to_string(J.G->lastLaidOut()) +
                    ", the graph is at " + std::to_string(J.G->generation()) +
                    ": the write with it is refused and the graph laid out "
                    "again");
      P = &J.G->proveLayout(F->ID);
    }
    I.Format = F->ID;
    I.GraphGeneration = J.G->generation();
    I.HasLayoutReport = true;
    I.Report = *P;
    I.State = NEVERC_OBJECT_IMAGE_CANDIDATE;
    if (F->Builtin) {
      bool Unchanged = J.G->generation() == J.ReadGeneration && !J.WriteFlags;
      if (F->ID != ELFFormat && Unchanged) {
        // A COFF or Mach-O graph nobody changed is the object read, byte
        // for byte (the writers' layouts are LLVM's, but a time stamp or a
        // producer's own order need not be).
        I.Bytes = std::string(J.In.Bytes);
        I.Provenance = "unchanged " + F->Name + " object, passed through";
        ++I.PublicationGeneration;
        return okStatus();
      }
      if (F->ID != ELFFormat && J.WriteFlags) {
        R.error(NEVERC_PHASE_OBJECT_WRITE_NAME, "cannot write '" + J.Path +
                                                    "': the write policies are "
                                                    "ELF's; a " +
                                                    F->Name +
                                                    " object takes none");
        return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
      }
      std::string Bytes;
      if (Outcome O = F->ID == COFFFormat ? writeCOFF(*J.G, Bytes)
                      : F->ID == MachOFormat
                          ? writeMachO(*J.G, Bytes)
                          : writeELF(*J.G, J.WriteFlags, Bytes)) {
        R.error(NEVERC_PHASE_OBJECT_WRITE_NAME,
                "cannot write '" + J.Path + "': " + O.Message);
        return st(O.Code == Errc::Unsupported
                      ? NEVERC_STATUS_CAPABILITY_UNAVAILABLE
                      : O.Code == Errc::InvalidState
                            ? NEVERC_STATUS_INVALID_STATE
                            : NEVERC_STATUS_INVALID_ARGUMENT);
      }
      if (Bytes.size() > I.Bound) {
        I.Aborted = true;
        I.AbortWhy = "the image is over its bound";
        return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
      }
      I.Bytes = std::move(Bytes);
      I.Provenance =
          F->ID == COFFFormat ? "neverc COFF writer" : "neverc ELF writer";
      ++I.PublicationGeneration;
      return okStatus();
    }
    NevercObjectWriteRequest Req{};
    Req.Header = {sizeof Req, NEVERC_OBJECT_FORMAT_API_MAJOR,
                  uint16_t(F->Minor >= 1 ? 1 : 0), 0};
    Req.Header.Flags = F->Minor >= 1 ? J.WriteFlags : 0;
    Req.Task = J.T.handle();
    fillTargetKey(J.G->Triple, F->ID, Req.Target);
    Req.FormatID = {F->ID.High, F->ID.Low};
    Req.Object = &R.D.Object;
    Req.Graph = J.graph(J.G.get());
    Req.LayoutProof = J.proof(P);
    Req.Binary = &R.D.Binary;
    Req.Builder = J.builder(&I);
    I.Bytes = std::string();
    bool WasWritable = I.Writable;
    I.Writable = true;
    J.InHostCallback = true;
    NevercStatus S = F->Writer(F->UserData, &Req);
    J.InHostCallback = false;
    I.Writable = WasWritable;
    I.Provenance = "object format " + F->Name;
    if (!isOk(S)) {
      R.error(NEVERC_PHASE_OBJECT_WRITE_NAME,
              "object format '" + F->Name + "' could not write '" + J.Path +
                  "'");
      return S;
    }
    return I.Aborted ? st(NEVERC_STATUS_RESOURCE_EXHAUSTED) : okStatus();
  }
};

/// verify_image_candidate / verify_mutable_binary: staging went through.
struct ImageVerifier {
  Run *R;
  const char *Name;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<ImageVerifier *>(Ctx);
    auto &I = *static_cast<ImageBox *>(Out);
    const char *Why = I.Aborted        ? nullptr
                      : I.Bytes.empty() ? "the image is empty"
                                        : nullptr;
    if (I.Aborted)
      V.R->error(V.Name, "staging was aborted: " + I.AbortWhy);
    else if (Why)
      V.R->error(V.Name, Why);
    return (I.Aborted || Why) ? st(NEVERC_STATUS_VERIFICATION_FAILED)
                              : okStatus();
  }
};

/// neverc.object.verify_final_image: the host's audit of the bytes. An ELF
/// image must parse as the relocatable object it claims to be; every
/// image must be within its bound and not aborted.
struct FinalVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<FinalVerifier *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(Out);
    std::string Why;
    if (I.Aborted)
      Why = "staging was aborted: " + I.AbortWhy;
    else if (I.Bytes.empty())
      Why = "the image is empty";
    else if (I.Bytes.size() > I.Bound)
      Why = "the image is over its bound";
    else if (I.Format == ELFFormat) {
      auto F = llvm::object::ELFFile<llvm::object::ELF64LE>::create(
          llvm::StringRef(I.Bytes));
      if (!F)
        Why = "not an ELF object: " + llvm::toString(F.takeError());
      else if (auto Secs = F->sections(); !Secs)
        Why = "its section table is broken: " + llvm::toString(Secs.takeError());
    }
    if (Why.empty()) {
      I.State = NEVERC_OBJECT_IMAGE_VERIFIED;
      return okStatus();
    }
    R.error("neverc.object.verify_final_image",
            "the object for '" + R.J.Path + "' is refused: " + Why);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

struct CommitStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    Run &R = *static_cast<CommitStep *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(In);
    *Out = In;
    std::string Error;
    if (!R.Out.Commit(R.Out.CommitCtx, I.Bytes.own(), Error)) {
      I.State = NEVERC_OBJECT_IMAGE_FAILED_PARTIAL;
      R.error(NEVERC_PHASE_OBJECT_COMMIT_NAME,
              "cannot commit '" + R.J.Path + "': " + Error);
      return st(NEVERC_STATUS_OUTPUT_PARTIAL);
    }
    I.State = NEVERC_OBJECT_IMAGE_COMMITTED;
    return okStatus();
  }
};

struct CommitVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<CommitVerifier *>(Ctx)->R;
    auto &I = *static_cast<ImageBox *>(Out);
    if (I.State == NEVERC_OBJECT_IMAGE_COMMITTED)
      return okStatus();
    R.error("neverc.object.commit_image", "the image was not committed");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

} // namespace

bool ObjectDomain::Impl::graphWanted() const {
  if (Formats.size() > BuiltinFormats)
    return true;
  for (uint32_t P : GraphPhases)
    if (phaseActive(P))
      return true;
  return WriteFlags != 0;
}

bool ObjectDomain::Impl::active() const {
  if (graphWanted())
    return true;
  for (uint32_t P : ImagePhases)
    if (phaseActive(P))
      return true;
  return false;
}

int runPipeline(ObjectDomain::Impl &D, core::Task &T,
                ObjectDomain::Output &Out) {
  ObjectJob J(T);
  J.Path = Out.Path;
  J.Triple = Out.Triple;
  J.WriteFlags = D.WriteFlags;
  J.In.Bytes = Out.Bytes;
  J.In.LogicalPath = Out.Path;
  core::JobRegistry<ObjectJob>::Scope Scope(D.Jobs, T, J);
  Run R{D, J, Out};

  auto Phase = [&](uint32_t Id, void *Input, core::PhaseStep Step,
                   core::PhaseVerifier V, void *Prepared = nullptr) {
    return core::runJobPhase(D.H, T, J.Phase, Id, Input, Step, V, Prepared);
  };

  auto Failed = [&](const core::PhaseOutcome &O) {
    if (isOk(O.Status))
      return false;
    J.Image.State = NEVERC_OBJECT_IMAGE_ABORTED;
    return true;
  };

  if (D.graphWanted()) {
    J.G = std::make_unique<Graph>();
    J.G->Triple = Out.Triple;
    J.GBox.G = J.G.get();
    ProbeStep PS{&R};
    ProbeVerifier PV{&R};
    // A provider of probe replaces the choice of format; no slot names
    // one, so what it returns is the empty result: no format claims the
    // bytes (and the graph phases are skipped, with a warning).
    if (Failed(Phase(core::Phase_OBJECT_PROBE, &J.In, {&ProbeStep::run, &PS},
                     {&ProbeVerifier::run, &PV}, &J.Probe)))
      return 1;
    if (!J.Probe.Format) {
      // No format claims the bytes (neither ELF, COFF nor Mach-O, and no
      // plugin format): the graph phases cannot run; the image phases do.
      R.warning(NEVERC_PHASE_OBJECT_READ_NAME,
                "no object format reads '" + J.Path +
                    "': the graph phases (read, pre_write, post_layout, "
                    "write) do not run for it");
      J.Image.Bytes = std::move(Out.Bytes);
      J.Image.Provenance = "the compiler's object writer";
      J.G.reset();
      J.GBox.G = nullptr;
    }
  }
  if (J.G) {
    ReadStep RS{&R};
    if (Failed(Phase(core::Phase_OBJECT_READ, &J.In, {&ReadStep::run, &RS}, {},
                     &J.GBox)))
      return 1;
    if (Failed(Phase(core::Phase_OBJECT_PRE_WRITE, &J.GBox, {&identity, nullptr},
                     {})))
      return 1;
    J.G->proveLayout(J.Probe.Format->ID);
    uint64_t Laid = J.G->generation();
    if (Failed(Phase(core::Phase_OBJECT_POST_LAYOUT, &J.GBox,
                     {&identity, nullptr}, {})))
      return 1;
    if (J.G->generation() != Laid)
      J.G->proveLayout(J.Probe.Format->ID); // changed after layout: again
    WriteStep WS{&R};
    ImageVerifier WV{&R, "neverc.object.verify_image_candidate"};
    // A provider (or an interceptor) of write fills the candidate through
    // its builder.
    J.Image.Writable = true;
    core::PhaseOutcome WO = Phase(core::Phase_OBJECT_WRITE, &J.GBox,
                                  {&WriteStep::run, &WS},
                                  {&ImageVerifier::run, &WV}, &J.Image);
    J.Image.Writable = false;
    if (Failed(WO))
      return 1;
  } else if (!D.graphWanted()) {
    // Nobody looks at a graph: the candidate is the writer's bytes.
    J.Image.Bytes = std::move(Out.Bytes);
    J.Image.Provenance = "the compiler's object writer";
  }
  if (!J.G) {
    if (J.Image.Bytes.view().substr(0, 4) == "\x7f"
                                             "ELF")
      J.Image.Format = ELFFormat;
    J.Image.State = NEVERC_OBJECT_IMAGE_CANDIDATE;
  }
  ImageVerifier BV{&R, "neverc.object.verify_mutable_binary"};
  J.Image.Writable = true; // interceptors only: the slots check the role
  core::PhaseOutcome PO = Phase(core::Phase_OBJECT_POST_WRITE, &J.Image,
                                {&identity, nullptr},
                                {&ImageVerifier::run, &BV});
  J.Image.Writable = false;
  if (Failed(PO))
    return 1;
  FinalVerifier FV{&R};
  if (Failed(Phase(core::Phase_OBJECT_FINAL_VERIFY, &J.Image,
                   {&identity, nullptr}, {&FinalVerifier::run, &FV})))
    return 1;
  CommitStep CS{&R};
  CommitVerifier CV{&R};
  if (Failed(Phase(core::Phase_OBJECT_COMMIT, &J.Image, {&CommitStep::run, &CS},
                   {&CommitVerifier::run, &CV})))
    return 1;
  return 0;
}

} // namespace neverc::object
