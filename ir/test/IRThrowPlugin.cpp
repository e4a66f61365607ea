// A pass whose Run lets a C++ exception escape (ir.md §8 rule 17): the host
// catches it at the boundary, names the pass and fails the compile with
// PLUGIN_EXCEPTION; nothing unwinds into the compiler
// (tests/lit/ir/misuse.c).
#include "neverc/Plugin/NevercPluginAPI.h"

#include <cstring>
#include <stdexcept>

namespace {

NevercStatus status(NevercStatusCode C) { return NevercStatus{C, 0, 0}; }

NevercStatus NEVERC_CALL run(const NevercIRPassInvocation *,
                             NevercIRPreservedAnalyses *, void *) {
  throw std::runtime_error("a pass that throws");
}

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *, void *RC,
                                        void *) {
  const void *Table = nullptr;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S = Core->QueryInterface(
      Core->Context,
      NevercInterfaceID{NEVERC_INTERFACE_IR_PASS_HIGH,
                        NEVERC_INTERFACE_IR_PASS_LOW},
      NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR, &Table, &Minor,
      &Size);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  auto *Pass = static_cast<const NevercIRPassAPI *>(Table);
  NevercIRPassDescriptor P;
  std::memset(&P, 0, sizeof P);
  P.Header = {sizeof P, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR, 0};
  P.PassID = {"throw.pass", 10};
  P.Phase = {NEVERC_PHASE_IR_PASS_POST_OPT_HIGH, NEVERC_PHASE_IR_PASS_POST_OPT_LOW};
  P.Level = NEVERC_IR_PASS_LEVEL_FUNCTION;
  P.Run = run;
  return Pass->RegisterPass(Pass->Context, RC, &P);
}

} // namespace

extern "C" NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *Out) {
  if (!Bootstrap || !Out || Out->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercPluginDescriptor D;
  std::memset(&D, 0, sizeof D);
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.PluginID = {"org.neverc.test.ir-throw", 24};
  D.DisplayName = D.PluginID;
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = registerPlugin;
  uint32_t Cap = Out->Header.StructSize;
  std::memcpy(Out, &D, Cap < sizeof D ? Cap : sizeof D);
  return status(NEVERC_STATUS_OK);
}
