//===- TargetKey.h - A target as the plugin ABI names it --------*- C++ -*-===//
//
// LLVM-free. What an LLVM triple spelling says in NevercTargetKey terms:
// the object requests and the link requests describe their target alike.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_TARGETKEY_H
#define NEVERC_OBJECT_TARGETKEY_H

#include "neverc/Plugin/PluginObject.h"
#include "neverc/object/Graph.h"

#include <string>
#include <string_view>

namespace neverc::object {

/// What \p Triple says of the target (the views point into it); the rest
/// of the key stays zero.
void fillTargetKey(const std::string &Triple, FormatID Format,
                   NevercTargetKey &K);
/// The built-in target ID (NEVERC_TARGET_ID_*) of an LLVM triple spelling;
/// zero for a target neverc has no ID for.
NevercTargetID targetIDOf(std::string_view Triple);

} // namespace neverc::object

#endif
