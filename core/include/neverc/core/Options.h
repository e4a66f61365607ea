//===- Options.h - Plugin-registered command-line options ------*- C++ -*-===//
//
// A plugin declares an option once, in Register; from then on its spelling
// parses like a built-in option in one of four forms:
//   FLAG       --x
//   JOINED     --x<value>   (also --x=<value> when the spelling has no '=')
//   SEPARATE   --x <value>  (also --x=<value>)
//   MULTI_ARG  --x <v1> ... <vN>   (N = ArgumentCount, each recorded)
// and is also reachable as -fplugin-arg=<id>:<key>[=<value>]. Recorded
// values are read back through the core table's slots 9 and 10.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_OPTIONS_H
#define NEVERC_CORE_OPTIONS_H

#include "neverc/Plugin/PluginDriver.h"
#include "neverc/core/Status.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace neverc::core {

class DiagnosticSink;

struct OptionSpec {
  std::string PluginID;
  std::string Spelling;
  std::vector<std::string> Aliases;
  NevercOptionForm Form = NEVERC_OPTION_FLAG;
  NevercOptionValueType ValueType = NEVERC_OPTION_BOOL;
  NevercOptionMultiplicity Multiplicity = NEVERC_OPTION_SINGLE;
  uint32_t ArgumentCount = 0;
  bool Required = false;
  bool Hidden = false;
  std::string Help, Metavar;
  std::vector<std::pair<std::string, int64_t>> EnumValues;
  std::vector<std::string> Conflicts, Requires;
  std::string TargetPredicate;
  NevercOptionValidatorFn Validator = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};

/// Structural validation of a descriptor (INVALID_ARGUMENT for NULL,
/// INVALID_DESCRIPTOR for the rest); on success fills \p Out with owned
/// copies.
NevercStatus readOptionDescriptor(const NevercOptionDescriptor *D,
                                  std::string_view PluginID, OptionSpec &Out);

/// Values recorded in one session, keyed by (plugin ID, canonical spelling).
class OptionValues {
public:
  /// One occurrence: a single value, or ArgumentCount values of MULTI_ARG.
  void record(const OptionSpec &S, std::vector<std::string> Occurrence);
  const std::vector<std::string> *get(std::string_view PluginID,
                                      std::string_view Spelling) const;
  size_t occurrences(const OptionSpec &S) const;

private:
  std::map<std::pair<std::string, std::string>, std::vector<std::string>,
           std::less<>>
      Values;
  std::map<std::pair<std::string, std::string>, size_t, std::less<>> Counts;
};

class OptionRegistry {
public:
  /// DUPLICATE_ID when the spelling or an alias is already taken.
  NevercStatus add(OptionSpec Spec);
  const OptionSpec *bySpelling(std::string_view Spelling) const;
  /// Finds \p Key among \p PluginID's options: the exact spelling, or the
  /// spelling with its leading dashes removed.
  const OptionSpec *byPluginKey(std::string_view PluginID,
                                std::string_view Key) const;
  bool knows(std::string_view PluginID, std::string_view Spelling) const;
  const std::vector<OptionSpec> &all() const { return Specs; }
  /// Forgets the options; their owner has already destroyed UserData.
  void forget() { Specs.clear(); }

private:
  std::vector<OptionSpec> Specs;
};

/// Parses plugin options out of a command line for one session.
class OptionParser {
public:
  OptionParser(const OptionRegistry &Registry, OptionValues &Values,
               DiagnosticSink &Diags, std::string Triple,
               std::vector<std::string> ActivePluginIDs);

  /// Tries to consume Args[I] (and following arguments for SEPARATE and
  /// MULTI_ARG). Returns true and advances \p I when the argument was a
  /// plugin option; sets \p Error when it was one but was malformed.
  bool consume(const std::vector<std::string> &Args, size_t &I,
               NevercStatus &Error);

  /// Handles the text after "-fplugin-arg=" (splitting rule of core.md §12).
  NevercStatus pluginArg(std::string_view Text);
  /// "-fplugin-pass-arg=<k>=<v>": pluginArg for the single pass plugin.
  NevercStatus passArg(std::string_view Text, std::string_view PassPluginID);

  /// After the whole command line: Required, Requires and Conflicts rules.
  NevercStatus finish();

private:
  NevercStatus record(const OptionSpec &S,
                      std::vector<std::string_view> Values);
  NevercStatus checkValue(const OptionSpec &S, std::string_view Value,
                          size_t Occurrence);
  bool available(const OptionSpec &S) const;
  const OptionRegistry &Registry;
  OptionValues &Values;
  DiagnosticSink &Diags;
  std::string Triple;
  std::vector<std::string> Active;
};

/// Glob match with '*' and '?' used for TargetPredicate.
bool globMatch(std::string_view Pattern, std::string_view Text);

} // namespace neverc::core

#endif
