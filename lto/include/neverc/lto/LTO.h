//===- LTO.h - Bitcode read for a link, and turned into objects -*- C++ -*-===//
//
// LLVM-free. What a linker needs of LLVM's LTO, and nothing of a linker:
//  - readBitcode: a bitcode file's symbol table (lto::InputFile), as symbol
//    resolution and archive extraction need it;
//  - generate: the bitcode files of a link, each symbol with the resolution
//    the linker decided, through llvm::lto::LTO (full and thin, ThinLTO's
//    in-process backend, LLVM's local cache) into relocatable objects.
// The link graph (neverc/link) decides the resolutions and reads the
// objects back; the LTO phases and NevercLTOAPI are its.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LTO_LTO_H
#define NEVERC_LTO_LTO_H

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace neverc::lto {

/// One symbol of a bitcode file's symbol table, in lto::InputFile order.
struct BitcodeSymbol {
  std::string Name;
  bool Undefined = false, Common = false, Weak = false;
  bool Executable = false, TLS = false;
  /// llvm.used, or a symbol the module says the linker must keep.
  bool Used = false;
  /// linkonce_odr unnamed_addr: may be dropped from the symbol table.
  bool CanOmit = false;
  uint8_t Visibility = 0; ///< STV_*
  int32_t Comdat = -1;    ///< index into BitcodeInfo::Comdats
  std::string Section;    ///< an explicit section ("" for none)
  uint64_t CommonSize = 0;
  uint32_t CommonAlign = 0;
};

struct BitcodeInfo {
  std::string Triple, SourceFile, ModuleIdentifier;
  bool Thin = false; ///< has a ThinLTO summary
  std::vector<std::string> Comdats;
  std::vector<BitcodeSymbol> Symbols;
};

/// Reads the symbol table of the bitcode in \p Bytes (\p Name for errors).
bool readBitcode(std::string_view Bytes, const std::string &Name,
                 BitcodeInfo &Out, std::string &Error);
/// The data layout of the module in \p Bytes (the symbol table has none;
/// this reads the module's header records, not its functions).
bool readDataLayout(std::string_view Bytes, std::string &Out,
                    std::string &Error);

/// The four resolution bits llvm::lto::SymbolResolution has.
struct Resolution {
  bool Prevailing = false, FinalDefinition = false;
  bool VisibleToRegularObj = false, ExportDynamic = false;
  bool LinkerRedefined = false;
};

/// A bitcode file of the link: its bytes (which outlive generate) and one
/// resolution per symbol, in readBitcode order.
struct Input {
  std::string Name; ///< "path" or "archive(member)"
  std::string_view Bytes;
  std::vector<Resolution> Res;
};

/// Where LTO lets a caller at a module it optimises (the IR phases of a
/// plugin host run there; each is one of LLVM's lto::Config module hooks).
enum class ModuleStage {
  /// The module LTO optimises, before its optimisation: after
  /// internalization (full LTO), after importing (ThinLTO).
  PreOpt,
  PostOpt,   ///< after the optimisation pipeline
  PreCodegen ///< just before code generation
};
/// What the caller does at a stage: \p Module is the llvm::Module (its
/// bytes may change), \p Thin says which LTO, \p Task LTO's task number.
/// False stops LTO: \p Error says why.
using ModuleHook =
    std::function<bool(ModuleStage Stage, void *Module, bool Thin,
                       unsigned Task, std::string &Error)>;
/// Adds passes to the optimisation pipeline LTO builds, through its
/// llvm::PassBuilder (\p PassBuilder) before the pipeline is built: the
/// caller registers its extension-point callbacks there.
using PassBuilderHook = std::function<void(void *PassBuilder)>;

struct Options {
  /// With either hook set, LTO runs one module at a time (ThinLTO's
  /// backends one after another) and, for PassBuilderHook, builds its
  /// optimisation pipeline here (LLVM's default LTO pipelines, as
  /// lto::opt builds them) rather than inside LLVM's backend, which offers
  /// no PassBuilder callback.
  ModuleHook Hook;
  PassBuilderHook Passes;
  unsigned OptLevel = 2, CGOptLevel = 2;
  std::string CPU;                   ///< "" for the target's default
  std::vector<std::string> Features; ///< "+avx2", ...
  bool PIC = true;                   ///< PIE or shared: position-independent
  bool TlsDesc = false; ///< -enable-tlsdesc: TLS descriptors (AArch64's)
  bool Relocatable = false;          ///< -r: the reloc model the module says
  unsigned Jobs = 0;                 ///< ThinLTO backends at once (0: all)
  /// ThinLTO's cache (--thinlto-cache-dir): LLVM's localCache there.
  std::string CacheDir;
  /// Added to every ThinLTO cache key (the loaded plugins' identities):
  /// a changed plugin never gets another plugin's objects.
  std::string CacheSalt;
  /// Distributed ThinLTO (--thinlto-index-only): nothing is compiled; each
  /// module gets its index, <module>.thinlto.bc (and with EmitImports its
  /// <module>.imports), for a backend compile elsewhere
  /// (`neverc -c -x ir <module> -fthinlto-index=<module>.thinlto.bc`).
  /// Every module must be ThinLTO bitcode in a file of its own.
  bool IndexOnly = false, EmitImports = false;
  /// With IndexOnly: the file listing the modules, one per line, in the
  /// order their native objects are to be linked ("" for none).
  std::string IndexList;
};

/// One object LTO made: task 0 is the merged (full LTO) module's.
struct Product {
  unsigned Task = 0;
  std::string Name;
  std::string_view Bytes;
  /// Keeps Bytes (a buffer, or a cached file mapped).
  std::shared_ptr<const void> Owner;
};

/// Runs LTO on \p Inputs. False: \p Error is LLVM's diagnostic. The files
/// IndexOnly writes are written aside and renamed into place: a failed or
/// killed link leaves none half-written.
bool generate(const Options &O, const std::vector<Input> &Inputs,
              std::vector<Product> &Out, std::string &Error);

/// One blob under \p Key in LLVM's localCache in \p Dir. With \p Found:
/// a lookup (\p Found is left empty on a miss); without: \p Store is
/// stored (written aside, renamed into place). False: \p Error says why.
bool cacheBlob(const std::string &Dir, const std::string &Key,
               std::string *Found, std::string_view Store, std::string &Error);

} // namespace neverc::lto

#endif
