/*
 * MisbehaveTestAPI.h -- a test-only capability table the misbehaving-plugin
 * suite (tests/unit/core/MisbehaveTest.cpp) publishes through
 * Host::publishInterface before loading any module. The test plugins reach
 * it with Core->QueryInterface, exactly like a domain table.
 *
 * It exists because a plugin cannot fabricate artifact or proof handles
 * (core.md §13 rule 3): to build SKIP/REPLACE results with a proof, or an
 * artifact of a chosen type, the plugin asks the host through this table.
 *
 * Pure C11; shared by the C test plugins and the C++ test.
 */
#ifndef NEVERC_TESTS_PLUGINS_MISBEHAVETESTAPI_H
#define NEVERC_TESTS_PLUGINS_MISBEHAVETESTAPI_H

#include "neverc/Plugin/PluginCore.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCTESTmb" / 1: outside every published ID range. */
#define MB_TEST_INTERFACE_HIGH UINT64_C(0x4e43544553546d62)
#define MB_TEST_INTERFACE_LOW UINT64_C(0x0000000000000001)
#define MB_TEST_API_MAJOR UINT16_C(1)
#define MB_TEST_API_MINOR UINT16_C(0)

/* The artifact type of the test-only plugin phase (MB_EXT_PHASE_*). */
#define MB_TEST_ARTIFACT_HIGH UINT64_C(0x4e43544553546172)
#define MB_TEST_ARTIFACT_LOW UINT64_C(0x0000000000000001)

/* The test-only plugin phase, from extension family 0 (driver). */
#define MB_EXT_PHASE_HIGH UINT64_C(0x4e435048445256ff)
#define MB_EXT_PHASE_LOW UINT64_C(0x0000000000010001)
#define MB_EXT_PHASE_NAME "neverc.driver.extension.mb_skippable"

NEVERC_ABI_PACK_BEGIN

typedef NevercStatus(NEVERC_CALL *MbMakeProofFn)(void *Context,
                                                 NevercTaskHandle Task,
                                                 NevercInterfaceID Phase,
                                                 NevercProofHandle *OutProof);
typedef NevercStatus(NEVERC_CALL *MbMakeArtifactFn)(
    void *Context, NevercTaskHandle Task, NevercInterfaceID Type,
    NevercArtifactHandle *OutArtifact);

typedef struct MbTestAPI {
  NevercABITableHeader Header;
  void *Context;
  /* A proof for Phase in Task (Task::createProof). */
  MbMakeProofFn MakeProof;
  /* A fresh artifact of Type in Task (Task::createArtifact). */
  MbMakeArtifactFn MakeArtifact;
} MbTestAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_TESTS_PLUGINS_MISBEHAVETESTAPI_H */
