//===- Registrar.cpp - NevercLinkRegistrarAPI -----------------------------===//
//
// Like every registrar slot: the first parameter is the RegistrarContext
// the plugin's Register received; Host::registrarOwner names the plugin and
// refuses a call outside its Register (INVALID_STATE, rule 17) or with a
// context that names no plugin (INVALID_ARGUMENT). A refused registration
// takes nothing (the plugin keeps UserData); an accepted one hands UserData
// to the domain, which calls DestroyUserData once, at shutdown.
//
// Project decisions (the spec is silent):
//  - A linker provider serves neverc.link.full for the links whose output
//    kind is its OutputKind, whose target is its TargetID and whose output
//    format is its OutputFormat (a null ID matches any); the first one
//    registered that matches wins, and lld serves the rest. Its failure
//    fails the link: there is no silent fallback to lld (rule 19).
//  - An image verifier runs at neverc.link.image_verify, after the host's
//    audit, for the images of its OutputKind, TargetID and FormatID (null
//    IDs match any).
//  - IDs are unique per kind (DUPLICATE_ID).
//  - A provider or verifier for RELOCATABLE or BUNDLE outputs is refused
//    with CAPABILITY_UNAVAILABLE: a -r link's object is not served to
//    them yet and ELF has no bundles, so it would never be called.
//  - A linker provider flagged REPLAY_REQUIRED is refused with
//    CAPABILITY_UNAVAILABLE: no replay log of a link is kept.
//  - An object-merge provider serves neverc.link.object_merge for the -r
//    links whose target is its TargetID and whose format is its FormatID
//    (null IDs match any); the first registered that matches wins. It is
//    handed the objects read as NevercObjectAPI graphs the object domain
//    lends (read-only) and an output graph with the host's open mutation,
//    which the host commits and the ELF writer writes. Its failure fails
//    the link (no silent fallback), and REPLAY_REQUIRED is refused like a
//    linker provider's.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

namespace neverc::link {
namespace {

constexpr uint16_t Major = NEVERC_LINK_REGISTRAR_API_MAJOR;
constexpr uint64_t KnownProviderFlags = NEVERC_LINK_PROVIDER_DETERMINISTIC |
                                        NEVERC_LINK_PROVIDER_CACHEABLE |
                                        NEVERC_LINK_PROVIDER_REPLAY_REQUIRED;

bool validView(NevercStringView V) { return V.Data || !V.Length; }
bool validKind(uint32_t K) {
  return K >= NEVERC_LINK_OUTPUT_RELOCATABLE && K <= NEVERC_LINK_OUTPUT_BUNDLE;
}
/// The output kinds providers and verifiers serve: a -r link's object is
/// the built-in merge's (or lld's) and audited by the host alone, and ELF
/// has no bundles, so one of those kinds would never be called; it is
/// refused rather than silently accepted.
bool servedKind(uint32_t K) {
  return K == NEVERC_LINK_OUTPUT_EXECUTABLE ||
         K == NEVERC_LINK_OUTPUT_SHARED_LIBRARY;
}

/// The checks every registrar slot starts with; \p Owner names the plugin.
template <class Desc>
NevercStatus open(LinkDomain::Impl &D, void *Registrar, const Desc *P,
                  const core::Plugin **Owner) {
  if (!Registrar || !P)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (NevercStatus S = D.H.registrarOwner(Registrar, Owner); !isOk(S))
    return S;
  return core::checkDescriptorHeader(P, sizeof *P, Major);
}

NevercStatus refuse(LinkDomain::Impl &D, const core::Plugin *Owner,
                    const char *Slot, const std::string &Why,
                    NevercStatusCode Code = NEVERC_STATUS_INVALID_DESCRIPTOR) {
  D.H.report(NEVERC_DIAGNOSTIC_WARNING, Why, Owner,
             std::string("NevercLinkRegistrarAPI.") + Slot);
  return st(Code);
}

/// The OutputKind rules linker providers and image verifiers share: a
/// NEVERC_LINK_OUTPUT_* value, and one whose links run the link phases
/// (-r links and bundles do not: CAPABILITY_UNAVAILABLE, not a silent
/// registration that is never called).
template <class RefuseFn>
NevercStatus checkOutputKind(uint32_t Kind, RefuseFn &&Bad) {
  if (!validKind(Kind))
    return Bad("its OutputKind is not a NEVERC_LINK_OUTPUT_* value",
               NEVERC_STATUS_INVALID_DESCRIPTOR);
  if (!servedKind(Kind))
    return Bad("its OutputKind (relocatable, bundle) is not served yet: a "
               "-r link's object is audited by the host alone",
               NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  return okStatus();
}

/// The rules linker and object-merge providers share: Flags of the known
/// bits, a CompatibilityKey view with data when it has a length, and no
/// REPLAY_REQUIRED (neverc keeps no replay log of a link).
template <class RefuseFn>
NevercStatus checkProviderFlags(uint64_t Flags, NevercStringView Key,
                                RefuseFn &&Bad) {
  if (Flags & ~KnownProviderFlags)
    return Bad("Flags has bits other than DETERMINISTIC, CACHEABLE and "
               "REPLAY_REQUIRED",
               NEVERC_STATUS_INVALID_DESCRIPTOR);
  if (!validView(Key))
    return Bad("the CompatibilityKey view has a length but no data",
               NEVERC_STATUS_INVALID_DESCRIPTOR);
  if (Flags & NEVERC_LINK_PROVIDER_REPLAY_REQUIRED)
    return Bad("REPLAY_REQUIRED, and neverc keeps no replay log of a link "
               "to replay it from",
               NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  return okStatus();
}

NevercStatus NEVERC_CALL registerLinkerProvider(
    void *Ctx, void *Registrar, const NevercLinkerProviderDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = open(D, Registrar, Desc, &Owner); !isOk(S))
      return S;
    const char *Slot = "RegisterLinkerProvider";
    const NevercLinkerProviderDescriptor &F = *Desc;
    if (!validView(F.ProviderID) || !F.ProviderID.Length)
      return refuse(D, Owner, Slot, "linker provider refused: no ProviderID");
    std::string ID(F.ProviderID.Data, F.ProviderID.Length);
    auto Bad = [&](const char *Why,
                   NevercStatusCode C = NEVERC_STATUS_INVALID_DESCRIPTOR) {
      return refuse(D, Owner, Slot,
                    "linker provider '" + ID + "' refused: " + Why, C);
    };
    if (!F.Link)
      return Bad("it has no Link callback");
    if (NevercStatus S = checkOutputKind(F.OutputKind, Bad); !isOk(S))
      return S;
    if (F.Reserved)
      return Bad("Reserved is not 0");
    if (NevercStatus S = checkProviderFlags(F.Flags, F.CompatibilityKey, Bad);
        !isOk(S))
      return S;
    for (const auto &P : D.Providers)
      if (P->ID == ID)
        return refuse(D, Owner, Slot,
                      "linker provider '" + ID + "' is registered already",
                      NEVERC_STATUS_DUPLICATE_ID);
    auto R = std::make_unique<LinkerProvider>();
    R->take(ID, F, Owner);
    R->InputFormat = F.InputFormat;
    R->OutputFormat = F.OutputFormat;
    R->OutputKind = F.OutputKind;
    R->Link = F.Link;
    R->VerifyImage = F.VerifyImage;
    D.Providers.push_back(std::move(R));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL registerObjectMergeProvider(
    void *Ctx, void *Registrar,
    const NevercObjectMergeProviderDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = open(D, Registrar, Desc, &Owner); !isOk(S))
      return S;
    const char *Slot = "RegisterObjectMergeProvider";
    if (!validView(Desc->ProviderID) || !Desc->ProviderID.Length)
      return refuse(D, Owner, Slot,
                    "object-merge provider refused: no ProviderID");
    const NevercObjectMergeProviderDescriptor &F = *Desc;
    std::string ID(F.ProviderID.Data, F.ProviderID.Length);
    auto Bad = [&](const char *Why,
                   NevercStatusCode C = NEVERC_STATUS_INVALID_DESCRIPTOR) {
      return refuse(D, Owner, Slot,
                    "object-merge provider '" + ID + "' refused: " + Why, C);
    };
    if (!F.Merge)
      return Bad("it has no Merge callback");
    if (NevercStatus S = checkProviderFlags(F.Flags, F.CompatibilityKey, Bad);
        !isOk(S))
      return S;
    if (!D.Objects)
      return Bad("this host has no object domain to lend a -r link's "
                 "objects through",
                 NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    for (const auto &P : D.MergeProviders)
      if (P->ID == ID)
        return refuse(D, Owner, Slot,
                      "object-merge provider '" + ID +
                          "' is registered already",
                      NEVERC_STATUS_DUPLICATE_ID);
    auto R = std::make_unique<MergeProvider>();
    R->take(ID, F, Owner);
    R->FormatID = F.FormatID;
    R->Merge = F.Merge;
    D.MergeProviders.push_back(std::move(R));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL registerBinaryImageVerifier(
    void *Ctx, void *Registrar,
    const NevercBinaryImageVerifierDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = open(D, Registrar, Desc, &Owner); !isOk(S))
      return S;
    const char *Slot = "RegisterBinaryImageVerifier";
    const NevercBinaryImageVerifierDescriptor &F = *Desc;
    if (!validView(F.VerifierID) || !F.VerifierID.Length)
      return refuse(D, Owner, Slot, "image verifier refused: no VerifierID");
    std::string ID(F.VerifierID.Data, F.VerifierID.Length);
    auto Bad = [&](const char *Why,
                   NevercStatusCode C = NEVERC_STATUS_INVALID_DESCRIPTOR) {
      return refuse(D, Owner, Slot,
                    "image verifier '" + ID + "' refused: " + Why, C);
    };
    if (!F.Verify)
      return Bad("it has no Verify callback");
    if (NevercStatus S = checkOutputKind(F.OutputKind, Bad); !isOk(S))
      return S;
    if (F.Reserved)
      return Bad("Reserved is not 0");
    for (const auto &V : D.Verifiers)
      if (V->ID == ID)
        return refuse(D, Owner, Slot,
                      "image verifier '" + ID + "' is registered already",
                      NEVERC_STATUS_DUPLICATE_ID);
    auto R = std::make_unique<ImageVerifier>();
    R->ID = ID;
    R->TargetID = F.TargetID;
    R->FormatID = F.FormatID;
    R->OutputKind = F.OutputKind;
    R->Verify = F.Verify;
    R->UserData = F.UserData;
    R->DestroyUserData = F.DestroyUserData;
    R->Owner = Owner;
    D.Verifiers.push_back(std::move(R));
    return okStatus();
  });
}

} // namespace

void fillLinkRegistrarAPI(NevercLinkRegistrarAPI &T) {
  T.Header = {sizeof T, NEVERC_LINK_REGISTRAR_API_MAJOR,
              NEVERC_LINK_REGISTRAR_API_MINOR, 0};
  T.RegisterLinkerProvider = registerLinkerProvider;
  T.RegisterObjectMergeProvider = registerObjectMergeProvider;
  T.RegisterBinaryImageVerifier = registerBinaryImageVerifier;
}

} // namespace neverc::link
