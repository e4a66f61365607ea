//===- Archive.cpp - Archive members taken apart and put back -------------===//
//
// llvm::object::Archive reads the members; llvm::writeArchiveToBuffer
// writes the archive again from NewArchiveMember::getOldMember (name,
// timestamp, owner and mode as they were), so nothing but the changed
// members' bytes and the symbol table that indexes them differs. ELF
// members are read by the graph's reader first (see write()).
//
//===----------------------------------------------------------------------===//
#include "neverc/object/Archive.h"
#include "neverc/object/ELF.h"

#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <vector>

namespace neverc::object {

struct ArchiveRewrite::Impl {
  std::unique_ptr<llvm::object::Archive> A;
  struct Member {
    llvm::object::Archive::Child C;
    std::string Name;
    llvm::StringRef Bytes;
    std::optional<std::string> New;
  };
  std::vector<Member> Members;
};

bool isArchive(std::string_view Bytes) {
  llvm::file_magic M = llvm::identify_magic(llvm::StringRef(Bytes));
  return M == llvm::file_magic::archive;
}

std::unique_ptr<ArchiveRewrite>
ArchiveRewrite::open(std::string_view Bytes, std::string &Error, bool &Thin) {
  Thin = false;
  auto P = std::make_unique<Impl>();
  auto A = llvm::object::Archive::create(
      llvm::MemoryBufferRef(llvm::StringRef(Bytes), "archive"));
  if (!A) {
    Error = llvm::toString(A.takeError());
    return nullptr;
  }
  if ((*A)->isThin()) {
    Thin = true;
    Error = "a thin archive's members are other files";
    return nullptr;
  }
  P->A = std::move(*A);
  llvm::Error Err = llvm::Error::success();
  for (const llvm::object::Archive::Child &C : P->A->children(Err)) {
    auto Name = C.getName();
    auto Data = C.getBuffer();
    if (!Name || !Data) {
      Error = !Name ? llvm::toString(Name.takeError())
                    : llvm::toString(Data.takeError());
      if (!Name && !Data)
        llvm::consumeError(Data.takeError());
      llvm::consumeError(std::move(Err));
      return nullptr;
    }
    P->Members.push_back({C, Name->str(), *Data, std::nullopt});
  }
  if (Err) {
    Error = llvm::toString(std::move(Err));
    return nullptr;
  }
  return std::unique_ptr<ArchiveRewrite>(new ArchiveRewrite(std::move(P)));
}

ArchiveRewrite::ArchiveRewrite(std::unique_ptr<Impl> P) : P(std::move(P)) {}
ArchiveRewrite::~ArchiveRewrite() = default;

size_t ArchiveRewrite::size() const { return P->Members.size(); }
std::string_view ArchiveRewrite::name(size_t M) const {
  return P->Members[M].Name;
}
std::string_view ArchiveRewrite::bytes(size_t M) const {
  const Impl::Member &Mb = P->Members[M];
  return Mb.New ? std::string_view(*Mb.New)
                : std::string_view(Mb.Bytes.data(), Mb.Bytes.size());
}
bool ArchiveRewrite::isObject(size_t M) const {
  switch (llvm::identify_magic(P->Members[M].Bytes)) {
  case llvm::file_magic::elf_relocatable:
  case llvm::file_magic::coff_object:
  case llvm::file_magic::macho_object:
    return true;
  default:
    return false;
  }
}
void ArchiveRewrite::replace(size_t M, std::string Bytes) {
  Impl::Member &Mb = P->Members[M];
  if (llvm::StringRef(Bytes) == Mb.Bytes)
    Mb.New.reset();
  else
    Mb.New = std::move(Bytes);
}
bool ArchiveRewrite::changed() const {
  for (const Impl::Member &M : P->Members)
    if (M.New)
      return true;
  return false;
}

bool ArchiveRewrite::write(std::string &Out, std::string &Error) const {
  // LLVM's writer indexes every object member's symbols through APIs that
  // abort the process on a malformed ELF file (the object-input fuzzer
  // found one): each ELF member must first pass the graph's own reader.
  for (size_t K = 0; K < P->Members.size(); ++K) {
    std::string_view B = bytes(K);
    switch (llvm::identify_magic(llvm::StringRef(B.data(), B.size()))) {
    case llvm::file_magic::elf_relocatable: {
      Graph G;
      if (Outcome O = readELF(B, G)) {
        Error = "member '" + P->Members[K].Name +
                "' cannot be indexed: " + O.Message;
        return false;
      }
      break;
    }
    case llvm::file_magic::elf:
    case llvm::file_magic::elf_executable:
    case llvm::file_magic::elf_shared_object:
    case llvm::file_magic::elf_core:
      Error = "member '" + P->Members[K].Name +
              "' is an ELF file other than a relocatable object";
      return false;
    default:
      break;
    }
  }
  std::vector<llvm::NewArchiveMember> New;
  for (const Impl::Member &M : P->Members) {
    auto NM =
        llvm::NewArchiveMember::getOldMember(M.C, /*Deterministic=*/false);
    if (!NM) {
      Error = llvm::toString(NM.takeError());
      return false;
    }
    if (M.New) {
      // The old member's name lives in the buffer being replaced.
      NM->Buf =
          llvm::MemoryBuffer::getMemBuffer(*M.New, M.Name,
                                           /*RequiresNullTerminator=*/false);
      NM->MemberName = M.Name;
    }
    New.push_back(std::move(*NM));
  }
  std::string Warnings;
  auto Buf = llvm::writeArchiveToBuffer(
      New,
      P->A->hasSymbolTable() ? llvm::SymtabWritingMode::NormalSymtab
                             : llvm::SymtabWritingMode::NoSymtab,
      P->A->kind(), /*Deterministic=*/false, /*Thin=*/false,
      [&](llvm::Error E) { Warnings += llvm::toString(std::move(E)); });
  if (!Buf) {
    Error = llvm::toString(Buf.takeError());
    return false;
  }
  if (!Warnings.empty()) {
    Error = Warnings;
    return false;
  }
  Out.assign((*Buf)->getBufferStart(), (*Buf)->getBufferSize());
  return true;
}

} // namespace neverc::object
