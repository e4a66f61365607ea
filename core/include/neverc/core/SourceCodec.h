//===- SourceCodec.h - Source handles across domains ------------*- C++ -*-===//
//
// LLVM-free. The source domain owns the encoding of clang::SourceLocation
// values as plugin handles; the prep and AST domains hand out (and take
// back) the same handles through this one codec, so a location from any
// table works with NevercSourceLocationAPI and in a diagnostic.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_SOURCECODEC_H
#define NEVERC_CORE_SOURCECODEC_H

#include "neverc/Plugin/PluginSource.h"

#include <cstdint>

namespace neverc::core {

class Task;

/// Encoders and decoders of source handles. Any member may be null: the
/// domain then falls back to its own encoding (encoders) or refuses the
/// value (decoders).
struct SourceCodec {
  void *Ctx = nullptr;
  NevercSourceLocation (*Location)(void *Ctx, Task &T,
                                   uint32_t RawLocation) = nullptr;
  NevercSourceRange (*Range)(void *Ctx, Task &T, uint32_t RawBegin,
                             uint32_t RawEnd, bool TokenRange) = nullptr;
  NevercFileHandle (*File)(void *Ctx, Task &T, uint32_t FileID) = nullptr;
  /// False when \p R is not a live range of \p T.
  bool (*DecodeRange)(void *Ctx, Task &T, NevercSourceRange R,
                      uint32_t &RawBegin, uint32_t &RawEnd) = nullptr;
  /// 0 when \p L is not a live location of \p T.
  uint32_t (*DecodeLocation)(void *Ctx, Task &T,
                             NevercSourceLocation L) = nullptr;
};

} // namespace neverc::core

#endif
