//===- InterfaceRegistry.h - Capability tables by 128-bit ID ---*- C++ -*-===//
//
// Host domains publish their tables at start; plugins publish theirs through
// RegisterInterface. QueryInterface negotiates: the major must be equal and
// the published minor at least the requested minimum.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_INTERFACEREGISTRY_H
#define NEVERC_CORE_INTERFACEREGISTRY_H

#include "neverc/core/Status.h"

#include <boost/container/flat_map.hpp>

#include <string>

namespace neverc::core {

struct PublishedInterface {
  const void *Table = nullptr;
  uint16_t Major = 0;
  uint16_t Minor = 0;
  uint64_t TableSize = 0;
  NevercInterfaceStability Stability = NEVERC_INTERFACE_STABLE;
  std::string Owner; ///< plugin ID, empty for the host
  // LOCKSTEP only: the producer's compatibility key (owned copies).
  std::string ProducerBuildID;
  std::string TargetABIKey;
  uint32_t LLVMMajor = 0;
};

class InterfaceRegistry {
public:
  /// DUPLICATE_ID when the ID is already published.
  NevercStatus publish(NevercInterfaceID ID, PublishedInterface Entry);

  /// Negotiation. LOCKSTEP interfaces also require that the producer's key
  /// names this host build and LLVM major (VERSION_MISMATCH otherwise).
  NevercStatus query(NevercInterfaceID ID, uint16_t Major,
                     uint16_t MinimumMinor, const void **OutTable,
                     uint16_t *OutMinor, uint64_t *OutSize) const;

  const PublishedInterface *find(NevercInterfaceID ID) const;
  void setHostIdentity(std::string BuildID, uint32_t LLVMMajor) {
    HostBuildID = std::move(BuildID);
    HostLLVMMajor = LLVMMajor;
  }
  size_t size() const { return Map.size(); }

private:
  boost::container::flat_map<NevercInterfaceID, PublishedInterface,
                             InterfaceIDLess>
      Map;
  std::string HostBuildID;
  uint32_t HostLLVMMajor = 0;
};

} // namespace neverc::core

#endif
