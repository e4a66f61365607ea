/*
 * One observer on neverc.mc.emission.post_instruction that does nothing:
 * what observing every instruction LLVM's integrated assembler encodes
 * costs (tests/bench/compile/bench.py, configuration neverc+mc).
 */
#include "TestPlugin.h"

static NevercStatus NEVERC_CALL onInstruction(const NevercPhaseFrame *F,
                                              NevercObserverPoint P, void *U) {
  (void)F, (void)P, (void)U;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercObserverDescriptor O;
  (void)Core, (void)PS;
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_MC_EMISSION_POST_INSTRUCTION_HIGH;
  O.Phase.Low = NEVERC_PHASE_MC_EMISSION_POST_INSTRUCTION_LOW;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = onInstruction;
  return Reg->RegisterObserver(Ctx, &O);
}

NEVERC_TEST_PLUGIN_ENTRY("org.neverc.test.mc-quiet", "MC quiet observer",
                         registerPlugin, NULL, NULL, NULL)
