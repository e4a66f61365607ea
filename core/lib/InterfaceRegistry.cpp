//===- InterfaceRegistry.cpp - QueryInterface negotiation -----------------===//
#include "neverc/core/InterfaceRegistry.h"

namespace neverc::core {

NevercStatus InterfaceRegistry::publish(NevercInterfaceID ID,
                                        PublishedInterface Entry) {
  if (isZero(ID) || !Entry.Table)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  if (!Map.emplace(ID, std::move(Entry)).second)
    return makeStatus(NEVERC_STATUS_DUPLICATE_ID);
  return okStatus();
}

const PublishedInterface *InterfaceRegistry::find(NevercInterfaceID ID) const {
  auto It = Map.find(ID);
  return It == Map.end() ? nullptr : &It->second;
}

NevercStatus InterfaceRegistry::query(NevercInterfaceID ID, uint16_t Major,
                                      uint16_t MinimumMinor,
                                      const void **OutTable,
                                      uint16_t *OutMinor,
                                      uint64_t *OutSize) const {
  if (!OutTable)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  *OutTable = nullptr;
  auto It = Map.find(ID);
  if (It == Map.end())
    return makeStatus(NEVERC_STATUS_MISSING_INTERFACE);
  const PublishedInterface &E = It->second;
  if (E.Major != Major || E.Minor < MinimumMinor)
    return makeStatus(NEVERC_STATUS_VERSION_MISMATCH);
  // A LOCKSTEP table is only meaningful inside the build that produced it.
  if (E.Stability == NEVERC_INTERFACE_LOCKSTEP &&
      (E.ProducerBuildID != HostBuildID || E.LLVMMajor != HostLLVMMajor))
    return makeStatus(NEVERC_STATUS_VERSION_MISMATCH);
  *OutTable = E.Table;
  if (OutMinor)
    *OutMinor = E.Minor;
  if (OutSize)
    *OutSize = E.TableSize;
  return okStatus();
}

} // namespace neverc::core
