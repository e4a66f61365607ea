//===- Handles.cpp - Handle scope validation ------------------------------===//
#include "neverc/core/Handles.h"

namespace neverc::core {

NevercStatus checkHandleScope(NevercHandle H, HandleKind Kind,
                              HandleScope Expected, const ScopeOracle &Scopes,
                              bool TaskScoped) {
  if (isNull(H))
    return makeStatus(NEVERC_STATUS_WRONG_TYPE);
  DecodedHandle D = decodeHandle(H);
  if (D.Kind != Kind || D.Scope.Session == 0 ||
      (TaskScoped ? D.Scope.Task == 0 : D.Scope.Task != 0))
    return makeStatus(NEVERC_STATUS_WRONG_TYPE);
  // An ended scope makes the handle stale, whoever asks.
  if (!Scopes.sessionAlive(D.Scope.Session))
    return makeStatus(NEVERC_STATUS_STALE_HANDLE);
  if (TaskScoped && !Scopes.taskAlive(D.Scope.Session, D.Scope.Task))
    return makeStatus(NEVERC_STATUS_STALE_HANDLE);
  if (Expected.Session && D.Scope.Session != (Expected.Session & 0xffffff))
    return makeStatus(NEVERC_STATUS_WRONG_SESSION);
  if (TaskScoped && Expected.Task && D.Scope.Task != Expected.Task)
    return makeStatus(NEVERC_STATUS_WRONG_SCOPE);
  return okStatus();
}

} // namespace neverc::core
