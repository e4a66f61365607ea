//===- Cache.cpp - Whole blobs in LLVM's localCache -----------------------===//
//
// What an LTO codegen provider returned is kept as one blob per key in the
// same engine ThinLTO's cache uses (llvm::localCache: files named by the
// key, written aside and renamed into place, so a killed link leaves no
// half entry and two links racing on one key both end with a whole one).
// The caller's key may hold any bytes; the file is named by its SHA-1.
//
//===----------------------------------------------------------------------===//
#include "neverc/lto/LTO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::lto {
namespace {

std::string fileKey(const std::string &Key) {
  return llvm::toHex(llvm::SHA1::hash(llvm::arrayRefFromStringRef(Key)),
                     /*LowerCase=*/true);
}

} // namespace

bool cacheBlob(const std::string &Dir, const std::string &Key,
               std::string *Found, std::string_view Store, std::string &Error) {
  std::unique_ptr<llvm::MemoryBuffer> Hit;
  auto Local = llvm::localCache(
      "neverc LTO provider", "Provider", Dir,
      [&](unsigned, const llvm::Twine &,
          std::unique_ptr<llvm::MemoryBuffer> MB) { Hit = std::move(MB); });
  if (!Local) {
    Error = "the LTO cache " + Dir + ": " + llvm::toString(Local.takeError());
    return false;
  }
  auto Add = (*Local)(0, fileKey(Key), "provider");
  if (!Add) {
    Error = "the LTO cache " + Dir + ": " + llvm::toString(Add.takeError());
    return false;
  }
  if (Found) {
    if (!*Add && Hit)
      Found->assign(Hit->getBufferStart(), Hit->getBufferSize());
    else
      Found->clear();
    return true;
  }
  if (!*Add)
    return true; // another link stored it meanwhile
  auto S = (*Add)(0, "provider");
  if (!S) {
    Error = "the LTO cache " + Dir + ": " + llvm::toString(S.takeError());
    return false;
  }
  (*S)->OS->write(Store.data(), Store.size());
  if (llvm::Error E = (*S)->commit()) {
    Error = "the LTO cache " + Dir + ": " + llvm::toString(std::move(E));
    return false;
  }
  return true;
}

} // namespace neverc::lto
