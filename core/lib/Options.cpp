//===- Options.cpp - Plugin option registry and parser --------------------===//
#include "neverc/core/Options.h"
#include "neverc/core/Diagnostics.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace neverc::core {

namespace {

NevercStatus bad() { return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR); }

bool readList(const NevercStringList &L, std::vector<std::string> &Out) {
  if (L.Count == 0)
    return true;
  if (!L.Data || (L.ElementStride && L.ElementStride < sizeof(NevercStringView)))
    return false;
  uint64_t Stride = L.ElementStride ? L.ElementStride : sizeof(NevercStringView);
  if (L.Count > 4096)
    return false;
  for (uint64_t I = 0; I < L.Count; ++I) {
    auto *V = reinterpret_cast<const NevercStringView *>(
        reinterpret_cast<const char *>(L.Data) + I * Stride);
    if (!V->Data || V->Length == 0)
      return false;
    Out.emplace_back(V->Data, V->Length);
  }
  return true;
}

bool validSpelling(std::string_view S) {
  if (S.size() < 2 || S[0] != '-' || S.size() > 255)
    return false;
  return std::none_of(S.begin(), S.end(), [](char C) {
    return C == ' ' || C == '\t' || C == '\n' || C == '\0';
  });
}

std::string_view stripDashes(std::string_view S) {
  while (!S.empty() && S.front() == '-')
    S.remove_prefix(1);
  return S;
}

bool parseBool(std::string_view V, bool &Out) {
  static constexpr std::string_view True[] = {"1", "true", "yes", "on"};
  static constexpr std::string_view False[] = {"0", "false", "no", "off"};
  for (auto T : True)
    if (V == T)
      return Out = true, true;
  for (auto F : False)
    if (V == F)
      return Out = false, true;
  return false;
}

} // namespace

NevercStatus readOptionDescriptor(const NevercOptionDescriptor *D,
                                  std::string_view PluginID, OptionSpec &Out) {
  if (!D)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  if (D->Header.StructSize < sizeof(NevercOptionDescriptor) ||
      D->Header.Major != NEVERC_DRIVER_API_MAJOR)
    return bad();
  std::string_view Spelling = view(D->Spelling);
  if (!validSpelling(Spelling))
    return bad();
  if (D->Form > NEVERC_OPTION_MULTI_ARG ||
      D->ValueType > NEVERC_OPTION_PATH ||
      D->Multiplicity > NEVERC_OPTION_APPEND)
    return bad();
  // A flag carries no value, so it can only be a boolean.
  if (D->Form == NEVERC_OPTION_FLAG && D->ValueType != NEVERC_OPTION_BOOL)
    return bad();
  if (D->Form == NEVERC_OPTION_MULTI_ARG &&
      (D->ArgumentCount == 0 || D->ArgumentCount > 64))
    return bad();
  if (D->Form != NEVERC_OPTION_MULTI_ARG && D->ArgumentCount > 1)
    return bad();
  OptionSpec S;
  S.PluginID = std::string(PluginID);
  S.Spelling = std::string(Spelling);
  if (!readList(D->Aliases, S.Aliases) || !readList(D->Conflicts, S.Conflicts) ||
      !readList(D->Requires, S.Requires))
    return bad();
  for (const std::string &A : S.Aliases)
    if (!validSpelling(A))
      return bad();
  if (D->ValueType == NEVERC_OPTION_ENUM) {
    const NevercStructArrayView &E = D->EnumValues;
    if (E.Count == 0 || !E.Data || E.Count > 4096 ||
        E.ElementStride < sizeof(NevercABITableHeader) + sizeof(NevercStringView) + 8)
      return bad();
    for (uint64_t I = 0; I < E.Count; ++I) {
      auto *V = reinterpret_cast<const NevercOptionEnumValue *>(
          reinterpret_cast<const char *>(E.Data) + I * E.ElementStride);
      if (V->Header.StructSize < offsetof(NevercOptionEnumValue, Help) ||
          !V->Name.Data || V->Name.Length == 0)
        return bad();
      S.EnumValues.emplace_back(std::string(view(V->Name)), V->Value);
    }
  } else if (D->EnumValues.Count != 0) {
    return bad();
  }
  S.Form = D->Form;
  S.ValueType = D->ValueType;
  S.Multiplicity = D->Multiplicity;
  S.ArgumentCount = D->Form == NEVERC_OPTION_MULTI_ARG ? D->ArgumentCount : 1;
  S.Required = D->Required != 0;
  S.Hidden = D->Hidden != 0;
  S.Help = std::string(view(D->Help));
  S.Metavar = std::string(view(D->Metavar));
  S.TargetPredicate = std::string(view(D->TargetPredicate));
  S.Validator = D->Validator;
  S.UserData = D->UserData;
  S.DestroyUserData = D->DestroyUserData;
  Out = std::move(S);
  return okStatus();
}

void OptionValues::record(const OptionSpec &S,
                          std::vector<std::string> Occurrence) {
  auto Key = std::make_pair(S.PluginID, S.Spelling);
  auto &V = Values[Key];
  if (S.Multiplicity != NEVERC_OPTION_APPEND)
    V.clear();
  for (std::string &Value : Occurrence)
    V.push_back(std::move(Value));
  ++Counts[Key];
}

const std::vector<std::string> *
OptionValues::get(std::string_view PluginID, std::string_view Spelling) const {
  auto It = Values.find(std::make_pair(std::string(PluginID),
                                       std::string(Spelling)));
  return It == Values.end() ? nullptr : &It->second;
}

size_t OptionValues::occurrences(const OptionSpec &S) const {
  auto It = Counts.find(std::make_pair(S.PluginID, S.Spelling));
  return It == Counts.end() ? 0 : It->second;
}

NevercStatus OptionRegistry::add(OptionSpec Spec) {
  auto Taken = [&](std::string_view Sp) { return bySpelling(Sp) != nullptr; };
  if (Taken(Spec.Spelling))
    return makeStatus(NEVERC_STATUS_DUPLICATE_ID);
  for (const std::string &A : Spec.Aliases)
    if (Taken(A) || A == Spec.Spelling)
      return makeStatus(NEVERC_STATUS_DUPLICATE_ID);
  Specs.push_back(std::move(Spec));
  return okStatus();
}

const OptionSpec *OptionRegistry::bySpelling(std::string_view Spelling) const {
  for (const OptionSpec &S : Specs) {
    if (S.Spelling == Spelling)
      return &S;
    for (const std::string &A : S.Aliases)
      if (A == Spelling)
        return &S;
  }
  return nullptr;
}

const OptionSpec *OptionRegistry::byPluginKey(std::string_view PluginID,
                                              std::string_view Key) const {
  for (const OptionSpec &S : Specs)
    if (S.PluginID == PluginID &&
        (S.Spelling == Key || stripDashes(S.Spelling) == Key))
      return &S;
  return nullptr;
}

bool OptionRegistry::knows(std::string_view PluginID,
                           std::string_view Spelling) const {
  for (const OptionSpec &S : Specs)
    if (S.PluginID == PluginID && S.Spelling == Spelling)
      return true;
  return false;
}

bool globMatch(std::string_view P, std::string_view T) {
  size_t PI = 0, TI = 0, Star = std::string_view::npos, Mark = 0;
  while (TI < T.size()) {
    if (PI < P.size() && (P[PI] == '?' || P[PI] == T[TI])) {
      ++PI, ++TI;
    } else if (PI < P.size() && P[PI] == '*') {
      Star = PI++;
      Mark = TI;
    } else if (Star != std::string_view::npos) {
      PI = Star + 1;
      TI = ++Mark;
    } else {
      return false;
    }
  }
  while (PI < P.size() && P[PI] == '*')
    ++PI;
  return PI == P.size();
}

OptionParser::OptionParser(const OptionRegistry &Registry, OptionValues &Values,
                           DiagnosticSink &Diags, std::string Triple,
                           std::vector<std::string> ActivePluginIDs)
    : Registry(Registry), Values(Values), Diags(Diags),
      Triple(std::move(Triple)), Active(std::move(ActivePluginIDs)) {}

bool OptionParser::available(const OptionSpec &S) const {
  return S.TargetPredicate.empty() || globMatch(S.TargetPredicate, Triple);
}

NevercStatus OptionParser::checkValue(const OptionSpec &S,
                                      std::string_view Value,
                                      size_t Occurrence) {
  auto Fail = [&](std::string Msg) {
    Diagnostic D;
    D.PluginID = S.PluginID;
    D.Message = std::move(Msg);
    Diags.report(D);
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  };
  std::string V(Value);
  switch (S.ValueType) {
  case NEVERC_OPTION_BOOL: {
    bool B;
    if (!parseBool(V, B))
      return Fail("invalid boolean value '" + V + "' for option '" +
                  S.Spelling + "'");
    break;
  }
  case NEVERC_OPTION_INT:
  case NEVERC_OPTION_UINT: {
    errno = 0;
    char *End = nullptr;
    if (S.ValueType == NEVERC_OPTION_INT)
      (void)std::strtoll(V.c_str(), &End, 0);
    else
      (void)std::strtoull(V.c_str(), &End, 0);
    if (V.empty() || *End || errno ||
        (S.ValueType == NEVERC_OPTION_UINT && V[0] == '-'))
      return Fail("invalid " +
                  std::string(S.ValueType == NEVERC_OPTION_INT ? "integer"
                                                               : "unsigned") +
                  " value '" + V + "' for option '" + S.Spelling + "'");
    break;
  }
  case NEVERC_OPTION_ENUM: {
    bool Found = std::any_of(S.EnumValues.begin(), S.EnumValues.end(),
                             [&](auto &E) { return E.first == V; });
    if (!Found)
      return Fail("invalid value '" + V + "' for option '" + S.Spelling + "'");
    break;
  }
  default:
    break;
  }
  if (S.Validator) {
    NevercOptionValidationContext C{};
    C.Header = {sizeof(C), NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, 0};
    C.PluginID = cview(S.PluginID);
    C.Spelling = cview(S.Spelling);
    C.TargetTriple = cview(Triple);
    C.Occurrence = Occurrence;
    NevercStatus VS;
    try {
      VS = S.Validator(&C, cview(V), S.UserData);
    } catch (...) {
      VS = makeStatus(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    if (!isOk(VS)) {
      Fail("invalid value '" + V + "' for option '" + S.Spelling +
           "' (validator: " + std::string(statusName(VS.Code)) + ")");
      return VS;
    }
  }
  return okStatus();
}

NevercStatus OptionParser::record(const OptionSpec &S,
                                  std::vector<std::string_view> Given) {
  auto Fail = [&](std::string Msg) {
    Diagnostic D;
    D.PluginID = S.PluginID;
    D.Message = std::move(Msg);
    Diags.report(D);
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  };
  if (!available(S))
    return Fail("option '" + S.Spelling + "' is not available for target '" +
                Triple + "'");
  size_t Occurrence = Values.occurrences(S);
  if (S.Multiplicity == NEVERC_OPTION_SINGLE && Occurrence >= 1)
    return Fail("option '" + S.Spelling + "' may be given only once");
  // Values are recorded verbatim (core.md §11.5) once all of them passed.
  std::vector<std::string> Occ;
  for (std::string_view V : Given) {
    NevercStatus St = checkValue(S, V, Occurrence);
    if (!isOk(St))
      return St;
    Occ.emplace_back(V);
  }
  Values.record(S, std::move(Occ));
  return okStatus();
}

bool OptionParser::consume(const std::vector<std::string> &Args, size_t &I,
                           NevercStatus &Error) {
  Error = okStatus();
  std::string_view A = Args[I];
  if (A.size() < 2 || A[0] != '-')
    return false;
  // Exact spelling first: FLAG, SEPARATE, MULTI_ARG.
  if (const OptionSpec *S = Registry.bySpelling(A)) {
    switch (S->Form) {
    case NEVERC_OPTION_FLAG:
      Error = record(*S, {"1"});
      ++I;
      return true;
    case NEVERC_OPTION_JOINED:
      // A joined option with nothing joined has an empty value.
      Error = record(*S, {""});
      ++I;
      return true;
    case NEVERC_OPTION_SEPARATE:
    case NEVERC_OPTION_MULTI_ARG: {
      uint32_t N = S->Form == NEVERC_OPTION_SEPARATE ? 1 : S->ArgumentCount;
      if (I + N >= Args.size()) {
        Diagnostic D;
        D.PluginID = S->PluginID;
        D.Message = "argument to '" + std::string(A) + "' is missing (expected " +
                    std::to_string(N) + " value" + (N == 1 ? "" : "s") + ")";
        Diags.report(D);
        Error = makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
        I = Args.size();
        return true;
      }
      std::vector<std::string_view> Vals;
      for (uint32_t K = 1; K <= N; ++K)
        Vals.emplace_back(Args[I + K]);
      Error = record(*S, std::move(Vals));
      I += N + 1;
      return true;
    }
    }
  }
  // Joined forms: "<spelling><value>" or "<spelling>=<value>".
  for (const OptionSpec &S : Registry.all()) {
    auto Try = [&](const std::string &Sp) -> bool {
      if (A.size() <= Sp.size() || A.substr(0, Sp.size()) != Sp)
        return false;
      std::string_view Rest = A.substr(Sp.size());
      if (S.Form == NEVERC_OPTION_JOINED) {
        if (Sp.back() != '=' && Rest.front() == '=')
          Rest.remove_prefix(1);
      } else if (S.Form == NEVERC_OPTION_SEPARATE && Rest.front() == '=') {
        Rest.remove_prefix(1);
      } else {
        return false;
      }
      Error = record(S, {Rest});
      ++I;
      return true;
    };
    if (Try(S.Spelling))
      return true;
    for (const std::string &Al : S.Aliases)
      if (Try(Al))
        return true;
  }
  return false;
}

NevercStatus OptionParser::pluginArg(std::string_view Text) {
  auto Fail = [&](std::string Msg) {
    Diagnostic D;
    D.Message = std::move(Msg);
    Diags.report(D);
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  };
  if (Active.empty())
    return Fail("'-fplugin-arg=" + std::string(Text) +
                "' given but no plugin is loaded (use -fplugin=<path>)");
  size_t Colon = Text.find(':');
  size_t Eq = Text.find('=');
  std::string PluginID;
  std::string_view Rest = Text;
  if (Colon != std::string_view::npos &&
      (Eq == std::string_view::npos || Colon < Eq)) {
    PluginID = std::string(Text.substr(0, Colon));
    Rest = Text.substr(Colon + 1);
    if (std::find(Active.begin(), Active.end(), PluginID) == Active.end())
      return Fail("'-fplugin-arg=" + std::string(Text) + "' names plugin '" +
                  PluginID + "', which is not loaded");
  } else {
    if (Active.size() != 1)
      return Fail("'-fplugin-arg=" + std::string(Text) +
                  "' must name its plugin ('<plugin-id>:<key>=<value>') when "
                  "more than one plugin is loaded");
    PluginID = Active.front();
  }
  size_t KeyEnd = Rest.find('=');
  std::string_view Key = Rest.substr(0, KeyEnd);
  if (Key.empty())
    return Fail("'-fplugin-arg=" + std::string(Text) + "' has an empty key");
  const OptionSpec *S = Registry.byPluginKey(PluginID, Key);
  if (!S)
    return Fail("plugin '" + PluginID + "' registered no option '" +
                std::string(Key) + "'");
  if (KeyEnd == std::string_view::npos) {
    if (S->Form != NEVERC_OPTION_FLAG && S->ValueType != NEVERC_OPTION_BOOL)
      return Fail("option '" + S->Spelling + "' of plugin '" + PluginID +
                  "' needs a value ('" + std::string(Key) + "=<value>')");
    return record(*S, {"1"});
  }
  return record(*S, {Rest.substr(KeyEnd + 1)});
}

NevercStatus OptionParser::passArg(std::string_view Text,
                                   std::string_view PassPluginID) {
  if (PassPluginID.empty()) {
    Diagnostic D;
    D.Message = "'-fplugin-pass-arg=" + std::string(Text) +
                "' needs exactly one module loaded with -fplugin-pass=";
    Diags.report(D);
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  }
  return pluginArg(std::string(PassPluginID) + ":" + std::string(Text));
}

NevercStatus OptionParser::finish() {
  NevercStatus Result = okStatus();
  auto Fail = [&](const OptionSpec &S, std::string Msg) {
    Diagnostic D;
    D.PluginID = S.PluginID;
    D.Message = std::move(Msg);
    Diags.report(D);
    Result = makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  };
  for (const OptionSpec &S : Registry.all()) {
    bool Given = Values.occurrences(S) > 0;
    if (S.Required && !Given && available(S))
      Fail(S, "option '" + S.Spelling + "' is required");
    if (!Given)
      continue;
    for (const std::string &C : S.Conflicts)
      if (const OptionSpec *O = Registry.bySpelling(C);
          O && Values.occurrences(*O))
        Fail(S, "option '" + S.Spelling + "' cannot be used with '" + C + "'");
    for (const std::string &R : S.Requires) {
      const OptionSpec *O = Registry.bySpelling(R);
      if (!O || !Values.occurrences(*O))
        Fail(S, "option '" + S.Spelling + "' requires '" + R + "'");
    }
  }
  return Result;
}

} // namespace neverc::core
