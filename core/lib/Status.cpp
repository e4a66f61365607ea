//===- Status.cpp ---------------------------------------------------------===//
#include "neverc/core/Status.h"

namespace neverc::core {

std::string_view statusName(NevercStatusCode Code) {
  static constexpr std::string_view Names[] = {
      "OK",
      "INVALID_ARGUMENT",
      "ABI_MISMATCH",
      "MISSING_INTERFACE",
      "VERSION_MISMATCH",
      "INVALID_DESCRIPTOR",
      "DUPLICATE_ID",
      "DEPENDENCY_MISSING",
      "DEPENDENCY_CYCLE",
      "BUSY",
      "CANCELLED",
      "RESOURCE_EXHAUSTED",
      "STALE_HANDLE",
      "WRONG_SESSION",
      "WRONG_SCOPE",
      "WRONG_TYPE",
      "INVALID_STATE",
      "POLICY_VIOLATION",
      "VERIFICATION_FAILED",
      "CAPABILITY_UNAVAILABLE",
      "PLUGIN_FAILURE",
      "PLUGIN_EXCEPTION",
      "OUTPUT_PARTIAL",
      "REENTRANCY_DENIED",
      "NOT_FOUND",
  };
  if (Code < 0 || size_t(Code) >= std::size(Names))
    return "UNKNOWN_STATUS";
  return Names[Code];
}

} // namespace neverc::core
