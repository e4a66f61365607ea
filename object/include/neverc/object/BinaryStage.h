//===- BinaryStage.h - A bounded candidate image and its builder -*- C++ -*-===//
//
// LLVM-free. The bytes a writer fills and an interceptor edits before the
// sealed gates check and commit them: an object image (neverc.object.write,
// post_write) or a linked image (neverc.link.full, post_emit). Both are
// written through one NevercMutableBinaryAPI; a domain tells it which stage
// a builder handle names (BinaryStageResolver) and the rules are the same:
// a bound set by Reserve (1 GiB until one does), a write past it aborts
// staging, only a callback the stage was made writable for may change it.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_BINARYSTAGE_H
#define NEVERC_OBJECT_BINARYSTAGE_H

#include "neverc/Plugin/PluginObject.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace neverc::core {
class Task;
}

namespace neverc::object {

/// With no Reserve, a staged image may grow to this (project decision,
/// PluginObject.h).
inline constexpr uint64_t DefaultImageBound = uint64_t(1) << 30;

/// A staged image's bytes: owned, or borrowed until something changes them
/// (a linked image emitted straight into its mapped output file, which a
/// commit then only renames). Reads see either; own() copies borrowed
/// bytes into a string of the stage's own before the first change.
class ImageBytes {
public:
  ImageBytes() = default;
  ImageBytes &operator=(std::string S) {
    Own = std::move(S);
    Borrowed = {};
    IsBorrowed = false;
    return *this;
  }
  /// Reads \p V from now on (it must outlive the stage, or the next
  /// assignment or own()).
  void borrow(std::string_view V) {
    Own.clear();
    Own.shrink_to_fit();
    Borrowed = V;
    IsBorrowed = true;
  }
  bool borrowed() const { return IsBorrowed; }
  std::string_view view() const {
    return IsBorrowed ? Borrowed : std::string_view(Own);
  }
  operator std::string_view() const { return view(); }
  const char *data() const { return view().data(); }
  size_t size() const { return view().size(); }
  bool empty() const { return view().empty(); }
  /// The bytes to change: borrowed ones are copied first.
  std::string &own() {
    if (IsBorrowed) {
      Own.assign(Borrowed.data(), Borrowed.size());
      Borrowed = {};
      IsBorrowed = false;
    }
    return Own;
  }

private:
  std::string Own;
  std::string_view Borrowed;
  bool IsBorrowed = false;
};

struct BinaryStage {
  ImageBytes Bytes;
  uint64_t Bound = DefaultImageBound; ///< Reserve sets it
  /// NEVERC_OBJECT_IMAGE_* (PluginLink.h's NEVERC_BINARY_IMAGE_* have the
  /// same values): writes are taken only while it is CANDIDATE.
  uint32_t State = NEVERC_OBJECT_IMAGE_CANDIDATE;
  /// Staging was aborted (overflow, a failed callback): nothing may be
  /// committed; AbortWhy says why.
  bool Aborted = false;
  std::string AbortWhy;
  uint64_t PublicationGeneration = 0; ///< bumped by every change of a byte
  /// The builder accepts writes only from the callbacks the domain opened
  /// it for (a writer, a provider, an interceptor of the editing phase).
  bool Writable = false;
  /// Where NevercMutableBinaryAPI.Write writes next (Tell); only Write
  /// moves it, and a Resize below it pulls it back to the new end.
  uint64_t Cursor = 0;
};

/// What a domain answers for its builder handles.
class BinaryStageResolver {
public:
  virtual ~BinaryStageResolver();
  /// The task and stage \p Builder names for \p Task: the handle statuses
  /// (STALE_HANDLE, WRONG_TYPE, WRONG_SCOPE, ...) otherwise.
  virtual NevercStatus resolveStage(NevercTaskHandle Task,
                                    NevercHandle Builder, core::Task **T,
                                    BinaryStage **Out) = 0;
};

/// NevercMutableBinaryAPI over the stages \p R finds; its Context is \p R.
void fillMutableBinaryAPI(NevercMutableBinaryAPI &T, BinaryStageResolver &R);

/// An object image another domain stages outside the object pipeline (the
/// coarse code-generation route's product, TMO/0x2), as
/// NevercObjectPhaseAPI.GetImage describes it.
struct ForeignImage {
  const BinaryStage *Stage = nullptr;
  NevercHandle Builder{};
  const NevercMutableBinaryAPI *Binary = nullptr; ///< the stage's writer
  std::string_view Triple;
  NevercObjectFormatID Format{};
  std::string_view Provenance; ///< the domain's (GetImage's view points in)
  bool Stream = false;         ///< committed to standard output
};

/// Where GetImage looks first: a domain whose phases stage images of their
/// own answers for their artifacts.
class ForeignImages {
public:
  virtual ~ForeignImages();
  /// False: \p Artifact is not one of this domain's images. True: \p Out
  /// describes it, or \p S is why the caller may not have it. \p Frame
  /// may be null for an image whose callback gets no frame (a coarse
  /// edge's CoarseLower and VerifyProduct): the artifact handle names its task.
  virtual bool findImage(const NevercPhaseFrame *Frame,
                         NevercArtifactHandle Artifact, ForeignImage &Out,
                         NevercStatus &S) = 0;
};

} // namespace neverc::object

#endif
