//===- Domain.cpp - LinkDomain: joining a link ----------------------------===//
//
// The driver hands every in-process link here (LinkDomain::runLink). When
// no plugin is on a link phase and none registered a linker provider or an
// image verifier, the link is lld's, untouched. Otherwise the request is
// read from lld's command line and the whole-link route runs
// (Pipeline.cpp).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "neverc/object/TargetKey.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/StringSaver.h"

namespace neverc::link {
namespace {

constexpr uint32_t LinkPhases[] = {core::Phase_LINK_FULL,
                                   core::Phase_LINK_OBJECT_MERGE,
                                   core::Phase_LINK_POST_EMIT,
                                   core::Phase_LINK_IMAGE_VERIFY,
                                   core::Phase_LINK_SIDE_OUTPUTS_VERIFY,
                                   core::Phase_LINK_COMMIT,
                                   core::Phase_LINK_AFTER_COMMIT};

NevercStringView viewOf(const std::string &S) { return {S.data(), S.size()}; }

} // namespace

LinkJob::LinkJob(core::Task &T)
    : T(T), Scope(core::decodeHandle(T.handle()).Scope),
      Requests(hk(LinkHandleKind::Request), Scope),
      Graphs(hk(LinkHandleKind::Graph), Scope),
      Inputs(hk(LinkHandleKind::Input), Scope),
      Archives(hk(LinkHandleKind::Archive), Scope),
      ArchiveMembers(hk(LinkHandleKind::ArchiveMember), Scope),
      SharedLibraries(hk(LinkHandleKind::SharedLibrary), Scope),
      BitcodeModules(hk(LinkHandleKind::BitcodeModule), Scope),
      Sections(hk(LinkHandleKind::Section), Scope),
      Atoms(hk(LinkHandleKind::Atom), Scope),
      Symbols(hk(LinkHandleKind::Symbol), Scope),
      Edges(hk(LinkHandleKind::Edge), Scope),
      Comdats(hk(LinkHandleKind::Comdat), Scope),
      Imports(hk(LinkHandleKind::Import), Scope),
      Exports(hk(LinkHandleKind::Export), Scope),
      Unwinds(hk(LinkHandleKind::Unwind), Scope),
      Synthetics(hk(LinkHandleKind::Synthetic), Scope),
      Constraints(hk(LinkHandleKind::Constraint), Scope),
      Mutations(hk(LinkHandleKind::Mutation), Scope),

      Images(hk(LinkHandleKind::Image), Scope),
      Builders(hk(LinkHandleKind::Builder), Scope),
      Bundles(hk(LinkHandleKind::Bundle), Scope),
      Segments(hk(LinkHandleKind::Segment), Scope),
      ImageSections(hk(LinkHandleKind::ImageSection), Scope) {}

NevercHandle LinkJob::request() {
  if (!Requests.lookup(RequestHandle))
    RequestHandle = Requests.insert(this);
  return RequestHandle;
}

void LinkJob::fillRequest() {
  if (CRequest.Header.StructSize)
    return;
  NevercLinkRequest &Q = CRequest;
  Q.Header = {sizeof Q, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
  Q.Request = request();
  Q.Task = T.handle();
  object::fillTargetKey(Triple, object::ELFFormat, Q.Target);
  Q.InputFormat = Q.OutputFormat = elfFormatID();
  Q.OutputKind = Req.OutputKind;
  Q.OutputURI = viewOf(Req.OutputPath);
  NevercLinkOptions &O = Q.Options;
  O.Header = {sizeof O, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
  O.Flags = Req.Flags;
  O.EntrySymbol = viewOf(Req.Entry);
  O.Soname = viewOf(Req.Soname);
  O.ImageBase = Req.ImageBase;
  O.PageSize = Req.PageSize;
  O.ThreadBudget = Req.Threads;
  for (const std::string &S : Req.SearchPaths)
    CSearchPaths.push_back(viewOf(S));
  for (const std::string &S : Req.Libraries)
    CLibraries.push_back(viewOf(S));
  O.SearchPaths = {CSearchPaths.data(), CSearchPaths.size(),
                   sizeof(NevercStringView)};
  O.Libraries = {CLibraries.data(), CLibraries.size(),
                 sizeof(NevercStringView)};
  for (const RawInput &In : Req.Inputs) {
    NevercRawLinkInput R{};
    R.Header = {sizeof R, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
    R.Kind = In.Kind;
    R.Flags = In.Flags;
    R.Ordinal = In.Ordinal;
    R.LogicalURI = viewOf(In.URI);
    // The bytes are the file's: a provider reads them at LogicalURI (the
    // host authorizes no in-memory copy in this route).
    CInputs.push_back(R);
  }
  NevercRawLinkInputSet &S = Q.RawInputs;
  S.Header = {sizeof S, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
  S.Inputs = {CInputs.data(), CInputs.size(), sizeof(NevercRawLinkInput)};
  // The digests pin the order of the inputs and the whole request: a
  // SHA-256 over their text.
  std::string Order, All;
  for (const RawInput &In : Req.Inputs)
    Order += std::to_string(In.Kind) + ':' + std::to_string(In.Flags) + ':' +
             In.URI + '\n';
  All = Triple + '\n' + Req.OutputPath + '\n' + std::to_string(Req.OutputKind) +
        '\n' + std::to_string(Req.Flags) + '\n' + Req.Entry + '\n' +
        Req.Soname + '\n' + Order;
  digestOf(Order, S.OrderDigest);
  digestOf(All, Q.RequestDigest);
}

const ImageFacts *LinkJob::facts() {
  if (FactsGenerationOf != Image.PublicationGeneration || !FactsRead) {
    // New bytes: the segment and section handles of the old ones go stale.
    for (NevercHandle H : SegmentHandles)
      Segments.erase(H);
    for (NevercHandle H : SectionHandles)
      ImageSections.erase(H);
    SegmentHandles.clear();
    SectionHandles.clear();
    Image.FactsValid =
        readImageFacts(Image.Bytes, Image.Facts, Image.FactsError);
    FactsGenerationOf = Image.PublicationGeneration;
    FactsRead = true;
    if (Image.FactsValid) {
      for (size_t I = 0; I < Image.Facts.Segments.size(); ++I)
        SegmentHandles.push_back(Segments.insert(I));
      for (size_t I = 0; I < Image.Facts.Sections.size(); ++I)
        SectionHandles.push_back(ImageSections.insert(I));
    }
  }
  return Image.FactsValid ? &Image.Facts : nullptr;
}

LinkDomain::Impl::Impl(core::Host &H) : H(H) {
  fillLinkAPI(Link);
  fillLinkPhaseAPI(Phase);
  fillLinkRegistrarAPI(Registrar);
  fillLTOAPI(LTO);
  fillLTORegistrarAPI(LTORegistrar);
  fillLTOCodegenAPI(LTOCodegen);
  object::fillMutableBinaryAPI(Binary, *this);
  Link.Context = Phase.Context = Registrar.Context = LTO.Context =
      LTORegistrar.Context = LTOCodegen.Context = this;
}

LinkDomain::Impl::~Impl() { shutdownProviders(); }

void LinkDomain::Impl::shutdownProviders() {
  // Their destructors live in the plugins' modules: this runs while those
  // are still loaded (LinkDomain::shutdown, before the host's).
  for (auto &P : Providers)
    if (P->DestroyUserData)
      P->DestroyUserData(P->UserData);
  for (auto &V : Verifiers)
    if (V->DestroyUserData)
      V->DestroyUserData(V->UserData);
  for (auto &P : LtoProviders)
    if (P->DestroyUserData)
      P->DestroyUserData(P->UserData);
  for (auto &P : MergeProviders)
    if (P->DestroyUserData)
      P->DestroyUserData(P->UserData);
  Providers.clear();
  Verifiers.clear();
  LtoProviders.clear();
  MergeProviders.clear();
}

bool LinkDomain::Impl::stepsActive() const {
  static_assert(core::Phase_LINK_EMIT_IMAGE ==
                    core::Phase_LINK_INPUT_PROBE + LinkStepCount - 1,
                "the thirteen steps are consecutive phases");
  for (uint32_t K = 0; K < LinkStepCount; ++K)
    if (phaseActive(core::Phase_LINK_INPUT_PROBE + K))
      return true;
  return false;
}

bool LinkDomain::Impl::graphByDefault(const LinkDomain::Link &L) const {
  // A line the driver gave another linker (one lld cannot parse, spawned)
  // stays with it.
  return Choice == LinkDomain::Linker::Default && !L.Argv.empty() &&
         L.Argv[0] == "ld.lld" && !phaseActive(core::Phase_LINK_FULL);
}

bool LinkDomain::Impl::active() const {
  if (Choice == LinkDomain::Linker::Graph || !Providers.empty() ||
      !Verifiers.empty() || !MergeProviders.empty() || stepsActive())
    return true;
  for (uint32_t P : LinkPhases)
    if (phaseActive(P))
      return true;
  return false;
}

NevercStatus LinkDomain::Impl::resolveStage(NevercTaskHandle Task,
                                            NevercHandle Builder,
                                            core::Task **T,
                                            object::BinaryStage **Out) {
  LinkJob *J;
  if (NevercStatus S = link::jobOf(*this, Task, &J); !isOk(S))
    return S;
  ImageBox **P;
  if (NevercStatus S = lookup(*this, *J, J->Builders, Builder, &P); !isOk(S))
    return S;
  *T = &J->T;
  *Out = *P;
  return okStatus();
}

NevercStatus jobOf(LinkDomain::Impl &D, NevercTaskHandle TH, LinkJob **Out) {
  core::Task *T = nullptr;
  if (NevercStatus S = D.H.resolveTask(TH, &T); !isOk(S))
    return S;
  LinkJob *J = D.Jobs.find(T);
  if (!J)
    return st(NEVERC_STATUS_INVALID_STATE); // no link runs in this task
  *Out = J;
  return okStatus();
}

NevercTargetID targetIDOf(const std::string &Triple) {
  return object::targetIDOf(Triple);
}

NevercObjectFormatID elfFormatID() {
  return {object::ELFFormat.High, object::ELFFormat.Low};
}

bool sameID(const NevercInterfaceID &A, const NevercInterfaceID &B) {
  return A.High == B.High && A.Low == B.Low;
}

LinkDomain::LinkDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  NevercStatus S = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_LINK_HIGH, NEVERC_INTERFACE_LINK_LOW},
      NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, &P->Link, sizeof P->Link);
  if (isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_LINK_PHASE_HIGH,
                          NEVERC_INTERFACE_LINK_PHASE_LOW},
        NEVERC_LINK_PHASE_API_MAJOR, NEVERC_LINK_PHASE_API_MINOR, &P->Phase,
        sizeof P->Phase);
  if (isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_LINK_REGISTRAR_HIGH,
                          NEVERC_INTERFACE_LINK_REGISTRAR_LOW},
        NEVERC_LINK_REGISTRAR_API_MAJOR, NEVERC_LINK_REGISTRAR_API_MINOR,
        &P->Registrar, sizeof P->Registrar);
  if (isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_LTO_HIGH, NEVERC_INTERFACE_LTO_LOW},
        NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, &P->LTO, sizeof P->LTO);
  if (isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_LTO_REGISTRAR_HIGH,
                          NEVERC_INTERFACE_LTO_REGISTRAR_LOW},
        NEVERC_LTO_REGISTRAR_API_MAJOR, NEVERC_LTO_REGISTRAR_API_MINOR,
        &P->LTORegistrar, sizeof P->LTORegistrar);
  if (isOk(S))
    H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_LTO_CODEGEN_HIGH,
                                         NEVERC_INTERFACE_LTO_CODEGEN_LOW},
                       NEVERC_LTO_CODEGEN_API_MAJOR,
                       NEVERC_LTO_CODEGEN_API_MINOR, &P->LTOCodegen,
                       sizeof P->LTOCodegen);
}
LinkDomain::~LinkDomain() = default;

bool LinkDomain::active() const { return P->active(); }

void LinkDomain::chooseLinker(Linker L) { P->Choice = L; }

void LinkDomain::setLtoIR(LtoIR *IR) { P->IR = IR; }

void LinkDomain::setObjectDomain(object::ObjectDomain *O) { P->Objects = O; }

void LinkDomain::shutdown() { P->shutdownProviders(); }

int LinkDomain::runUnwatched(Link &L) {
  return P->graphByDefault(L) ? linkByDefault(L.Argv, L.RunLld)
                              : L.RunLld(L.Argv);
}

bool LinkDomain::watches(const Link &L) const {
  if (P->active())
    return true;
  // Plugins' IR phases run inside LTO, and LTO providers make its code: a
  // link with bitcode goes through the phases; any other costs them
  // nothing.
  if ((!P->IR || !P->IR->active()) && P->LtoProviders.empty())
    return false;
  LinkRequestModel R;
  return parseLinkLine(expandLinkResponseFiles(L.Argv), R) && linkHasBitcode(R);
}

int LinkDomain::runLink(core::Task &T, Link &L) {
  if (!watches(L))
    return runUnwatched(L);
  // The request and the staged line both read the expanded line: an -o or
  // a -Map inside a response file is moved into the staging directory too.
  std::vector<std::string> Line = expandLinkResponseFiles(L.Argv);
  LinkRequestModel Req;
  if (!parseLinkLine(Line, Req))
    return L.RunLld(L.Argv);
  L.Argv = std::move(Line);
  return runPipeline(*P, T, L, std::move(Req));
}

} // namespace neverc::link
