/*
 * neverc plugin SDK -- built-in phase schema (pure C11).
 *
 * Kind, gate and stability enumerations of the phase records, then the
 * generated constants for all built-in phases and extension families
 * (Schema/PluginPhaseSchema.inc, produced from Schema/PhaseSchema.json by
 * tools/gen/gen_phase_schema.py). Phase IDs, artifact IDs, policies and
 * observer points of phase <SYMBOL> are NEVERC_PHASE_<SYMBOL>_<FIELD>;
 * NEVERC_FOR_EACH_BUILTIN_PHASE(M) lists every symbol in schema order.
 */
#ifndef NEVERC_PLUGIN_PLUGINPHASESCHEMA_H
#define NEVERC_PLUGIN_PLUGINPHASESCHEMA_H

#include "neverc/Plugin/PluginCore.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t NevercPhaseKind;
#define NEVERC_PHASE_KIND_TRANSITION UINT32_C(0)
#define NEVERC_PHASE_KIND_EVENT UINT32_C(1)

typedef uint32_t NevercPhaseGate;
#define NEVERC_PHASE_GATE_TRANSITION UINT32_C(0)
#define NEVERC_PHASE_GATE_SEALED_VERIFIER UINT32_C(1)
#define NEVERC_PHASE_GATE_SEALED_COMMIT UINT32_C(2)

typedef uint32_t NevercPhaseStability;
#define NEVERC_PHASE_STABILITY_STABLE UINT32_C(0)
#define NEVERC_PHASE_STABILITY_EXPERIMENTAL UINT32_C(1)

#ifdef __cplusplus
}
#endif

#include "neverc/Plugin/Schema/PluginPhaseSchema.inc"

#endif /* NEVERC_PLUGIN_PLUGINPHASESCHEMA_H */
