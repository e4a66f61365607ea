//===- Request.cpp - What lld's command line asks for ---------------------===//
//
// The request a link plugin sees (NevercLinkRequest) is read from the GNU
// ld command line the driver built for lld: output, output kind, the
// options the request has fields for, and the inputs in order with the
// --whole-archive / --as-needed / --start-group state each was given in.
// lld stays the authority on what the line means: this reading only
// describes it, and the line lld runs is the user's with the output files
// moved into the staging directory.
//
// Options whose value is a separate argument must be known so that value
// is not taken for an input: the list below is lld 22's GNU options that
// take one (Options.td: Separate / JoinedOrSeparate); an option missing
// from it could only make an input appear that is not one, never change
// the link.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/Request.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace neverc::link {
namespace {

/// Options (with their dashes, as lld accepts them) whose value follows as
/// the next argument.
bool takesSeparateValue(llvm::StringRef A) {
  static const llvm::StringSet<> Names = {
      "-o", "--output", "-L", "--library-path", "-l", "--library", "-e",
      "--entry", "-m", "-T", "--script", "-soname", "--soname", "-h", "-z",
      "-u", "--undefined", "-y", "--trace-symbol", "--version-script",
      "-version-script", "--dynamic-list", "-dynamic-list", "-rpath",
      "--rpath", "-R", "-dynamic-linker", "--dynamic-linker", "-plugin",
      "--plugin", "-plugin-opt", "--plugin-opt", "-Map", "--Map", "--defsym",
      "-defsym", "--wrap", "-wrap", "-init", "--init", "-fini", "--fini",
      "--exclude-libs", "--hash-style", "-F", "--filter", "-f",
      "--auxiliary", "--sysroot", "-mllvm", "--mllvm", "-b", "--format",
      "--just-symbols", "-Ttext", "-Tdata", "-Tbss", "--section-start",
      "--retain-symbols-file", "--symbol-ordering-file",
      "--call-graph-ordering-file", "--error-limit", "--image-base",
      "--unresolved-symbols", "--orphan-handling", "--sort-section",
      "--build-id", "--dependency-file", "--why-extract",
      "--print-archive-stats", "--reproduce", "--thinlto-cache-dir",
      "--lto-obj-path", "--package-metadata", "--remap-inputs-file",
      "--audit", "-P", "--depaudit", "-O"};
  return Names.contains(A);
}

} // namespace

bool linkOptionTakesValue(std::string_view A) {
  return takesSeparateValue(llvm::StringRef(A.data(), A.size()));
}

namespace {

uint32_t inputKindOf(const std::string &Path) {
  llvm::file_magic M;
  if (llvm::identify_magic(Path, M))
    return NEVERC_LINK_INPUT_UNKNOWN; // lld will say why it cannot read it
  switch (M) {
  case llvm::file_magic::elf_relocatable:
  case llvm::file_magic::coff_object:
  case llvm::file_magic::macho_object:
    return NEVERC_LINK_INPUT_OBJECT;
  case llvm::file_magic::archive:
    return NEVERC_LINK_INPUT_ARCHIVE;
  case llvm::file_magic::elf_shared_object:
  case llvm::file_magic::macho_dynamically_linked_shared_lib:
  case llvm::file_magic::macho_dynamically_linked_shared_lib_stub:
  case llvm::file_magic::tapi_file:
  case llvm::file_magic::coff_import_library:
    return NEVERC_LINK_INPUT_SHARED_LIBRARY;
  case llvm::file_magic::bitcode:
    return NEVERC_LINK_INPUT_BITCODE;
  case llvm::file_magic::unknown:
    // lld reads a file it cannot identify as a linker script (glibc's
    // libc.so is one).
    return NEVERC_LINK_INPUT_SCRIPT;
  default:
    return NEVERC_LINK_INPUT_BLOB;
  }
}

/// -lNAME through the search paths as lld looks it up: lib NAME .so then
/// .a (only .a after -static / -Bstatic), -l:FILE as given.
std::string findLibrary(const LinkRequestModel &R, llvm::StringRef Name,
                        bool Static) {
  for (const std::string &Dir : R.SearchPaths) {
    llvm::SmallString<256> P;
    if (Name.consume_front(":")) {
      P = Dir;
      llvm::sys::path::append(P, Name);
      if (llvm::sys::fs::exists(P))
        return std::string(P);
      continue;
    }
    for (const char *Ext : {".so", ".a"}) {
      if (Static && llvm::StringRef(Ext) == ".so")
        continue;
      P = Dir;
      llvm::sys::path::append(P, "lib" + Name + Ext);
      if (llvm::sys::fs::exists(P))
        return std::string(P);
    }
  }
  return "";
}

/// The value of an option spelled \p Names in any of its forms: "-X v",
/// "-X=v", "--X v", "--X=v" (and "-Xv" when \p Joined). Advances \p I past
/// a separate value.
bool optionValue(const std::vector<std::string> &Argv, size_t &I,
                 std::initializer_list<llvm::StringRef> Names,
                 std::string &Value, bool Joined = false) {
  llvm::StringRef A = Argv[I];
  if (A.starts_with("-oformat")) // not "-o" followed by "format..."
    return false;
  for (llvm::StringRef N : Names) {
    if (A == N) {
      if (I + 1 >= Argv.size())
        return false; // lld reports the missing value
      Value = Argv[++I];
      return true;
    }
    if (A.starts_with(N) && A.size() > N.size() &&
        (A[N.size()] == '=' || Joined)) {
      Value = A.substr(N.size() + (A[N.size()] == '=' ? 1 : 0)).str();
      return true;
    }
  }
  return false;
}

} // namespace

bool linkHasBitcode(const LinkRequestModel &R) {
  for (const RawInput &In : R.Inputs) {
    if (In.Kind == NEVERC_LINK_INPUT_BITCODE)
      return true;
    if (In.Kind != NEVERC_LINK_INPUT_ARCHIVE)
      continue;
    auto B = llvm::MemoryBuffer::getFile(In.URI, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
    if (!B)
      continue;
    auto A = llvm::object::Archive::create((*B)->getMemBufferRef());
    if (!A) {
      llvm::consumeError(A.takeError());
      continue;
    }
    llvm::Error Err = llvm::Error::success();
    bool Found = false;
    for (const llvm::object::Archive::Child &C : (*A)->children(Err)) {
      auto Buf = C.getMemoryBufferRef();
      if (!Buf) {
        llvm::consumeError(Buf.takeError());
        break;
      }
      if (llvm::identify_magic(Buf->getBuffer()) == llvm::file_magic::bitcode) {
        Found = true;
        break;
      }
    }
    llvm::consumeError(std::move(Err));
    if (Found)
      return true;
  }
  return false;
}

bool parseLinkLine(const std::vector<std::string> &Argv, LinkRequestModel &R) {
  bool Static = false, WholeArchive = false, AsNeeded = false;
  bool GroupStart = false, Queries = false;
  RawInput *LastInGroup = nullptr;
  // Search paths first: -l may come before the -L that finds it.
  for (size_t I = 1; I < Argv.size(); ++I) {
    std::string V;
    if (optionValue(Argv, I, {"-L", "--library-path"}, V, /*Joined=*/true))
      R.SearchPaths.push_back(V);
    else if (takesSeparateValue(Argv[I]))
      ++I;
  }
  for (size_t I = 1; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    std::string V;
    auto AddInput = [&](std::string Path, uint32_t Kind) {
      RawInput In;
      In.URI = std::move(Path);
      In.Kind = Kind;
      In.Ordinal = I;
      if (WholeArchive)
        In.Flags |= NEVERC_LINK_INPUT_FLAG_WHOLE_ARCHIVE;
      if (AsNeeded)
        In.Flags |= NEVERC_LINK_INPUT_FLAG_AS_NEEDED;
      if (GroupStart)
        In.Flags |= NEVERC_LINK_INPUT_FLAG_START_GROUP;
      GroupStart = false;
      R.Inputs.push_back(std::move(In));
      LastInGroup = &R.Inputs.back();
    };
    if (A == "-r" || A == "--relocatable" || A == "-i") {
      R.OutputKind = NEVERC_LINK_OUTPUT_RELOCATABLE; // object_merge
      continue;
    }
    if (A == "--version" || A == "-v" || A == "--help" || A == "-V") {
      Queries = true;
      continue;
    }
    if (optionValue(Argv, I, {"-o", "--output"}, V, /*Joined=*/true)) {
      R.OutputPath = V;
    } else if (A == "-shared" || A == "--shared" || A == "-Bshareable") {
      R.OutputKind = NEVERC_LINK_OUTPUT_SHARED_LIBRARY;
    } else if (A == "-pie" || A == "--pie") {
      R.Flags |= NEVERC_LINK_OPTION_PIE;
    } else if (A == "-no-pie" || A == "--no-pie") {
      R.Flags &= ~uint64_t(NEVERC_LINK_OPTION_PIE);
    } else if (A == "-static" || A == "--static" || A == "-Bstatic" ||
               A == "-dn" || A == "-non_shared") {
      if (A == "-static" || A == "--static")
        R.Flags |= NEVERC_LINK_OPTION_STATIC;
      Static = true;
    } else if (A == "-Bdynamic" || A == "-dy" || A == "-call_shared") {
      Static = false;
    } else if (A == "--gc-sections" || A == "-gc-sections") {
      R.Flags |= NEVERC_LINK_OPTION_GC_SECTIONS;
    } else if (A == "--no-gc-sections" || A == "-no-gc-sections") {
      R.Flags &= ~uint64_t(NEVERC_LINK_OPTION_GC_SECTIONS);
    } else if (A.starts_with("--icf=") || A.starts_with("-icf=")) {
      if (A.ends_with("=none"))
        R.Flags &= ~uint64_t(NEVERC_LINK_OPTION_ICF);
      else
        R.Flags |= NEVERC_LINK_OPTION_ICF;
    } else if (A == "-E" || A == "--export-dynamic" || A == "-export-dynamic") {
      R.Flags |= NEVERC_LINK_OPTION_EXPORT_DYNAMIC;
    } else if (A == "--unresolved-symbols=ignore-all" ||
               A == "--allow-shlib-undefined") {
      R.Flags |= NEVERC_LINK_OPTION_ALLOW_UNDEFINED;
    } else if (A == "--whole-archive" || A == "-whole-archive") {
      WholeArchive = true;
      R.Flags |= NEVERC_LINK_OPTION_WHOLE_ARCHIVE;
    } else if (A == "--no-whole-archive" || A == "-no-whole-archive") {
      WholeArchive = false;
    } else if (A == "--as-needed" || A == "-as-needed") {
      AsNeeded = true;
    } else if (A == "--no-as-needed" || A == "-no-as-needed") {
      AsNeeded = false;
    } else if (A == "--start-group" || A == "-start-group" || A == "-(") {
      GroupStart = true;
      LastInGroup = nullptr;
    } else if (A == "--end-group" || A == "-end-group" || A == "-)") {
      if (LastInGroup)
        LastInGroup->Flags |= NEVERC_LINK_INPUT_FLAG_END_GROUP;
    } else if (optionValue(Argv, I, {"-e", "--entry"}, V, /*Joined=*/true)) {
      R.Entry = V;
    } else if (optionValue(Argv, I, {"-soname", "--soname", "-h"}, V)) {
      R.Soname = V;
    } else if (optionValue(Argv, I, {"--image-base", "-image-base"}, V)) {
      llvm::StringRef(V).getAsInteger(0, R.ImageBase);
    } else if (optionValue(Argv, I, {"--threads", "-threads"}, V)) {
      llvm::StringRef(V).getAsInteger(10, R.Threads);
    } else if (optionValue(Argv, I, {"-z"}, V, /*Joined=*/true)) {
      llvm::StringRef Z = V;
      if (Z.consume_front("max-page-size="))
        Z.getAsInteger(0, R.PageSize);
      else if (Z == "undefs")
        R.Flags |= NEVERC_LINK_OPTION_ALLOW_UNDEFINED;
    } else if (optionValue(Argv, I, {"-Map", "--Map"}, V)) {
      if (V != "-")
        R.Side.push_back({"-Map", V, ""});
    } else if (optionValue(Argv, I, {"--why-extract", "-why-extract"}, V)) {
      if (V != "-")
        R.Side.push_back({"--why-extract", V, ""});
    } else if (optionValue(Argv, I,
                           {"--print-archive-stats", "-print-archive-stats"},
                           V)) {
      if (V != "-")
        R.Side.push_back({"--print-archive-stats", V, ""});
    } else if (optionValue(Argv, I, {"--dependency-file", "-dependency-file"},
                           V)) {
      R.Side.push_back({"--dependency-file", V, ""});
    } else if (optionValue(Argv, I, {"-l", "--library"}, V, /*Joined=*/true)) {
      R.Libraries.push_back(V);
      std::string Path = findLibrary(R, V, Static);
      AddInput(Path.empty() ? "-l" + V : Path,
               Path.empty() ? NEVERC_LINK_INPUT_UNKNOWN : inputKindOf(Path));
      R.Inputs.back().ByName = !Path.empty();
    } else if (optionValue(Argv, I, {"-L", "--library-path"}, V,
                           /*Joined=*/true)) {
      // read above
    } else if (takesSeparateValue(A)) {
      ++I;
    } else if (!A.starts_with("-") || A == "-") {
      AddInput(A.str(), inputKindOf(A.str()));
    }
  }
  if (Queries && R.Inputs.empty())
    return false; // lld answers a question; nothing is linked
  return true;
}

std::vector<std::string> stagedLinkLine(const std::vector<std::string> &Argv,
                                        LinkRequestModel &R,
                                        const std::string &Dir,
                                        std::string &StagedImage) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "image");
  StagedImage = std::string(P);
  for (size_t K = 0; K < R.Side.size(); ++K) {
    llvm::SmallString<256> S(Dir);
    llvm::sys::path::append(S, "side" + std::to_string(K));
    R.Side[K].StagedPath = std::string(S);
  }
  // Every spelling of an output option is replaced by one "--opt=path":
  // lld takes the last of repeated ones, so all of them point into Dir.
  std::vector<std::string> Out;
  Out.reserve(Argv.size() + 2);
  Out.push_back(Argv[0]);
  auto SideFor = [&](const char *Option, const std::string &V) {
    for (const SideOutput &S : R.Side)
      if (S.Option == Option && S.FinalPath == V)
        return S.StagedPath;
    return V;
  };
  bool SawOutput = false;
  for (size_t I = 1; I < Argv.size(); ++I) {
    std::string V;
    if (optionValue(Argv, I, {"-o", "--output"}, V, /*Joined=*/true)) {
      Out.push_back("--output=" + StagedImage);
      SawOutput = true;
    } else if (optionValue(Argv, I, {"-Map", "--Map"}, V)) {
      Out.push_back("-Map=" + SideFor("-Map", V));
    } else if (optionValue(Argv, I, {"--why-extract", "-why-extract"}, V)) {
      Out.push_back("--why-extract=" + SideFor("--why-extract", V));
    } else if (optionValue(Argv, I,
                           {"--print-archive-stats", "-print-archive-stats"},
                           V)) {
      Out.push_back("--print-archive-stats=" +
                    SideFor("--print-archive-stats", V));
    } else if (optionValue(Argv, I, {"--dependency-file", "-dependency-file"},
                           V)) {
      Out.push_back("--dependency-file=" + SideFor("--dependency-file", V));
    } else {
      Out.push_back(Argv[I]);
      // A separate value is copied as it is, never read as an option.
      if (takesSeparateValue(Argv[I]) && I + 1 < Argv.size())
        Out.push_back(Argv[++I]);
    }
  }
  if (!SawOutput)
    Out.push_back("--output=" + StagedImage);
  return Out;
}

} // namespace neverc::link
