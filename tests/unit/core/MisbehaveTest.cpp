//===- MisbehaveTest.cpp - core.misbehave: misbehaving plugins -----------===//
//
// Table-driven: every row loads one or two real shared modules built by
// tests/plugins (MisbehavePlugin.c compiled once per -DCASE_<NAME>, and
// ThrowingPlugin.cpp once per -DTHROW_IN_<WHERE>), drives the host through
// its stages up to the row's Action, and checks the exact NevercStatusCode
// that stage returns, plus diagnostics.
//
// Stages, in order (every stage before the checked one must return OK):
//   Load          Host::loadPlugin for each module (the last one is checked)
//   Initialize    Host::initialize
//   BeginSession  Host::beginSession
//   SecondSession endSession(first), then beginSession again (checked)
//   BeginTask     Session::beginTask(TRANSLATION_UNIT)
//   SecondTask    endTask(first), then beginTask again (checked)
//   RunPhase      Host::runPhase(Phase, ...) with a counting built-in step
//   RaiseEvent    Host::raiseEvent(neverc.source.after_open) instead
//   EndTask       Session::endTask
//   Shutdown      Host::shutdown must return normally (no exception)
// After the checked stage the harness ends what it began and shuts the host
// down, then checks the diagnostics (so DestroyUserData effects count).
//
// Conventions shared with the plugins:
//  * A status the plugin observes itself (a registrar or core-table call)
//    is reported by the plugin as a NOTE diagnostic containing
//    "observed=<decimal NevercStatusCode>;". Row field Observed names the
//    code every such note must carry (and at least one must exist). The
//    plugin then carries on as a well-behaved plugin (Register returns OK
//    and so on), so the stage status and the observed status are separate
//    facts.
//  * Other plugin markers start with "mb-": "mb-destroyed count=<n>" is
//    printed by a DestroyUserData callback (H32/H33), "mb-observer point=<p>"
//    by a note-taking observer, and so on.
//  * Plugin IDs are "org.neverc.test.mb.<case>"; module files are
//    "mb_<case><suffix>" in NEVERC_MISBEHAVE_MODULE_DIR.
//  * Phases: Raw = neverc.driver.raw_arguments (O|I, input type == output
//    type), Token = neverc.prep.token (O|I|R, input == output), Sealed =
//    neverc.ir.final_verify (O|G), Ext = the test plugin phase
//    MB_EXT_PHASE_* (O|I|R|S) that a plugin registers itself.
//  * A test-only interface (MisbehaveTestAPI.h) is published before loading
//    so plugins can obtain real proof handles for SKIP results.
//
//===----------------------------------------------------------------------===//
#include "MisbehaveTestAPI.h"

#include "neverc/core/Host.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

using namespace neverc::core;

namespace {

enum class Act {
  Load,
  Initialize,
  BeginSession,
  SecondSession,
  BeginTask,
  SecondTask,
  RunPhase,
  RaiseEvent,
  EndTask,
  Shutdown,
};

const char *actName(Act A) {
  switch (A) {
  case Act::Load:
    return "Load";
  case Act::Initialize:
    return "Initialize";
  case Act::BeginSession:
    return "BeginSession";
  case Act::SecondSession:
    return "SecondSession";
  case Act::BeginTask:
    return "BeginTask";
  case Act::SecondTask:
    return "SecondTask";
  case Act::RunPhase:
    return "RunPhase";
  case Act::RaiseEvent:
    return "RaiseEvent";
  case Act::EndTask:
    return "EndTask";
  case Act::Shutdown:
    return "Shutdown";
  }
  return "?";
}

enum class Ph { None, Raw, Token, Sealed, Commit, Ext };

constexpr const char *RawName = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_NAME;
constexpr const char *TokenName = NEVERC_PHASE_PREP_TOKEN_NAME;
constexpr const char *SealedName = NEVERC_PHASE_IR_FINAL_VERIFY_NAME;
constexpr const char *EventName = NEVERC_PHASE_SOURCE_AFTER_OPEN_NAME;
constexpr const char *ExtName = MB_EXT_PHASE_NAME;

struct Row {
  const char *Name;
  std::vector<std::string> Modules; ///< case names ("mb_" + name + suffix)
  Act Action;
  NevercStatusCode Expect;      ///< status of the Action stage
  Ph Phase = Ph::None;          ///< for RunPhase
  int Observed = -1;            ///< code in the plugin's "observed=<n>;" notes
  int BuiltinRuns = -1;         ///< runs of the built-in step, -1 = don't care
  int ByPlugin = -1;            ///< PhaseOutcome::ByPlugin, -1 = don't care
  const char *Diag = nullptr;   ///< some diagnostic contains this
  const char *NoDiag = nullptr; ///< no diagnostic contains this
  std::vector<std::string> InOrder = {}; ///< diagnostics in this order
  /// An ERROR diagnostic attributed to the (last) module's plugin ID and to
  /// this phase name ("" = any phase) must exist (H16, H37).
  const char *Attributed = nullptr;
  const char *Counted = nullptr; ///< diagnostics containing this ...
  int Count = -1;                ///< ... number exactly this many
  uint32_t Capacity = 0;         ///< HostConfig::DescriptorCapacity
  uint64_t Budget = 0;           ///< HostConfig::AllocationBudget
};

constexpr NevercStatusCode OK = NEVERC_STATUS_OK;
constexpr NevercStatusCode INVALID_ARGUMENT = NEVERC_STATUS_INVALID_ARGUMENT;
constexpr NevercStatusCode ABI_MISMATCH = NEVERC_STATUS_ABI_MISMATCH;
constexpr NevercStatusCode MISSING_INTERFACE = NEVERC_STATUS_MISSING_INTERFACE;
constexpr NevercStatusCode VERSION_MISMATCH = NEVERC_STATUS_VERSION_MISMATCH;
constexpr NevercStatusCode INVALID_DESCRIPTOR =
    NEVERC_STATUS_INVALID_DESCRIPTOR;
constexpr NevercStatusCode DUPLICATE_ID = NEVERC_STATUS_DUPLICATE_ID;
constexpr NevercStatusCode DEPENDENCY_MISSING =
    NEVERC_STATUS_DEPENDENCY_MISSING;
constexpr NevercStatusCode DEPENDENCY_CYCLE = NEVERC_STATUS_DEPENDENCY_CYCLE;
constexpr NevercStatusCode RESOURCE_EXHAUSTED =
    NEVERC_STATUS_RESOURCE_EXHAUSTED;
constexpr NevercStatusCode STALE_HANDLE = NEVERC_STATUS_STALE_HANDLE;
constexpr NevercStatusCode WRONG_SCOPE = NEVERC_STATUS_WRONG_SCOPE;
constexpr NevercStatusCode WRONG_TYPE = NEVERC_STATUS_WRONG_TYPE;
constexpr NevercStatusCode INVALID_STATE = NEVERC_STATUS_INVALID_STATE;
constexpr NevercStatusCode POLICY_VIOLATION = NEVERC_STATUS_POLICY_VIOLATION;
constexpr NevercStatusCode PLUGIN_FAILURE = NEVERC_STATUS_PLUGIN_FAILURE;
constexpr NevercStatusCode PLUGIN_EXCEPTION = NEVERC_STATUS_PLUGIN_EXCEPTION;
constexpr NevercStatusCode REENTRANCY_DENIED = NEVERC_STATUS_REENTRANCY_DENIED;
constexpr NevercStatusCode NOT_FOUND = NEVERC_STATUS_NOT_FOUND;

/// Capacity that ends right before NevercPluginDescriptor::SessionBegin.
constexpr uint32_t CapacityBeforeSessionBegin =
    offsetof(NevercPluginDescriptor, SessionBegin);

// clang-format off
const std::vector<Row> &rows() {
  static const std::vector<Row> Rows = {
  // ---- positive controls: the negative rows cannot pass vacuously -------
  {.Name = "good_minimal", .Modules = {"good_minimal"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Raw, .BuiltinRuns = 1, .ByPlugin = 0},
  {.Name = "good_observer", .Modules = {"good_observer"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Raw, .BuiltinRuns = 1, .ByPlugin = 0,
   .InOrder = {"mb-good-observer point=1 phase=1 frame=1",
               "mb-good-observer point=2 phase=1 frame=1"}},
  {.Name = "good_interceptor", .Modules = {"good_interceptor"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw, .BuiltinRuns = 1,
   .ByPlugin = 0, .Diag = "mb-good-interceptor next=0"},
  {.Name = "good_provider", .Modules = {"good_provider"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Token, .BuiltinRuns = 0, .ByPlugin = 1},
  {.Name = "good_replace", .Modules = {"good_replace"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Token, .BuiltinRuns = 0, .ByPlugin = 1},
  {.Name = "good_skip", .Modules = {"good_skip"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Ext, .BuiltinRuns = 0, .ByPlugin = 1,
   .Diag = "mb-good-skip proof=1"},
  {.Name = "good_state", .Modules = {"good_state"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Raw, .BuiltinRuns = 1,
   .Diag = "mb-state session=0:1 task=0:1"},
  {.Name = "good_all_in_order", .Modules = {"good_all"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Token, .BuiltinRuns = 0, .ByPlugin = 1,
   .InOrder = {"mb-seq:before", "mb-seq:intercept", "mb-seq:provide",
               "mb-seq:after"}},
  {.Name = "observer_on_sealed_gate", .Modules = {"observer_on_sealed"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Sealed, .BuiltinRuns = 1,
   .InOrder = {"mb-observer point=1", "mb-observer point=2"}},
  {.Name = "observer_only_at_declared_points",
   .Modules = {"observer_undeclared_points"}, .Action = Act::RunPhase,
   .Expect = OK, .Phase = Ph::Commit, .BuiltinRuns = 1,
   .NoDiag = "mb-observer point=2",
   .InOrder = {"mb-observer point=1", "mb-observer point=4"}},
  {.Name = "event_observer", .Modules = {"event_observer"},
   .Action = Act::RaiseEvent, .Expect = OK,
   .Diag = "mb-event point=2 input=1"},
  {.Name = "event_observer_fails", .Modules = {"event_observer_fails"},
   .Action = Act::RaiseEvent, .Expect = PLUGIN_FAILURE,
   .Diag = "mb-event point=2 input=1", .Attributed = EventName},
  {.Name = "iface_publish_then_query", .Modules = {"iface_publish_ok"},
   .Action = Act::BeginSession, .Expect = OK, .Observed = OK,
   .Diag = "mb-iface same=1"},
  {.Name = "iface_lockstep_full_key", .Modules = {"iface_lockstep_ok"},
   .Action = Act::Initialize, .Expect = OK, .Observed = OK},
  {.Name = "provider_id_255_bytes", .Modules = {"provider_id_max_len"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token, .Observed = OK,
   .BuiltinRuns = 0, .ByPlugin = 1, .Counted = "mb-destroyed", .Count = 1},
  {.Name = "dependency_before_absent_plugin", .Modules = {"dep_before_absent"},
   .Action = Act::Initialize, .Expect = OK},
  {.Name = "optional_interface_missing", .Modules = {"opt_iface_missing"},
   .Action = Act::Initialize, .Expect = OK},
  {.Name = "required_core_interface", .Modules = {"req_iface_ok"},
   .Action = Act::Initialize, .Expect = OK},
  {.Name = "reentrancy_allowed_nested", .Modules = {"reentrancy_allowed"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw, .Observed = OK,
   .BuiltinRuns = 1, .Diag = "mb-inner-entered"},
  {.Name = "full_capacity_reads_session_begin", .Modules = {"honours_capacity"},
   .Action = Act::BeginSession, .Expect = OK,
   .Diag = "mb-session-begin-called"},
  {.Name = "two_distinct_plugins", .Modules = {"good_observer", "good_interceptor"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw, .BuiltinRuns = 1,
   .Diag = "mb-good-interceptor next=0"},

  // ---- descriptor hand-off and capacity (H2-H4) -------------------------
  {.Name = "capacity_honoured_members_past_it_ignored",
   .Modules = {"honours_capacity"}, .Action = Act::BeginSession, .Expect = OK,
   .NoDiag = "mb-session-begin-called",
   .Capacity = CapacityBeforeSessionBegin},
  // A capacity that ends inside the Register pointer: the template copies
  // min(capacity, sizeof) bytes, so only part of the pointer is written. H3:
  // a member not wholly inside min(capacity, StructSize) reads as NULL, so
  // the descriptor has no Register. (Stops at Load: with a torn pointer
  // accepted, Initialize would jump to a garbage address.)
  {.Name = "capacity_ends_inside_register", .Modules = {"honours_capacity"},
   .Action = Act::Load, .Expect = INVALID_DESCRIPTOR,
   .Capacity = uint32_t(offsetof(NevercPluginDescriptor, Register) + 4)},
  {.Name = "tiny_capacity_template_refuses", .Modules = {"good_minimal"},
   .Action = Act::Load, .Expect = INVALID_ARGUMENT, .Capacity = 2},
  {.Name = "entry_returns_failure", .Modules = {"entry_fails"},
   .Action = Act::Load, .Expect = PLUGIN_FAILURE, .Diag = "mb_entry_fails"},
  {.Name = "descriptor_major_2", .Modules = {"abi_major_2"}, .Action = Act::Load,
   .Expect = ABI_MISMATCH},
  {.Name = "descriptor_size_ends_before_register", .Modules = {"short_descriptor"},
   .Action = Act::Load, .Expect = INVALID_DESCRIPTOR},
  {.Name = "empty_plugin_id", .Modules = {"empty_plugin_id"}, .Action = Act::Load,
   .Expect = INVALID_DESCRIPTOR},
  {.Name = "null_plugin_id_data", .Modules = {"null_plugin_id"},
   .Action = Act::Load, .Expect = INVALID_DESCRIPTOR},
  {.Name = "null_register", .Modules = {"null_register"}, .Action = Act::Load,
   .Expect = INVALID_DESCRIPTOR},
  {.Name = "duplicate_plugin_id", .Modules = {"dup_id_a", "dup_id_b"},
   .Action = Act::Load, .Expect = DUPLICATE_ID,
   .Diag = "org.neverc.test.mb.dup"},
  {.Name = "prototype_entry_only", .Modules = {"legacy_only"}, .Action = Act::Load,
   .Expect = ABI_MISMATCH, .Diag = "nevercGetPluginInfo"},
  {.Name = "no_entry_point", .Modules = {"no_entry"}, .Action = Act::Load,
   .Expect = NOT_FOUND, .Diag = "plugin has no 'neverc_plugin_entry' entry"},
  {.Name = "nonexistent_module", .Modules = {"does_not_exist"},
   .Action = Act::Load, .Expect = NOT_FOUND, .Diag = "mb_does_not_exist"},
  {.Name = "exception_from_entry", .Modules = {"throw_entry"}, .Action = Act::Load,
   .Expect = PLUGIN_EXCEPTION},
  {.Name = "entry_writes_past_capacity", .Modules = {"entry_ignores_capacity"},
   .Action = Act::Load, .Expect = INVALID_DESCRIPTOR, .Capacity = 100},
  {.Name = "entry_ignoring_capacity_at_full_size",
   .Modules = {"entry_ignores_capacity"}, .Action = Act::Initialize,
   .Expect = OK},
  {.Name = "array_count_without_data", .Modules = {"bad_array"},
   .Action = Act::Load, .Expect = INVALID_DESCRIPTOR},
  {.Name = "unknown_concurrency_model", .Modules = {"bad_concurrency"},
   .Action = Act::Load, .Expect = INVALID_DESCRIPTOR},

  // ---- dependencies and required interfaces (H5) -----------------------
  {.Name = "dependency_cycle", .Modules = {"cycle_a", "cycle_b"},
   .Action = Act::Initialize, .Expect = DEPENDENCY_CYCLE,
   .Diag = "org.neverc.test.mb.cycle_b"},
  {.Name = "required_dependency_present", .Modules = {"good_minimal", "dep_required_ok"},
   .Action = Act::Initialize, .Expect = OK},
  {.Name = "required_dependency_version_too_low",
   .Modules = {"good_minimal", "dep_version"}, .Action = Act::Initialize,
   .Expect = DEPENDENCY_MISSING, .Attributed = ""},
  {.Name = "required_dependency_missing", .Modules = {"dep_missing"},
   .Action = Act::Initialize, .Expect = DEPENDENCY_MISSING,
   .Diag = "org.neverc.test.mb.absent", .Attributed = ""},
  {.Name = "required_interface_missing", .Modules = {"req_iface_missing"},
   .Action = Act::Initialize, .Expect = MISSING_INTERFACE, .Attributed = ""},
  {.Name = "required_interface_minor_too_high", .Modules = {"req_iface_minor"},
   .Action = Act::Initialize, .Expect = VERSION_MISMATCH, .Attributed = ""},
  {.Name = "required_interface_other_major", .Modules = {"req_iface_major"},
   .Action = Act::Initialize, .Expect = VERSION_MISMATCH, .Attributed = ""},

  // ---- lifecycle callbacks failing (H6, H37) ----------------------------
  {.Name = "process_begin_fails", .Modules = {"process_begin_fails"},
   .Action = Act::Initialize, .Expect = PLUGIN_FAILURE, .Attributed = ""},
  {.Name = "register_fails", .Modules = {"register_fails"},
   .Action = Act::Initialize, .Expect = PLUGIN_FAILURE, .Attributed = ""},
  {.Name = "exception_from_register", .Modules = {"throw_register"},
   .Action = Act::Initialize, .Expect = PLUGIN_EXCEPTION, .Attributed = ""},
  {.Name = "session_begin_fails", .Modules = {"session_begin_fails"},
   .Action = Act::BeginSession, .Expect = PLUGIN_FAILURE, .Attributed = ""},
  {.Name = "exception_from_session_begin", .Modules = {"throw_session_begin"},
   .Action = Act::BeginSession, .Expect = PLUGIN_EXCEPTION, .Attributed = ""},
  {.Name = "task_begin_fails", .Modules = {"task_begin_fails"},
   .Action = Act::BeginTask, .Expect = PLUGIN_FAILURE, .Attributed = ""},
  {.Name = "exception_from_task_end", .Modules = {"throw_task_end"},
   .Action = Act::EndTask, .Expect = PLUGIN_EXCEPTION, .Attributed = ""},
  {.Name = "exception_from_destroy_userdata", .Modules = {"throw_destroy_userdata"},
   .Action = Act::Shutdown, .Expect = OK, .Diag = "mb-throwing-destroy"},

  // ---- interceptor result contract (§10.1, H19, H22) --------------------
  {.Name = "double_invoke_next_swallowed", .Modules = {"double_invoke_next"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = POLICY_VIOLATION, .BuiltinRuns = 1, .Diag = "mb-first=0;"},
  {.Name = "double_invoke_next_propagated",
   .Modules = {"double_invoke_next_propagate"}, .Action = Act::RunPhase,
   .Expect = POLICY_VIOLATION, .Phase = Ph::Raw, .Observed = POLICY_VIOLATION,
   .BuiltinRuns = 1},
  {.Name = "continue_without_invoke_next", .Modules = {"continue_without_next"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Raw,
   .BuiltinRuns = 0, .Attributed = RawName},
  {.Name = "replace_on_non_replaceable", .Modules = {"replace_not_replaceable"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Raw,
   .BuiltinRuns = 0, .Attributed = RawName},
  {.Name = "replace_with_null_output", .Modules = {"replace_null_output"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Token,
   .BuiltinRuns = 0, .Attributed = TokenName},
  {.Name = "replace_with_proof", .Modules = {"replace_with_proof"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Ext,
   .BuiltinRuns = 0, .Attributed = ExtName},
  {.Name = "replace_after_invoke_next", .Modules = {"replace_after_next"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Token,
   .BuiltinRuns = 1, .Attributed = TokenName},
  {.Name = "skip_without_proof", .Modules = {"skip_without_proof"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Ext,
   .BuiltinRuns = 0, .Attributed = ExtName},
  {.Name = "skip_with_null_output", .Modules = {"skip_null_output"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Ext,
   .BuiltinRuns = 0, .Attributed = ExtName},
  {.Name = "skip_on_non_skippable", .Modules = {"skip_not_skippable"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Token,
   .BuiltinRuns = 0, .Diag = "mb-skip-token proof=1", .Attributed = TokenName},
  {.Name = "continue_with_output", .Modules = {"continue_with_output"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Raw,
   .BuiltinRuns = 1, .Attributed = RawName},
  {.Name = "continue_with_proof", .Modules = {"continue_with_proof"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Ext,
   .BuiltinRuns = 1, .Attributed = ExtName},
  {.Name = "unknown_action", .Modules = {"bad_action"}, .Action = Act::RunPhase,
   .Expect = POLICY_VIOLATION, .Phase = Ph::Raw, .Attributed = RawName},
  {.Name = "interceptor_returns_failure", .Modules = {"interceptor_fails"},
   .Action = Act::RunPhase, .Expect = PLUGIN_FAILURE, .Phase = Ph::Raw,
   .BuiltinRuns = 0, .Attributed = RawName},
  {.Name = "observer_returns_failure", .Modules = {"observer_fails"},
   .Action = Act::RunPhase, .Expect = PLUGIN_FAILURE, .Phase = Ph::Raw,
   .BuiltinRuns = 0, .Attributed = RawName},
  {.Name = "exception_from_observer", .Modules = {"throw_observer"},
   .Action = Act::RunPhase, .Expect = PLUGIN_EXCEPTION, .Phase = Ph::Raw,
   .BuiltinRuns = 0, .Attributed = RawName},
  {.Name = "exception_from_interceptor", .Modules = {"throw_interceptor"},
   .Action = Act::RunPhase, .Expect = PLUGIN_EXCEPTION, .Phase = Ph::Raw,
   .BuiltinRuns = 0, .Attributed = RawName},
  {.Name = "exception_after_invoke_next", .Modules = {"throw_after_invoke_next"},
   .Action = Act::RunPhase, .Expect = PLUGIN_EXCEPTION, .Phase = Ph::Raw,
   .BuiltinRuns = 1, .Attributed = RawName},

  // ---- provider result contract (§10.2, H23, H24) -----------------------
  {.Name = "provider_returns_continue", .Modules = {"provider_continue"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Token,
   .BuiltinRuns = 0, .Attributed = TokenName},
  {.Name = "provider_null_output", .Modules = {"provider_null_output"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Token,
   .BuiltinRuns = 0, .Attributed = TokenName},
  {.Name = "provider_with_proof", .Modules = {"provider_with_proof"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Ext,
   .BuiltinRuns = 0, .Attributed = ExtName},
  {.Name = "provider_returns_skip", .Modules = {"provider_skip"},
   .Action = Act::RunPhase, .Expect = POLICY_VIOLATION, .Phase = Ph::Ext,
   .BuiltinRuns = 0, .Attributed = ExtName},
  {.Name = "provider_fails_not_fallback_safe", .Modules = {"provider_fail_not_safe"},
   .Action = Act::RunPhase, .Expect = PLUGIN_FAILURE, .Phase = Ph::Token,
   .BuiltinRuns = 0, .Diag = "mb-provider-failing", .Attributed = TokenName},
  {.Name = "provider_fails_unrecoverable",
   .Modules = {"provider_fail_unrecoverable"}, .Action = Act::RunPhase,
   .Expect = PLUGIN_FAILURE, .Phase = Ph::Token, .BuiltinRuns = 0,
   .Diag = "mb-provider-failing", .Attributed = TokenName},
  {.Name = "provider_fails_recoverable_fallback_safe",
   .Modules = {"provider_fallback"}, .Action = Act::RunPhase, .Expect = OK,
   .Phase = Ph::Token, .BuiltinRuns = 1, .ByPlugin = 0,
   .Diag = "mb-provider-failing"},
  {.Name = "exception_from_provider", .Modules = {"throw_provider"},
   .Action = Act::RunPhase, .Expect = PLUGIN_EXCEPTION, .Phase = Ph::Token,
   .BuiltinRuns = 0, .Attributed = TokenName},

  // ---- apply-time policy (H16, H33: host owns UserData once accepted) ---
  {.Name = "interceptor_on_sealed_gate", .Modules = {"interceptor_on_sealed"},
   .Action = Act::Initialize, .Expect = POLICY_VIOLATION, .Observed = OK,
   .Attributed = SealedName, .Counted = "mb-destroyed", .Count = 1},
  {.Name = "interceptor_on_event_phase", .Modules = {"interceptor_on_event"},
   .Action = Act::Initialize, .Expect = POLICY_VIOLATION, .Observed = OK,
   .Attributed = EventName, .Counted = "mb-destroyed", .Count = 1},
  {.Name = "interceptor_on_unknown_phase", .Modules = {"interceptor_unknown_phase"},
   .Action = Act::Initialize, .Expect = NOT_FOUND, .Observed = OK,
   .Attributed = "", .Counted = "mb-destroyed", .Count = 1},
  {.Name = "provider_on_sealed_gate", .Modules = {"provider_on_sealed"},
   .Action = Act::Initialize, .Expect = POLICY_VIOLATION, .Observed = OK,
   .Attributed = SealedName, .Counted = "mb-destroyed", .Count = 1},
  {.Name = "provider_on_non_replaceable", .Modules = {"provider_not_replaceable"},
   .Action = Act::Initialize, .Expect = POLICY_VIOLATION, .Observed = OK,
   .Attributed = RawName, .Counted = "mb-destroyed", .Count = 1},
  {.Name = "provider_on_event_phase", .Modules = {"provider_on_event"},
   .Action = Act::Initialize, .Expect = POLICY_VIOLATION, .Observed = OK,
   .Attributed = EventName, .Counted = "mb-destroyed", .Count = 1},
  {.Name = "observer_on_unknown_phase", .Modules = {"observer_unknown_phase"},
   .Action = Act::Initialize, .Expect = NOT_FOUND, .Observed = OK,
   .Attributed = "", .Counted = "mb-destroyed", .Count = 1},

  // ---- registrar structural checks (H11-H15, H33: refused -> plugin
  //      keeps UserData, host never destroys it; nothing gets registered) --
  {.Name = "provider_id_upper_case", .Modules = {"provider_id_upper"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_id_leading_dot", .Modules = {"provider_id_leading_dot"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_id_trailing_dot", .Modules = {"provider_id_trailing_dot"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_id_double_dot", .Modules = {"provider_id_double_dot"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_id_empty", .Modules = {"provider_id_empty"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_id_bad_char", .Modules = {"provider_id_bad_char"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_id_256_bytes", .Modules = {"provider_id_too_long"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_zeroed_route_header", .Modules = {"provider_zero_route"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_null_callback", .Modules = {"provider_null_callback"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "provider_short_header", .Modules = {"provider_short_header"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Token,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "observer_points_zero", .Modules = {"observer_points_zero"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1,
   .NoDiag = "mb-observer point", .Counted = "mb-destroyed", .Count = 0},
  {.Name = "observer_points_bit8", .Modules = {"observer_points_bit8"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1,
   .NoDiag = "mb-observer point", .Counted = "mb-destroyed", .Count = 0},
  {.Name = "observer_null_callback", .Modules = {"observer_null_callback"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "observer_short_header", .Modules = {"observer_short_header"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1,
   .NoDiag = "mb-observer point", .Counted = "mb-destroyed", .Count = 0},
  {.Name = "observer_header_major_2", .Modules = {"observer_bad_major"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1,
   .NoDiag = "mb-observer point", .Counted = "mb-destroyed", .Count = 0},
  {.Name = "observer_null_descriptor", .Modules = {"observer_null_descriptor"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_ARGUMENT, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "interceptor_null_callback", .Modules = {"interceptor_null_callback"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "interceptor_short_header", .Modules = {"interceptor_short_header"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = INVALID_DESCRIPTOR, .BuiltinRuns = 1, .Counted = "mb-destroyed",
   .Count = 0},
  {.Name = "phase_zero_id", .Modules = {"phase_zero_id"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_zero_input_artifact", .Modules = {"phase_zero_artifact"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_policy_zero", .Modules = {"phase_policy_zero"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_policy_bit_0x20", .Modules = {"phase_policy_bit20"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_points_without_observable", .Modules = {"phase_points_without_o"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_sealed_and_replaceable", .Modules = {"phase_sealed_replaceable"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_empty_name", .Modules = {"phase_empty_name"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_short_header", .Modules = {"phase_short_header"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "phase_null_descriptor", .Modules = {"phase_null_descriptor"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_ARGUMENT},
  {.Name = "phase_builtin_id", .Modules = {"phase_builtin_id"},
   .Action = Act::Initialize, .Expect = OK, .Observed = DUPLICATE_ID},
  {.Name = "phase_registered_twice", .Modules = {"phase_duplicate"},
   .Action = Act::Initialize, .Expect = OK, .Observed = DUPLICATE_ID,
   .Diag = "mb-first=0;"},
  {.Name = "iface_lockstep_null_key", .Modules = {"iface_lockstep_null_key"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "iface_lockstep_empty_build_id",
   .Modules = {"iface_lockstep_empty_build"}, .Action = Act::Initialize,
   .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "iface_lockstep_empty_abi_key", .Modules = {"iface_lockstep_empty_abi"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "iface_lockstep_llvm_major_0", .Modules = {"iface_lockstep_llvm_zero"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_DESCRIPTOR},
  {.Name = "iface_registered_twice", .Modules = {"iface_duplicate"},
   .Action = Act::Initialize, .Expect = OK, .Observed = DUPLICATE_ID,
   .Diag = "mb-first=0;"},
  {.Name = "iface_core_id_taken", .Modules = {"iface_core_duplicate"},
   .Action = Act::Initialize, .Expect = OK, .Observed = DUPLICATE_ID},
  {.Name = "iface_null_table", .Modules = {"iface_null_table"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_ARGUMENT},

  // ---- core services misused (H10, H28-H30, §11) ------------------------
  {.Name = "register_after_freeze", .Modules = {"register_after_freeze"},
   .Action = Act::BeginSession, .Expect = OK, .Observed = INVALID_STATE,
   .Counted = "mb-destroyed", .Count = 0},
  {.Name = "session_state_of_ended_session", .Modules = {"stale_session"},
   .Action = Act::SecondSession, .Expect = OK, .Observed = STALE_HANDLE},
  {.Name = "task_state_of_ended_task", .Modules = {"stale_task"},
   .Action = Act::SecondTask, .Expect = OK, .Observed = STALE_HANDLE},
  {.Name = "task_state_forged_handle", .Modules = {"forged_task_handle"},
   .Action = Act::BeginTask, .Expect = OK, .Observed = WRONG_TYPE},
  {.Name = "task_state_with_session_handle", .Modules = {"session_as_task"},
   .Action = Act::BeginTask, .Expect = OK, .Observed = WRONG_TYPE},
  {.Name = "session_state_unknown_plugin_id", .Modules = {"unknown_plugin_id"},
   .Action = Act::BeginSession, .Expect = OK, .Observed = NOT_FOUND},
  {.Name = "option_value_index_past_count", .Modules = {"option_index_past_count"},
   .Action = Act::BeginSession, .Expect = OK, .Observed = NOT_FOUND,
   .Diag = "mb-count status=0 count=0"},
  {.Name = "option_count_unknown_spelling", .Modules = {"option_unknown_spelling"},
   .Action = Act::BeginSession, .Expect = OK, .Observed = NOT_FOUND},
  {.Name = "allocate_alignment_not_power_of_two", .Modules = {"alloc_bad_align"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_ARGUMENT,
   .Diag = "mb-alloc-null=1"},
  {.Name = "allocate_beyond_budget", .Modules = {"alloc_over_budget"},
   .Action = Act::Initialize, .Expect = OK, .Observed = RESOURCE_EXHAUSTED,
   .InOrder = {"mb-small=0 aligned=1", "observed=11;", "mb-big-null=1"},
   .Budget = 4096},
  {.Name = "emit_null_diagnostic", .Modules = {"emit_null"},
   .Action = Act::Initialize, .Expect = OK, .Observed = INVALID_ARGUMENT},
  {.Name = "emit_diagnostic_impersonating", .Modules = {"emit_impersonate"},
   .Action = Act::Initialize, .Expect = OK, .Observed = OK,
   .Diag = "org.neverc.test.mb.emit_impersonate||mb-impersonation",
   .NoDiag = "org.neverc.test.victim"},
  {.Name = "query_unknown_interface", .Modules = {"query_unknown"},
   .Action = Act::Initialize, .Expect = OK, .Observed = MISSING_INTERFACE},
  {.Name = "query_core_minor_too_high", .Modules = {"query_minor"},
   .Action = Act::Initialize, .Expect = OK, .Observed = VERSION_MISMATCH},

  // ---- continuations and reentrancy (H20, H21 as decided, H27) ----------
  {.Name = "continuation_from_other_thread", .Modules = {"cont_other_thread"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = WRONG_SCOPE, .BuiltinRuns = 1},
  {.Name = "continuation_after_return", .Modules = {"cont_after_return"},
   .Action = Act::RunPhase, .Expect = OK, .Phase = Ph::Raw,
   .Observed = WRONG_SCOPE, .BuiltinRuns = 1, .NoDiag = "mb-nothing-kept"},
  {.Name = "reentrancy_none_second_interceptor", .Modules = {"reentrancy_none"},
   .Action = Act::RunPhase, .Expect = REENTRANCY_DENIED, .Phase = Ph::Raw,
   .Observed = REENTRANCY_DENIED, .BuiltinRuns = 0,
   .NoDiag = "mb-inner-entered"},
  };
  return Rows;
}
// clang-format on

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

std::string modulePath(const std::string &Case) {
  return std::string(NEVERC_MISBEHAVE_MODULE_DIR) + "/mb_" + Case +
         NEVERC_MISBEHAVE_MODULE_SUFFIX;
}

std::string pluginIDOf(const std::string &Case) {
  return "org.neverc.test.mb." + Case;
}

/// The test-only table: real proofs and artifacts for plugins.
NevercStatus NEVERC_CALL makeProof(void *Context, NevercTaskHandle TaskH,
                                   NevercInterfaceID Phase,
                                   NevercProofHandle *Out) {
  Task *T = nullptr;
  NevercStatus S = static_cast<Host *>(Context)->resolveTask(TaskH, &T);
  if (!isOk(S))
    return S;
  *Out = T->createProof(Phase, nullptr);
  return okStatus();
}

NevercStatus NEVERC_CALL makeArtifact(void *Context, NevercTaskHandle TaskH,
                                      NevercInterfaceID Type,
                                      NevercArtifactHandle *Out) {
  Task *T = nullptr;
  NevercStatus S = static_cast<Host *>(Context)->resolveTask(TaskH, &T);
  if (!isOk(S))
    return S;
  static int Payload;
  *Out = T->createArtifact(Type, &Payload);
  return okStatus();
}

NevercStatus countingBuiltin(void *Ctx, void *Input, void **Output) {
  ++*static_cast<int *>(Ctx);
  *Output = Input;
  return okStatus();
}

std::string render(const Diagnostic &D) {
  return D.PluginID + "|" + D.Phase + "|" + D.Message;
}

std::string dump(const std::vector<Diagnostic> &All) {
  std::ostringstream OS;
  OS << All.size() << " diagnostic(s):\n";
  for (const Diagnostic &D : All)
    OS << "  [" << severityName(D.Severity) << "] " << render(D) << "\n";
  return OS.str();
}

// gtest prints parameters of failing rows; a row is known by its name.
void PrintTo(const Row &R, std::ostream *OS) { *OS << R.Name; }

class Misbehave : public ::testing::TestWithParam<Row> {};

TEST_P(Misbehave, Row) {
  const Row &R = GetParam();
  CollectingDiagnosticSink Sink;
  HostConfig Config;
  Config.Diagnostics = &Sink;
  if (R.Capacity)
    Config.DescriptorCapacity = R.Capacity;
  Config.AllocationBudget = R.Budget;
  auto H = std::make_unique<Host>(Config);

  MbTestAPI TestAPI{};
  TestAPI.Header = {sizeof(MbTestAPI), MB_TEST_API_MAJOR, MB_TEST_API_MINOR, 0};
  TestAPI.Context = H.get();
  TestAPI.MakeProof = makeProof;
  TestAPI.MakeArtifact = makeArtifact;
  ASSERT_EQ(H->publishInterface({MB_TEST_INTERFACE_HIGH, MB_TEST_INTERFACE_LOW},
                                MB_TEST_API_MAJOR, MB_TEST_API_MINOR, &TestAPI,
                                sizeof TestAPI)
                .Code,
            OK);

  bool Reached = false;
  NevercStatusCode Actual = -1;
  // Returns true to go on to the next stage.
  auto Stage = [&](Act A, NevercStatus S) {
    if (A == R.Action) {
      Reached = true;
      Actual = S.Code;
      return false;
    }
    EXPECT_EQ(S.Code, OK) << "stage " << actName(A) << " failed with "
                          << statusName(S.Code) << " before the checked stage "
                          << actName(R.Action);
    return isOk(S);
  };

  Session *Sess = nullptr;
  Task *T = nullptr;
  int BuiltinRuns = 0;
  PhaseOutcome Outcome;
  bool DidRun = false;

  auto Drive = [&] {
    for (size_t I = 0; I < R.Modules.size(); ++I) {
      NevercStatus S = H->loadPlugin(modulePath(R.Modules[I]));
      if (I + 1 == R.Modules.size()) {
        if (!Stage(Act::Load, S))
          return;
      } else if (!isOk(S)) {
        ADD_FAILURE() << "loading " << R.Modules[I] << " failed with "
                      << statusName(S.Code);
        return;
      }
    }
    if (!Stage(Act::Initialize, H->initialize()))
      return;
    if (!Stage(Act::BeginSession, H->beginSession(&Sess)))
      return;
    if (R.Action == Act::SecondSession) {
      NevercStatus E = H->endSession(Sess);
      Sess = nullptr;
      if (!isOk(E)) {
        ADD_FAILURE() << "endSession failed with " << statusName(E.Code);
        return;
      }
      Stage(Act::SecondSession, H->beginSession(&Sess));
      return;
    }
    if (!Stage(Act::BeginTask,
               Sess->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T)))
      return;
    if (R.Action == Act::SecondTask) {
      NevercStatus E = Sess->endTask(T);
      T = nullptr;
      if (!isOk(E)) {
        ADD_FAILURE() << "endTask failed with " << statusName(E.Code);
        return;
      }
      Stage(Act::SecondTask, Sess->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T));
      return;
    }
    if (R.Action == Act::RunPhase) {
      uint32_t Index = 0;
      switch (R.Phase) {
      case Ph::Raw:
        Index = Phase_DRIVER_RAW_ARGUMENTS;
        break;
      case Ph::Token:
        Index = Phase_PREP_TOKEN;
        break;
      case Ph::Sealed:
        Index = Phase_IR_FINAL_VERIFY;
        break;
      case Ph::Commit:
        Index = Phase_ASSEMBLY_COMMIT;
        break;
      case Ph::Ext: {
        auto I = H->phases().indexOf({MB_EXT_PHASE_HIGH, MB_EXT_PHASE_LOW});
        if (!I) {
          ADD_FAILURE() << "the plugin phase " << ExtName << " does not exist";
          return;
        }
        Index = *I;
        break;
      }
      case Ph::None:
        ADD_FAILURE() << "RunPhase row without a phase";
        return;
      }
      static int Payload = 7;
      PhaseRequest Req;
      Req.T = T;
      Req.Input = &Payload;
      Req.Builtin.Run = countingBuiltin;
      Req.Builtin.Ctx = &BuiltinRuns;
      Outcome = H->runPhase(Index, Req);
      DidRun = true;
      if (isOk(Outcome.Status) && Outcome.Output != &Payload)
        ADD_FAILURE() << "phase succeeded but its output is not the input "
                         "payload every step here passes through";
      Stage(Act::RunPhase, Outcome.Status);
      return;
    }
    if (R.Action == Act::RaiseEvent) {
      static int Payload = 9;
      Stage(Act::RaiseEvent,
            H->raiseEvent(Phase_SOURCE_AFTER_OPEN, *T, &Payload));
      return;
    }
    NevercStatus E = Sess->endTask(T);
    T = nullptr;
    if (!Stage(Act::EndTask, E))
      return;
  };
  Drive();

  // Wind down whatever was begun, then shut down (DestroyUserData, Destroy).
  if (T && Sess)
    Sess->endTask(T);
  if (Sess)
    H->endSession(Sess);
  bool Threw = false;
  try {
    H->shutdown();
  } catch (...) {
    Threw = true;
  }
  if (R.Action == Act::Shutdown) {
    Reached = true;
    Actual = Threw ? NEVERC_STATUS_PLUGIN_EXCEPTION : OK;
  } else {
    EXPECT_FALSE(Threw) << "an exception escaped Host::shutdown";
  }

  const std::vector<Diagnostic> All = Sink.all();
  SCOPED_TRACE(dump(All));
  if (std::getenv("NEVERC_MISBEHAVE_VERBOSE"))
    std::printf("%s: %s -> %s\n%s", R.Name, actName(R.Action),
                std::string(statusName(Actual)).c_str(), dump(All).c_str());

  ASSERT_TRUE(Reached) << "the harness never reached stage "
                       << actName(R.Action);
  EXPECT_EQ(Actual, R.Expect)
      << "stage " << actName(R.Action) << " returned " << statusName(Actual)
      << ", expected " << statusName(R.Expect);

  if (R.BuiltinRuns >= 0) {
    EXPECT_TRUE(DidRun);
    EXPECT_EQ(BuiltinRuns, R.BuiltinRuns) << "runs of the built-in step";
  }
  if (R.ByPlugin >= 0 && DidRun)
    EXPECT_EQ(Outcome.ByPlugin, R.ByPlugin != 0) << "PhaseOutcome::ByPlugin";

  auto Has = [&](const std::string &Text) {
    for (const Diagnostic &D : All)
      if (render(D).find(Text) != std::string::npos)
        return true;
    return false;
  };
  if (R.Observed >= 0) {
    const std::string Want = "observed=" + std::to_string(R.Observed) + ";";
    int Seen = 0;
    for (const Diagnostic &D : All)
      if (D.Message.find("observed=") != std::string::npos) {
        ++Seen;
        EXPECT_NE(D.Message.find(Want), std::string::npos)
            << "plugin observed " << D.Message << ", expected " << Want << " ("
            << statusName(R.Observed) << ")";
      }
    EXPECT_GT(Seen, 0) << "the plugin reported no observed status";
  }
  if (R.Diag)
    EXPECT_TRUE(Has(R.Diag)) << "no diagnostic contains \"" << R.Diag << "\"";
  if (R.NoDiag)
    EXPECT_FALSE(Has(R.NoDiag))
        << "a diagnostic contains \"" << R.NoDiag << "\"";
  if (!R.InOrder.empty()) {
    size_t Next = 0;
    for (const Diagnostic &D : All)
      if (Next < R.InOrder.size() &&
          render(D).find(R.InOrder[Next]) != std::string::npos)
        ++Next;
    EXPECT_EQ(Next, R.InOrder.size())
        << "diagnostic \"" << (Next < R.InOrder.size() ? R.InOrder[Next] : "")
        << "\" missing or out of order";
  }
  if (R.Attributed) {
    const std::string ID = pluginIDOf(R.Modules.back());
    bool Found = false;
    for (const Diagnostic &D : All)
      if (D.Severity >= NEVERC_DIAGNOSTIC_ERROR && D.PluginID == ID &&
          (!*R.Attributed || D.Phase == R.Attributed))
        Found = true;
    EXPECT_TRUE(Found) << "no error attributed to plugin '" << ID
                       << "' and phase '" << R.Attributed << "'";
  }
  if (R.Counted) {
    int N = 0;
    for (const Diagnostic &D : All)
      if (render(D).find(R.Counted) != std::string::npos)
        ++N;
    EXPECT_EQ(N, R.Count) << "diagnostics containing \"" << R.Counted << "\"";
  }
}

INSTANTIATE_TEST_SUITE_P(core, Misbehave, ::testing::ValuesIn(rows()),
                         [](const ::testing::TestParamInfo<Row> &Info) {
                           return Info.param.Name;
                         });

/// The table itself: enough rows, unique names, every module file exists.
TEST(MisbehaveTable, Shape) {
  EXPECT_GE(rows().size(), 40u);
  std::vector<std::string> Names;
  for (const Row &R : rows()) {
    for (const std::string &N : Names)
      EXPECT_NE(N, R.Name) << "duplicate row name";
    Names.push_back(R.Name);
    if (R.Action == Act::RunPhase)
      EXPECT_NE(R.Phase, Ph::None) << R.Name;
  }
}

} // namespace
