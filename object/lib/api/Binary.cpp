//===- Binary.cpp - NevercMutableBinaryAPI: the bounded image builder -----===//
//
// The candidate image a writer fills and a post_write interceptor edits.
// It is bounded (project decision, PluginObject.h): Reserve sets the upper
// bound (1 GiB until one does), and a Write, WriteAt, Insert, Append or
// Resize that would make the image end past it fails with
// RESOURCE_EXHAUSTED and aborts staging: the image is ABORTED, AbortWhy
// says why, and nothing of it will be committed. After that every
// changing slot answers INVALID_STATE; Tell and ReadAt still work.
//
// Who may change it: whoever the host made it writable for (a format
// writer, a write provider, a post_write interceptor), and never an
// observer. Everybody else gets POLICY_VIOLATION, as PluginObject.h says
// of NevercObjectImageInfo.Binary. Reading (Tell, ReadAt) is open to every
// holder of the builder handle.
//
// The cursor: Write writes at it and advances it; nothing else moves it,
// except a Resize below it, which pulls it back to the new end. So
// Append, Insert and WriteAt leave Tell where it was.
//
// PluginCore.h has no out-of-range status: an Offset (plus length) past
// the staged bytes is INVALID_ARGUMENT, and so is a Reserve below the
// bytes already staged (which changes nothing, PluginObject.h).
//
// Every change of the bytes (a non-empty write, a Resize that changes the
// size) bumps PublicationGeneration; Reserve changes no byte and does not.
//
//===----------------------------------------------------------------------===//
#include "neverc/object/BinaryStage.h"
#include "neverc/core/Host.h"
#include "neverc/core/SlotSupport.h"

#include <cstring>
#include <new>

namespace neverc::object {

BinaryStageResolver::~BinaryStageResolver() = default;
ForeignImages::~ForeignImages() = default;

namespace {

using core::isOk;
using core::okStatus;
NevercStatus st(NevercStatusCode C) { return core::makeStatus(C); }

bool validView(NevercByteView V) { return V.Data || !V.Length; }

/// Whether [Base, Base + Length) ends at or before \p Limit (no overflow).
bool fits(uint64_t Base, uint64_t Length, uint64_t Limit) {
  return Base <= Limit && Length <= Limit - Base;
}

/// Aborts staging: what overflows the bound (or cannot be allocated) fails
/// the whole candidate, never just the one call.
NevercStatus abortStaging(BinaryStage &B, std::string Why) {
  B.Aborted = true;
  B.AbortWhy = std::move(Why);
  B.State = NEVERC_OBJECT_IMAGE_ABORTED;
  return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
}

/// \p Base + \p Length is where the image would end (it may not fit in
/// 64 bits, so the two are reported apart).
NevercStatus overflow(BinaryStage &B, const char *Slot, uint64_t Base,
                      uint64_t Length) {
  return abortStaging(
      B, std::string("NevercMutableBinaryAPI.") + Slot +
             " would make the image end at " + std::to_string(Base) + " + " +
             std::to_string(Length) + " bytes, past its bound of " +
             std::to_string(B.Bound) + " bytes (Reserve)");
}

BinaryStageResolver &resolver(void *Ctx) {
  return *static_cast<BinaryStageResolver *>(Ctx);
}

/// Whether the callback running now may change \p B.
NevercStatus mayWrite(core::Task &T, BinaryStage &B) {
  if (T.role() == core::CallbackRole::Observer || !B.Writable)
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  // Aborted, or already verified / committed: staging is over.
  if (B.Aborted || B.State != NEVERC_OBJECT_IMAGE_CANDIDATE)
    return st(NEVERC_STATUS_INVALID_STATE);
  return okStatus();
}

/// A changing slot: the builder, the right to write, then \p Body. Running
/// out of memory while growing the image aborts staging like an overflow
/// (the candidate could not be staged whole).
template <class Fn>
NevercStatus changeSlot(void *Ctx, NevercTaskHandle Task, NevercHandle H,
                        const char *Slot, Fn &&Body) {
  return core::guardSlot([&]() -> NevercStatus {
    core::Task *T;
    BinaryStage *B;
    if (NevercStatus S = resolver(Ctx).resolveStage(Task, H, &T, &B); !isOk(S))
      return S;
    if (NevercStatus S = mayWrite(*T, *B); !isOk(S))
      return S;
    try {
      return Body(*B);
    } catch (const std::bad_alloc &) {
      return abortStaging(*B, std::string("NevercMutableBinaryAPI.") + Slot +
                                  ": out of memory staging the image");
    }
  });
}

void changed(BinaryStage &B) { ++B.PublicationGeneration; }

NevercStatus NEVERC_CALL
builderReserve(void *Ctx, NevercTaskHandle Task,
               NevercMutableBinaryBuilderHandle Builder, uint64_t Size) {
  return changeSlot(Ctx, Task, Builder, "Reserve",
                    [&](BinaryStage &B) -> NevercStatus {
                      if (Size < B.Bytes.size())
                        return st(NEVERC_STATUS_INVALID_ARGUMENT);
                      // A bound, not an allocation: nothing is reserved in
                      // memory, the bytes grow as they are written.
                      B.Bound = Size;
                      return okStatus();
                    });
}

NevercStatus NEVERC_CALL builderWrite(void *Ctx, NevercTaskHandle Task,
                                      NevercMutableBinaryBuilderHandle Builder,
                                      NevercByteView Bytes) {
  if (!validView(Bytes))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return changeSlot(
      Ctx, Task, Builder, "Write", [&](BinaryStage &B) -> NevercStatus {
        if (!fits(B.Cursor, Bytes.Length, B.Bound))
          return overflow(B, "Write", B.Cursor, Bytes.Length);
        if (!Bytes.Length)
          return okStatus();
        const uint64_t End = B.Cursor + Bytes.Length;
        std::string &Own = B.Bytes.own();
        if (End > Own.size())
          Own.resize(End);
        std::memcpy(Own.data() + B.Cursor, Bytes.Data, Bytes.Length);
        B.Cursor = End;
        changed(B);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL builderWriteAt(
    void *Ctx, NevercTaskHandle Task, NevercMutableBinaryBuilderHandle Builder,
    uint64_t Offset, NevercByteView Bytes) {
  if (!validView(Bytes))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return changeSlot(
      Ctx, Task, Builder, "WriteAt", [&](BinaryStage &B) -> NevercStatus {
        // PluginObject.h lists WriteAt among the calls whose overflow
        // aborts, so the bound is checked before the end of the bytes.
        if (!fits(Offset, Bytes.Length, B.Bound))
          return overflow(B, "WriteAt", Offset, Bytes.Length);
        // In place: it never extends the image (Write, Append do).
        if (!fits(Offset, Bytes.Length, B.Bytes.size()))
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (!Bytes.Length)
          return okStatus();
        std::memcpy(B.Bytes.own().data() + Offset, Bytes.Data, Bytes.Length);
        changed(B);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL builderTell(void *Ctx, NevercTaskHandle Task,
                                     NevercMutableBinaryBuilderHandle Builder,
                                     uint64_t *OutPosition) {
  return core::guardSlot([&]() -> NevercStatus {
    if (!OutPosition)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T;
    BinaryStage *B;
    if (NevercStatus S = resolver(Ctx).resolveStage(Task, Builder, &T, &B);
        !isOk(S))
      return S;
    *OutPosition = B->Cursor;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL builderReadAt(void *Ctx, NevercTaskHandle Task,
                                       NevercMutableBinaryBuilderHandle Builder,
                                       uint64_t Offset,
                                       NevercMutableByteView Bytes) {
  return core::guardSlot([&]() -> NevercStatus {
    if (!Bytes.Data && Bytes.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T;
    BinaryStage *B;
    if (NevercStatus S = resolver(Ctx).resolveStage(Task, Builder, &T, &B);
        !isOk(S))
      return S;
    // The whole range must be staged: no short reads.
    if (!fits(Offset, Bytes.Length, B->Bytes.size()))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Bytes.Length)
      std::memcpy(Bytes.Data, B->Bytes.data() + Offset, Bytes.Length);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL builderInsert(void *Ctx, NevercTaskHandle Task,
                                       NevercMutableBinaryBuilderHandle Builder,
                                       uint64_t Offset, NevercByteView Bytes) {
  if (!validView(Bytes))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return changeSlot(
      Ctx, Task, Builder, "Insert", [&](BinaryStage &B) -> NevercStatus {
        if (!fits(B.Bytes.size(), Bytes.Length, B.Bound))
          return overflow(B, "Insert", B.Bytes.size(), Bytes.Length);
        if (Offset > B.Bytes.size())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (!Bytes.Length)
          return okStatus();
        B.Bytes.own().insert(Offset, reinterpret_cast<const char *>(Bytes.Data),
                             Bytes.Length);
        changed(B);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL builderAppend(void *Ctx, NevercTaskHandle Task,
                                       NevercMutableBinaryBuilderHandle Builder,
                                       NevercByteView Bytes) {
  if (!validView(Bytes))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return changeSlot(
      Ctx, Task, Builder, "Append", [&](BinaryStage &B) -> NevercStatus {
        if (!fits(B.Bytes.size(), Bytes.Length, B.Bound))
          return overflow(B, "Append", B.Bytes.size(), Bytes.Length);
        if (!Bytes.Length)
          return okStatus();
        B.Bytes.own().append(reinterpret_cast<const char *>(Bytes.Data),
                             Bytes.Length);
        changed(B);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL builderResize(void *Ctx, NevercTaskHandle Task,
                                       NevercMutableBinaryBuilderHandle Builder,
                                       uint64_t Size) {
  return changeSlot(Ctx, Task, Builder, "Resize",
                    [&](BinaryStage &B) -> NevercStatus {
                      if (Size > B.Bound)
                        return overflow(B, "Resize", 0, Size);
                      if (Size == B.Bytes.size())
                        return okStatus();
                      B.Bytes.own().resize(Size); // zero-extends
                      if (B.Cursor > Size)
                        B.Cursor = Size;
                      changed(B);
                      return okStatus();
                    });
}

} // namespace

void fillMutableBinaryAPI(NevercMutableBinaryAPI &T, BinaryStageResolver &R) {
  // Not negotiated, so it has no API version of its own: the object API's.
  T.Header = {sizeof T, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR, 0};
  T.Reserve = builderReserve;
  T.Write = builderWrite;
  T.WriteAt = builderWriteAt;
  T.Tell = builderTell;
  T.ReadAt = builderReadAt;
  T.Insert = builderInsert;
  T.Append = builderAppend;
  T.Resize = builderResize;
  T.Context = &R;
}

} // namespace neverc::object
