//===- LTO.cpp - lto_resolve and lto_generate: a link's bitcode -----------===//
//
// lto_resolve decides, for every symbol of every bitcode file, what lld 22
// tells llvm::lto::LTO (BitcodeCompiler::add): prevailing (this file's
// definition is the link's), visible to regular objects, exported,
// final in the linkage unit, redefined by the linker; and the three the
// ABI adds (can inline, can internalize, referenced by a regular object).
// lto_generate hands the files and those resolutions to neverc/lto and
// reads the objects back as inputs: every later step sees objects only.
// Without bitcode both steps change nothing.
//
//===----------------------------------------------------------------------===//
#include "Steps.h"

#include "neverc/lto/LTO.h"

#include <cctype>
#include <unordered_set>

namespace neverc::link {
namespace graph {
namespace {

/// A C identifier: a section __start_/__stop_ symbols can name.
bool cIdentifier(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  for (char C : S)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

} // namespace

bool resolveLto(LinkGraph &G) {
  G.LtoResolutions.clear();
  G.LtoFirst.clear();
  if (G.In.Bitcode.empty())
    return true;
  const bool Exec = G.Req.OutputKind == NEVERC_LINK_OUTPUT_EXECUTABLE;
  const bool Reloc = G.Req.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE;
  const bool ExportAll = G.Req.Flags & NEVERC_LINK_OPTION_EXPORT_DYNAMIC;
  std::vector<VersionNode> Nodes, Listed;
  for (const std::string &Text : G.Opt.VersionScripts)
    if (!parseVersionScript(Text, Nodes, G.Error))
      return false;
  for (const std::string &Text : G.Opt.DynamicLists)
    if (!parseVersionScript(Text, Listed, G.Error))
      return G.fail("dynamic list: " + G.Error);
  // What the linker itself defines or redirects.
  std::unordered_set<std::string> Redefined, Wrapped;
  for (const auto &D : G.Opt.Defsyms)
    Redefined.insert(D.first);
  for (const std::string &W : G.Opt.Wrap) {
    Wrapped.insert(W);
    Wrapped.insert("__wrap_" + W);
    Wrapped.insert("__real_" + W);
  }
  auto Referenced = [&](const std::string &Name) {
    return G.In.SymbolIndex.lookup(Name) >= 0;
  };
  for (uint32_t F = 0; F < G.In.Bitcode.size(); ++F) {
    const BitcodeFile &B = *G.In.Bitcode[F];
    G.LtoFirst.push_back(uint32_t(G.LtoResolutions.size()));
    for (uint32_t I = 0; I < B.Info.Symbols.size(); ++I) {
      const lto::BitcodeSymbol &S = B.Info.Symbols[I];
      LinkGraph::LtoResolution R;
      R.File = F;
      R.Symbol = I;
      std::string Name = S.Name;
      if (S.Undefined && !G.In.Wrap.empty())
        if (auto W = G.In.Wrap.find(Name); W != G.In.Wrap.end())
          Name = W->second;
      const int32_t It = G.In.SymbolIndex.lookup(Name);
      if (It < 0) {
        G.LtoResolutions.push_back(R); // (cannot happen: read named it)
        continue;
      }
      R.Global = It;
      const LinkSymbol &L = G.In.Symbols[size_t(It)];
      const bool Defined =
          L.S == LinkSymbol::Defined || L.S == LinkSymbol::Common;
      const bool Prevailing =
          !S.Undefined && Defined && L.Bitcode == int32_t(F);
      const bool DefaultVis = S.Visibility == 0;
      // Exported: what the dynamic symbol table will hold.
      bool Exported = false;
      if (!Reloc && DefaultVis) {
        bool Local = false, Unused = false;
        const bool Hidden = versionNodeOf(Nodes, Name, Local) >= 0 && Local;
        const bool InList =
            !Listed.empty() && versionNodeOf(Listed, Name, Unused) >= 0;
        Exported =
            G.sharedOutput() ? !Hidden : ExportAll || L.SharedRef || InList;
      }
      const bool Redef = Redefined.count(Name) || Wrapped.count(Name);
      bool Visible = Reloc || L.RegularRef || (Prevailing && Exported) ||
                     Wrapped.count(Name) || S.Used;
      // A section __start_/__stop_ symbols name keeps what is in it.
      if (!Visible && !S.Section.empty() && cIdentifier(S.Section))
        Visible = Referenced("__start_" + S.Section) ||
                  Referenced("__stop_" + S.Section);
      const bool Final = (Exec || !DefaultVis) && Defined;
      if (Prevailing)
        R.Flags |= LinkGraph::LtoPrevailing;
      if (Visible)
        R.Flags |= LinkGraph::LtoVisibleToRegular;
      if (Exported)
        R.Flags |= LinkGraph::LtoExported;
      if (Final)
        R.Flags |= LinkGraph::LtoFinal;
      if (Redef)
        R.Flags |= LinkGraph::LtoRedefined;
      else
        R.Flags |= LinkGraph::LtoCanInline;
      if (Prevailing && !Visible && !Exported)
        R.Flags |= LinkGraph::LtoCanInternalize;
      if (L.RegularRef)
        R.Flags |= LinkGraph::LtoRegularRef;
      G.LtoResolutions.push_back(R);
    }
  }
  return true;
}

bool generateLto(LinkGraph &G) {
  if (G.In.Bitcode.empty() || G.In.LtoObjectsBegin >= 0)
    return true; // nothing to compile, or compiled already (a rerun)
  if (G.Opt.Lto.IndexOnly && G.State >= NEVERC_LINK_STATE_LTO_GENERATED)
    return true; // the index files are written
  if (G.LtoFirst.size() != G.In.Bitcode.size())
    return G.fail("lto_generate needs lto_resolve's resolutions");
  std::vector<lto::Product> Products;
  std::string Error;
  const bool Provided = G.LtoCodegen && !G.Opt.Lto.IndexOnly;
  if (!(Provided ? G.LtoCodegen(G, Products, Error)
                 : builtinLto(G, Products, Error)))
    return G.fail(Error);
  if (G.Opt.Lto.IndexOnly)
    return true;
  if (!addLtoObjects(std::move(Products), G.In, Error))
    return G.fail(Error);
  return true;
}

} // namespace graph

bool builtinLto(LinkGraph &G, std::vector<lto::Product> &Products,
                std::string &Error) {
  lto::Options O;
  O.OptLevel = G.Opt.Lto.OptLevel;
  O.CGOptLevel = G.Opt.Lto.codegenLevel();
  O.CPU = G.Opt.Lto.CPU;
  O.Features = G.Opt.Lto.Features;
  O.TlsDesc = G.Opt.Lto.TlsDesc;
  O.PIC = G.pic() || G.sharedOutput();
  O.Relocatable = G.Req.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE;
  O.Jobs = G.Opt.Lto.Jobs;
  O.CacheDir = G.Opt.Lto.CacheDir;
  O.CacheSalt = G.LtoCacheSalt;
  O.Hook = G.LtoHook;
  O.Passes = G.LtoPasses;
  O.IndexOnly = G.Opt.Lto.IndexOnly;
  O.EmitImports = G.Opt.Lto.EmitImports;
  O.IndexList = G.Opt.Lto.IndexList;
  if (O.IndexOnly)
    for (const auto &B : G.In.Bitcode) {
      // A backend compile elsewhere needs a ThinLTO module in a file of
      // its own (lld serializes the others; not done here yet).
      if (B->Member >= 0 || !B->Info.Thin) {
        Error = B->Name + ": distributed ThinLTO (--thinlto-index-only) of " +
                (B->Member >= 0 ? "an archive member"
                                : "a module without a ThinLTO summary") +
                " is not done by the graph linker yet; use -fuse-ld=lld";
        return false;
      }
    }
  std::vector<lto::Input> Inputs;
  for (uint32_t F = 0; F < G.In.Bitcode.size(); ++F) {
    const BitcodeFile &B = *G.In.Bitcode[F];
    lto::Input In;
    In.Name = B.Name;
    In.Bytes = B.Bytes;
    const uint32_t First = G.LtoFirst[F];
    In.Res.resize(B.Info.Symbols.size());
    for (uint32_t I = 0; I < In.Res.size(); ++I) {
      const uint64_t Fl = G.LtoResolutions[First + I].Flags;
      lto::Resolution &R = In.Res[I];
      R.Prevailing = Fl & LinkGraph::LtoPrevailing;
      R.VisibleToRegularObj = Fl & LinkGraph::LtoVisibleToRegular;
      R.ExportDynamic = Fl & LinkGraph::LtoExported;
      R.FinalDefinition = Fl & LinkGraph::LtoFinal;
      R.LinkerRedefined = Fl & LinkGraph::LtoRedefined;
    }
    Inputs.push_back(std::move(In));
  }
  return lto::generate(O, Inputs, Products, Error);
}

} // namespace neverc::link
