/*
 * neverc plugin SDK -- umbrella header (pure C11).
 *
 * Includes every module header of the SDK in canonical order. The full
 * canonical order is:
 *   PluginCore.h, PluginPhaseSchema.h, PluginSource.h, PluginDriver.h,
 *   PluginPrep.h, PluginAST.h, PluginSema.h, PluginIR.h, PluginTarget.h,
 *   PluginMIR.h, PluginMC.h, PluginObject.h, PluginLink.h, PluginLTO.h,
 *   PluginDynCode.h
 * Only the modules that exist so far are included below; the others are
 * added in that order as their domains land.
 *
 * No aliases exist for the removed prototype ABI (NevercHostAPI,
 * nevercGetPluginInfo); a module exporting it is refused by the host.
 */
#ifndef NEVERC_PLUGIN_NEVERCPLUGINAPI_H
#define NEVERC_PLUGIN_NEVERCPLUGINAPI_H

/* In dependency order (the manifest generators read this list). */
/* clang-format off */
#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginPhaseSchema.h"
#include "neverc/Plugin/PluginSource.h"
#include "neverc/Plugin/PluginDriver.h"
#include "neverc/Plugin/PluginPrep.h"
#include "neverc/Plugin/PluginAST.h"
#include "neverc/Plugin/PluginSema.h"
#include "neverc/Plugin/PluginIR.h"
#include "neverc/Plugin/PluginTarget.h"
#include "neverc/Plugin/PluginMIR.h"
#include "neverc/Plugin/PluginMC.h"
#include "neverc/Plugin/PluginObject.h"
#include "neverc/Plugin/PluginLink.h"
#include "neverc/Plugin/PluginLTO.h"
#include "neverc/Plugin/PluginLTOCodegen.h"
#include "neverc/Plugin/PluginFixIt.h"
#include "neverc/Plugin/PluginParserClaim.h"
/* clang-format on */

#endif /* NEVERC_PLUGIN_NEVERCPLUGINAPI_H */
