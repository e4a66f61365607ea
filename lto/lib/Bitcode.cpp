//===- Bitcode.cpp - A bitcode file's symbol table, for a linker ----------===//
//
// lto::InputFile reads the module's irsymtab (written by the compiler, so
// no module is parsed here); it is read again when generate hands the file
// to lto::LTO, which takes the InputFile it is given.
//
//===----------------------------------------------------------------------===//
#include "neverc/lto/LTO.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace neverc::lto {

bool readBitcode(std::string_view Bytes, const std::string &Name,
                 BitcodeInfo &Out, std::string &Error) {
  auto F = llvm::lto::InputFile::create(
      llvm::MemoryBufferRef(llvm::StringRef(Bytes.data(), Bytes.size()), Name));
  if (!F) {
    Error = Name + ": " + llvm::toString(F.takeError());
    return false;
  }
  Out.Triple = (*F)->getTargetTriple().str();
  Out.SourceFile = (*F)->getSourceFileName().str();
  Out.ModuleIdentifier = (*F)->getName().str();
  // (InputFile::isThinLTO is only known once LTO added the file.)
  auto Info = (*F)->getPrimaryBitcodeModule().getLTOInfo();
  if (!Info) {
    Error = Name + ": " + llvm::toString(Info.takeError());
    return false;
  }
  Out.Thin = Info->IsThinLTO;
  for (const auto &C : (*F)->getComdatTable())
    Out.Comdats.push_back(C.first.str());
  for (const llvm::lto::InputFile::Symbol &S : (*F)->symbols()) {
    BitcodeSymbol B;
    B.Name = S.getName().str();
    B.Undefined = S.isUndefined();
    B.Common = S.isCommon();
    B.Weak = S.isWeak();
    B.Executable = S.isExecutable();
    B.TLS = S.isTLS();
    B.Used = S.isUsed();
    B.CanOmit = S.canBeOmittedFromSymbolTable();
    B.Visibility = uint8_t(S.getVisibility());
    B.Comdat = S.getComdatIndex();
    B.Section = S.getSectionName().str();
    if (B.Common) {
      B.CommonSize = S.getCommonSize();
      B.CommonAlign = S.getCommonAlignment();
    }
    Out.Symbols.push_back(std::move(B));
  }
  return true;
}

bool readDataLayout(std::string_view Bytes, std::string &Out,
                    std::string &Error) {
  // The module's header records only: a lazy module reads no function.
  llvm::LLVMContext Ctx;
  auto M = llvm::getLazyBitcodeModule(
      llvm::MemoryBufferRef(llvm::StringRef(Bytes.data(), Bytes.size()), ""),
      Ctx);
  if (!M) {
    Error = llvm::toString(M.takeError());
    return false;
  }
  Out = (*M)->getDataLayoutStr();
  return true;
}

} // namespace neverc::lto
