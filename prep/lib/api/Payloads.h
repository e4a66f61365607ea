//===- Payloads.h - Artifact payloads of the six prep phases ----*- C++ -*-===//
//
// Input and output artifacts of a prep phase share one artifact type, so
// every payload starts with a tag telling inputs from outputs.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_PREP_API_PAYLOADS_H
#define NEVERC_PREP_API_PAYLOADS_H

#include "PrepInternal.h"

namespace neverc::prep {

enum class BoxTag : uint32_t {
  TokenIn = 0x50540001,
  TokenOut,
  StreamIn,
  IncludeIn,
  IncludeOut,
  MacroIn,
  MacroOut,
  PragmaIn,
  PragmaOut,
  FeatureIn,
  FeatureOut,
};

inline NevercStringView sv(const std::string &S) {
  return NevercStringView{S.data(), S.size()};
}
inline NevercABITableHeader prepHeader(uint32_t Size) {
  return NevercABITableHeader{Size, NEVERC_PREP_API_MAJOR,
                              NEVERC_PREP_API_MINOR, 0};
}

struct TokenInBox {
  BoxTag Tag = BoxTag::TokenIn;
  NevercTokenHandle Token{};
};
/// Output of prep.token and of build_token_stream.
struct TokenOutBox {
  BoxTag Tag = BoxTag::TokenOut;
  std::vector<NevercTokenHandle> Tokens;
};
struct StreamInBox {
  BoxTag Tag = BoxTag::StreamIn;
  NevercPrepTokenStreamPhaseInput C{};
};

struct IncludeInBox {
  BoxTag Tag = BoxTag::IncludeIn;
  IncludeRequest R;
  NevercPrepIncludePhaseInput C{};
  void fill() {
    C.Header = prepHeader(sizeof C);
    C.Location = R.Location;
    C.IncludeToken = R.IncludeToken;
    C.Filename = sv(R.Filename);
    C.IncludeSearchPath = sv(R.SearchPath);
    C.RelativePath = sv(R.RelativePath);
    C.Action = NEVERC_PREP_INCLUDE_CONTINUE;
    C.IsAngled = R.IsAngled;
    C.IsImport = R.IsImport;
    C.IsIncludeNext = R.IsIncludeNext;
    C.ReplacementIsAngled = R.IsAngled;
    C.ReplacementFilename = sv(R.Filename);
  }
};
struct IncludeOutBox {
  BoxTag Tag = BoxTag::IncludeOut;
  IncludeDecision D;
};

struct MacroInBox {
  BoxTag Tag = BoxTag::MacroIn;
  MacroRequest R;
  NevercPrepMacroPhaseInput C{};
  void fill() {
    C.Header = prepHeader(sizeof C);
    C.Operation = R.Operation;
    C.Action = NEVERC_PREP_MACRO_CONTINUE;
    if (!R.Resolve)
      copyHandles();
  }
  /// Makes the handles of a lazy request (MacroRequest::Resolve) once;
  /// readPhaseInput calls it before the input is written out.
  void resolve() {
    if (!R.Resolve)
      return;
    auto Fn = R.Resolve;
    R.Resolve = nullptr;
    Fn(R.ResolveCtx, R);
    copyHandles();
  }

private:
  void copyHandles() {
    C.NameToken = R.NameToken;
    C.Name = R.Name;
    C.Definition = R.Definition;
    C.Arguments = R.Arguments;
  }
};
/// Makes whatever an input box leaves to its first read (the Get*PhaseInput
/// slots call it before writing the input out): nothing for most boxes.
template <class Box> void resolveInput(Box &) {}
inline void resolveInput(MacroInBox &B) { B.resolve(); }

struct MacroOutBox {
  BoxTag Tag = BoxTag::MacroOut;
  MacroDecision D;
};

struct PragmaInBox {
  BoxTag Tag = BoxTag::PragmaIn;
  PragmaRequest R;
  NevercPrepPragmaPhaseInput C{};
  void fill() {
    C.Header = prepHeader(sizeof C);
    C.Location = R.Location;
    C.Introducer = R.Introducer;
    C.Action = NEVERC_PREP_PRAGMA_CONTINUE;
    C.Namespace = sv(R.Namespace);
    C.Name = sv(R.Name);
    C.Tokens = R.Tokens;
  }
};
struct PragmaOutBox {
  BoxTag Tag = BoxTag::PragmaOut;
  PragmaDecision D;
};

struct FeatureInBox {
  BoxTag Tag = BoxTag::FeatureIn;
  FeatureQueryRequest R;
  NevercPrepFeatureQueryPhaseInput C{};
  void fill() {
    C.Header = prepHeader(sizeof C);
    C.Location = R.Location;
    C.Kind = R.Kind;
    C.Action = NEVERC_PREP_QUERY_CONTINUE;
    C.Name = sv(R.Name);
    C.BuiltinValue = R.BuiltinValue;
    C.Value = R.BuiltinValue;
  }
};
struct FeatureOutBox {
  BoxTag Tag = BoxTag::FeatureOut;
  FeatureQueryDecision D;
};

} // namespace neverc::prep

#endif
