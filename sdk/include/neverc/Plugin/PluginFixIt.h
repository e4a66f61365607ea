/*
 * neverc plugin SDK -- diagnostic fix-its (pure C11). A neverc extension:
 * upstream NeverC names NevercFixItHandle and the FixIts array of
 * NevercDiagnosticDescriptor but no table that makes one, so this build
 * publishes NevercFixItAPI (NEVERC_INTERFACE_FIXIT_*), owned by the AST
 * domain.
 *
 *   CreateFixIt(Task, {Range, Text, Kind}, &Handle)
 *   Descriptor.FixIts = {Handles, Count, sizeof(NevercFixItHandle)}
 *   Core->EmitDiagnostic(...)
 *
 * Ranges are the token ranges the AST table reports (GetNodeInfo,
 * AST_SOURCE_RANGE). REPLACE replaces the whole range with Text;
 * INSERT_BEFORE inserts Text before its first character; INSERT_AFTER after
 * its last token. The fix-its print as clang prints its own (caret line,
 * -fdiagnostics-parseable-fixits) and -Xclang -fixit applies them.
 *
 * Rules: a fix-it handle is task-scoped (after its task: STALE_HANDLE); an
 * EmitDiagnostic whose FixIts array holds a handle that is not a live fix-it
 * of the diagnostic's task gives NEVERC_STATUS_INVALID_DESCRIPTOR and
 * reports nothing; a Kind outside the three values, a null range or text
 * containing a NUL gives NEVERC_STATUS_INVALID_ARGUMENT.
 */
#ifndef NEVERC_PLUGIN_PLUGINFIXIT_H
#define NEVERC_PLUGIN_PLUGINFIXIT_H

#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginSource.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPFIXT", 0x01 / 1. */
#define NEVERC_INTERFACE_FIXIT_HIGH UINT64_C(0x4e43504649585401)
#define NEVERC_INTERFACE_FIXIT_LOW UINT64_C(0x0000000000000001)
#define NEVERC_FIXIT_API_MAJOR UINT16_C(1)
#define NEVERC_FIXIT_API_MINOR UINT16_C(0)

typedef uint32_t NevercFixItKind;
#define NEVERC_FIXIT_REPLACE UINT32_C(0)
#define NEVERC_FIXIT_INSERT_BEFORE UINT32_C(1)
#define NEVERC_FIXIT_INSERT_AFTER UINT32_C(2)

NEVERC_ABI_PACK_BEGIN

typedef struct NevercFixItDescriptor {
  NevercABITableHeader Header;
  NevercSourceRange Range;
  NevercStringView Text;
  NevercFixItKind Kind;
  uint32_t Reserved;
} NevercFixItDescriptor;

typedef struct NevercFixItAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *CreateFixIt)(
      void *Context, NevercTaskHandle Task,
      const NevercFixItDescriptor *Descriptor, NevercFixItHandle *OutFixIt);
} NevercFixItAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINFIXIT_H */
