//===- Status.h - NevercStatus helpers for host code ------------*- C++ -*-===//
//
// NevercStatus is only the C boundary's currency; these helpers keep the
// host's construction of it short and uniform.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_STATUS_H
#define NEVERC_CORE_STATUS_H

#include "neverc/Plugin/PluginCore.h"

#include <string_view>

namespace neverc::core {

constexpr NevercStatus makeStatus(NevercStatusCode Code,
                                  NevercStatusFlags Flags = 0,
                                  uint64_t Detail = 0) {
  return NevercStatus{Code, Flags, Detail};
}
constexpr NevercStatus okStatus() { return makeStatus(NEVERC_STATUS_OK); }
constexpr bool isOk(NevercStatus S) { return S.Code == NEVERC_STATUS_OK; }

/// The macro name without its NEVERC_STATUS_ prefix, e.g. "STALE_HANDLE".
std::string_view statusName(NevercStatusCode Code);

inline std::string_view view(NevercStringView V) {
  return V.Data ? std::string_view(V.Data, V.Length) : std::string_view();
}
inline NevercStringView cview(std::string_view S) {
  return NevercStringView{S.data(), S.size()};
}

constexpr bool operator==(NevercInterfaceID A, NevercInterfaceID B) {
  return A.High == B.High && A.Low == B.Low;
}
constexpr bool operator<(NevercInterfaceID A, NevercInterfaceID B) {
  return A.High != B.High ? A.High < B.High : A.Low < B.Low;
}
struct InterfaceIDLess {
  constexpr bool operator()(NevercInterfaceID A, NevercInterfaceID B) const {
    return A < B;
  }
};
constexpr bool isZero(NevercInterfaceID A) { return !A.High && !A.Low; }

constexpr bool operator==(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
constexpr bool isNull(NevercHandle H) { return !H.Owner && !H.Value; }

/// True when a received struct's header declares at least MinSize bytes and
/// the ABI major this host speaks.
constexpr bool headerCovers(const NevercABITableHeader &H, uint32_t MinSize,
                            uint16_t Major) {
  return H.StructSize >= MinSize && H.Major == Major;
}

} // namespace neverc::core

#endif
