//===- Versions.cpp - Version scripts and the versions a library defines --===//
//
// A version script says which definitions a shared library exports and
// under which version: `NAME { global: a; b*; local: *; } PARENT;` nodes,
// or one anonymous `{ ... };`. What the C libraries we link use is read:
// names and wildcards (* ? [...]) in global:/local: lists (a list with no
// label is global), parents, comments; `extern "C++"` is refused by name.
//
// Assignment (lld's order): a name listed exactly wins over wildcards; a
// global match gives the node's version, a local match hides the
// definition (not exported, not preemptible); a definition no node names
// stays global and unversioned. --default-symver gives every export the
// version named by the soname (GNU ld's option, which jansson uses).
//
//===----------------------------------------------------------------------===//
#include "Steps.h"

#include <fnmatch.h>

namespace neverc::link {
namespace {

std::vector<std::string> tokens(const std::string &T, std::string &Error) {
  std::vector<std::string> Out;
  size_t I = 0;
  while (I < T.size()) {
    char C = T[I];
    if (C == '#') {
      I = T.find('\n', I);
      if (I == std::string::npos)
        break;
    } else if (T.compare(I, 2, "/*") == 0) {
      size_t E = T.find("*/", I + 2);
      I = E == std::string::npos ? T.size() : E + 2;
    } else if (std::isspace(static_cast<unsigned char>(C))) {
      ++I;
    } else if (C == '{' || C == '}' || C == ';' || C == ':') {
      Out.push_back(std::string(1, C));
      ++I;
    } else if (C == '"') {
      size_t E = T.find('"', I + 1);
      if (E == std::string::npos) {
        Error = "version script: a string is not closed";
        return {};
      }
      Out.push_back(T.substr(I, E + 1 - I));
      I = E + 1;
    } else {
      size_t E = I;
      while (E < T.size() && !std::isspace(static_cast<unsigned char>(T[E])) &&
             T[E] != '{' && T[E] != '}' && T[E] != ';' &&
             (T[E] != ':' || (E + 1 < T.size() && T[E + 1] == ':')))
        E += T[E] == ':' ? 2 : 1;
      Out.push_back(T.substr(I, E - I));
      I = E;
    }
  }
  return Out;
}

bool wildcard(const std::string &P) {
  return P.find_first_of("*?[") != std::string::npos;
}

} // namespace

bool parseVersionScript(const std::string &Text,
                        std::vector<VersionNode> &Nodes, std::string &Error) {
  std::vector<std::string> T = tokens(Text, Error);
  if (!Error.empty())
    return false;
  size_t I = 0;
  auto Fail = [&](const std::string &Why) {
    Error = "version script: " + Why;
    return false;
  };
  while (I < T.size()) {
    VersionNode N;
    if (T[I] != "{")
      N.Name = T[I++];
    if (I >= T.size() || T[I] != "{")
      return Fail("expected '{' after '" + N.Name + "'");
    ++I;
    bool Local = false;
    while (I < T.size() && T[I] != "}") {
      if (I + 1 < T.size() && T[I + 1] == ":" &&
          (T[I] == "global" || T[I] == "local")) {
        Local = T[I] == "local";
        I += 2;
        continue;
      }
      if (T[I] == "extern")
        return Fail("'extern \"C++\"' patterns are not read by the graph "
                    "linker yet; use -fuse-ld=lld");
      std::string Pattern = T[I++];
      if (I >= T.size() || T[I] != ";")
        return Fail("expected ';' after '" + Pattern + "'");
      ++I;
      (Local ? N.Local : N.Global).push_back(Pattern);
    }
    if (I >= T.size())
      return Fail("a node is not closed");
    ++I; // }
    if (I < T.size() && T[I] != ";")
      ++I; // the parent: a dependency only, no meaning for the symbols
    if (I >= T.size() || T[I] != ";")
      return Fail("expected ';' after a node");
    ++I;
    Nodes.push_back(std::move(N));
  }
  return true;
}

int versionNodeOf(const std::vector<VersionNode> &Nodes,
                  const std::string &Name, bool &Local) {
  // Exact names first, then wildcards; global before local.
  Local = false;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (size_t K = 0; K < Nodes.size(); ++K)
      for (bool L : {false, true})
        for (const std::string &P : L ? Nodes[K].Local : Nodes[K].Global)
          if (Pass ? wildcard(P) && !fnmatch(P.c_str(), Name.c_str(), 0)
                   : P == Name) {
            Local = L;
            return int(K);
          }
  return -1;
}

namespace graph {

bool assignVersions(LinkGraph &G) {
  std::vector<VersionNode> Nodes;
  for (const std::string &Text : G.Opt.VersionScripts)
    if (!parseVersionScript(Text, Nodes, G.Error))
      return false;
  const std::string Soname = G.baseVersionName();
  G.VersionDefs.clear();
  if (G.Opt.DefaultSymver && G.sharedOutput())
    G.VersionDefs.push_back(Soname);
  // Version index of each named node (2 on); anonymous nodes have none.
  std::vector<uint16_t> IndexOf(Nodes.size(), 1);
  for (size_t K = 0; K < Nodes.size(); ++K)
    if (!Nodes[K].Name.empty()) {
      G.VersionDefs.push_back(Nodes[K].Name);
      IndexOf[K] = uint16_t(G.VersionDefs.size() + 1);
    }
  // A dynamic list is an anonymous node's list of names: `{ a; b*; };`.
  std::vector<std::string> Listed;
  for (const std::string &Text : G.Opt.DynamicLists) {
    std::vector<VersionNode> List;
    if (!parseVersionScript(Text, List, G.Error)) {
      G.Error = "dynamic list: " + G.Error.substr(G.Error.find(':') + 2);
      return false;
    }
    for (const VersionNode &N : List)
      Listed.insert(Listed.end(), N.Global.begin(), N.Global.end());
  }
  for (size_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    if ((X.K != GlobalSym::Defined && X.K != GlobalSym::Common) || !X.Def)
      continue;
    const std::string &Name = G.In.Symbols[I].Name;
    for (const std::string &P : Listed)
      if (P == Name || (wildcard(P) && !fnmatch(P.c_str(), Name.c_str(), 0)))
        X.DynamicListed = true;
    if (Name.find('@') != std::string::npos)
      return G.fail("the symbol '" + Name +
                    "' names its version (.symver): not supported by the "
                    "graph linker yet; use -fuse-ld=lld");
    if (G.Opt.DefaultSymver && G.sharedOutput())
      X.VersionIndex = 2;
    bool Local = false;
    const int Found = versionNodeOf(Nodes, Name, Local);
    if (Found < 0)
      continue;
    if (Local)
      X.Localized = true;
    else if (!Nodes[size_t(Found)].Name.empty())
      X.VersionIndex = IndexOf[size_t(Found)];
  }
  if (G.Opt.UndefinedVersion)
    return true;
  // lld's --no-undefined-version: a name (not a wildcard) the script gives
  // a version, or hides, must be defined in the link.
  auto Defined = [&](const std::string &Name) {
    const int32_t It = G.In.SymbolIndex.lookup(Name);
    if (It < 0)
      return false;
    const GlobalSym &X = G.Globals[size_t(It)];
    return (X.K == GlobalSym::Defined || X.K == GlobalSym::Common) && X.Def;
  };
  for (const VersionNode &N : Nodes)
    for (bool Local : {false, true})
      for (const std::string &P : Local ? N.Local : N.Global)
        if (!wildcard(P) && !Defined(P))
          return G.fail("version script assignment of '" +
                        (Local            ? std::string("local")
                         : N.Name.empty() ? std::string("global")
                                          : N.Name) +
                        "' to symbol '" + P + "' failed: symbol not defined");
  return true;
}

} // namespace graph
} // namespace neverc::link
