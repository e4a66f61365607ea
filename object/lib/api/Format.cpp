//===- Format.cpp - NevercObjectFormatAPI: registering object formats -----===//
//
// RegisterFormat adds a format after the built-in ELF, COFF and Mach-O
// ones. Like every registrar slot (mc's RegisterEncoder, ir's
// RegisterPass): the first parameter is the RegistrarContext the plugin's
// Register received, and Host::registrarOwner both names the plugin and
// refuses a call outside its Register (INVALID_STATE) or with a context
// that names no plugin (INVALID_ARGUMENT).
//
// Ownership of UserData (core H32/H33): a refused registration takes
// nothing, the plugin keeps UserData; an accepted one hands it to the
// domain, which calls DestroyUserData once when the format goes (with
// the domain, ObjectDomain::Impl's destructor).
//
// The descriptor's Header.Minor is the object-format revision the
// provider understands (1: the write-request flags). A newer provider's
// higher minor is kept as 1, the newest this host knows: it understands
// the flags, and nothing newer is ever sent.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include <algorithm>

namespace neverc::object {
namespace {

constexpr uint16_t Major = NEVERC_OBJECT_FORMAT_API_MAJOR;
constexpr uint64_t KnownFlags = NEVERC_OBJECT_FORMAT_CAN_PROBE |
                                NEVERC_OBJECT_FORMAT_CAN_READ |
                                NEVERC_OBJECT_FORMAT_CAN_WRITE;

bool validView(NevercStringView V) { return V.Data || !V.Length; }

/// Element \p I of a strided array view.
template <class T>
const T &elementAt(const T *Data, uint64_t Stride, uint64_t I) {
  return *reinterpret_cast<const T *>(reinterpret_cast<const char *>(Data) +
                                      Stride * I);
}

/// Whether \p Name is already a name or alias of a format.
bool nameTaken(const ObjectDomain::Impl &D, const std::string &Name) {
  for (const auto &F : D.Formats)
    if (F->Name == Name || std::find(F->Aliases.begin(), F->Aliases.end(),
                                     Name) != F->Aliases.end())
      return true;
  return false;
}

NevercStatus NEVERC_CALL registerFormat(
    void *Ctx, void *Registrar, const NevercObjectFormatDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    ObjectDomain::Impl &D = impl(Ctx);
    if (!Registrar || !Desc)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !isOk(S))
      return S;
    // Minor 0 and 1 share one layout: the 1.1 policies travel in the write
    // request, not here.
    if (NevercStatus S = core::checkDescriptorHeader(Desc, sizeof *Desc, Major);
        !isOk(S))
      return S;
    const NevercObjectFormatDescriptor &F = *Desc;
    auto Invalid = [&](const char *Why) {
      D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                 std::string("object format refused: ") + Why, Owner,
                 "NevercObjectFormatAPI.RegisterFormat");
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    };
    if (!F.FormatID.High && !F.FormatID.Low)
      return Invalid("the FormatID is null");
    if (F.Flags & ~KnownFlags)
      return Invalid("Flags has bits other than CAN_PROBE, CAN_READ and "
                     "CAN_WRITE");
    if (((F.Flags & NEVERC_OBJECT_FORMAT_CAN_PROBE) && !F.Probe) ||
        ((F.Flags & NEVERC_OBJECT_FORMAT_CAN_READ) && !F.Reader) ||
        ((F.Flags & NEVERC_OBJECT_FORMAT_CAN_WRITE) && !F.Writer))
      return Invalid("a CAN_* flag is set without its callback");
    if (!validView(F.CanonicalName) || !F.CanonicalName.Length)
      return Invalid("the CanonicalName is empty");
    if (!validView(F.DefaultExtension))
      return Invalid("the DefaultExtension view has a length but no data");
    if (F.Aliases.Count &&
        (!F.Aliases.Data || F.Aliases.ElementStride < sizeof(NevercStringView)))
      return Invalid("the Aliases array view is malformed");
    if (F.SupportedTargets.Count &&
        (!F.SupportedTargets.Data ||
         F.SupportedTargets.ElementStride < sizeof(NevercInterfaceID)))
      return Invalid("the SupportedTargets array view is malformed");

    auto R = std::make_unique<FormatRecord>();
    R->ID = {F.FormatID.High, F.FormatID.Low};
    R->Name.assign(F.CanonicalName.Data, F.CanonicalName.Length);
    if (F.DefaultExtension.Length)
      R->DefaultExtension.assign(F.DefaultExtension.Data,
                                 F.DefaultExtension.Length);
    for (uint64_t I = 0; I < F.Aliases.Count; ++I) {
      const NevercStringView &A =
          elementAt(F.Aliases.Data, F.Aliases.ElementStride, I);
      if (!validView(A) || !A.Length)
        return Invalid("an alias is empty");
      R->Aliases.emplace_back(A.Data, A.Length);
    }
    for (uint64_t I = 0; I < F.SupportedTargets.Count; ++I) {
      const NevercInterfaceID &T = elementAt(
          F.SupportedTargets.Data, F.SupportedTargets.ElementStride, I);
      if (!T.High && !T.Low)
        return Invalid("a supported target ID is null");
      R->Targets.push_back(T);
    }

    // One format per ID, and one format per name: the built-ins' IDs are
    // taken even before their records exist, and a name or alias that
    // already selects a format cannot select another.
    for (size_t I = 0; I < R->Aliases.size(); ++I)
      if (R->Aliases[I] == R->Name ||
          std::find(R->Aliases.begin(), R->Aliases.begin() + I,
                    R->Aliases[I]) != R->Aliases.begin() + I)
        return Invalid("an alias repeats the name or another alias");
    auto Duplicate = [&](std::string What) {
      D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                 "object format '" + R->Name + "' refused: " + What, Owner,
                 "NevercObjectFormatAPI.RegisterFormat");
      return st(NEVERC_STATUS_DUPLICATE_ID);
    };
    for (FormatID Builtin : {ELFFormat, COFFFormat, MachOFormat})
      if (Builtin == R->ID)
        return Duplicate("its FormatID is a built-in format's");
    for (const auto &Existing : D.Formats)
      if (Existing->ID == R->ID)
        return Duplicate("its FormatID is the one of '" + Existing->Name + "'");
    if (nameTaken(D, R->Name))
      return Duplicate("the name already selects a format");
    for (const std::string &A : R->Aliases)
      if (nameTaken(D, A))
        return Duplicate("the alias '" + A + "' already selects a format");

    R->Flags = F.Flags;
    R->Minor =
        std::min<uint16_t>(F.Header.Minor, NEVERC_OBJECT_FORMAT_API_MINOR);
    // A callback whose CAN_* bit is clear is never called, even if given.
    if (F.Flags & NEVERC_OBJECT_FORMAT_CAN_PROBE)
      R->Probe = F.Probe;
    if (F.Flags & NEVERC_OBJECT_FORMAT_CAN_READ)
      R->Reader = F.Reader;
    if (F.Flags & NEVERC_OBJECT_FORMAT_CAN_WRITE)
      R->Writer = F.Writer;
    R->UserData = F.UserData;
    R->DestroyUserData = F.DestroyUserData;
    R->Owner = Owner;
    D.Formats.push_back(std::move(R)); // from here on the domain owns UserData
    return okStatus();
  });
}

} // namespace

void fillObjectFormatAPI(NevercObjectFormatAPI &T) {
  T.Header = {sizeof T, NEVERC_OBJECT_FORMAT_API_MAJOR,
              NEVERC_OBJECT_FORMAT_API_MINOR, 0};
  T.RegisterFormat = registerFormat;
}

} // namespace neverc::object
