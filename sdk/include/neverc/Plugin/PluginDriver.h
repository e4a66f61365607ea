/*
 * neverc plugin SDK -- driver domain (pure C11).
 *
 * This first cut carries only what option registration needs
 * (NevercRegistrarAPI.RegisterOption takes a NevercOptionDescriptor): the
 * driver interface ID and version, NevercExecutionLevel, the option enums
 * and the option structs. The NevercDriverAPI capability table and the
 * argument/toolchain/action/job types arrive with the driver domain; they
 * will be appended to this header without changing anything below.
 */
#ifndef NEVERC_PLUGIN_PLUGINDRIVER_H
#define NEVERC_PLUGIN_PLUGINDRIVER_H

#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginPhaseSchema.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NEVERC_DRIVER_API_MAJOR UINT16_C(1)
#define NEVERC_DRIVER_API_MINOR UINT16_C(0)
/* The 16 bytes spell "NeverCDriverAPI\x01". */
#define NEVERC_INTERFACE_DRIVER_HIGH UINT64_C(0x4e65766572434472)
#define NEVERC_INTERFACE_DRIVER_LOW UINT64_C(0x6976657241504901)

/* Values of NevercPhaseRoute.ExecutionLevel. */
typedef uint32_t NevercExecutionLevel;
#define NEVERC_EXECUTION_LEVEL_UNSPECIFIED UINT32_C(0)
#define NEVERC_EXECUTION_LEVEL_USER UINT32_C(1)
#define NEVERC_EXECUTION_LEVEL_KERNEL UINT32_C(2)

typedef uint32_t NevercOptionForm;
#define NEVERC_OPTION_FLAG UINT32_C(0)
#define NEVERC_OPTION_JOINED UINT32_C(1)
#define NEVERC_OPTION_SEPARATE UINT32_C(2)
#define NEVERC_OPTION_MULTI_ARG UINT32_C(3)

typedef uint32_t NevercOptionValueType;
#define NEVERC_OPTION_BOOL UINT32_C(0)
#define NEVERC_OPTION_INT UINT32_C(1)
#define NEVERC_OPTION_UINT UINT32_C(2)
#define NEVERC_OPTION_STRING UINT32_C(3)
#define NEVERC_OPTION_ENUM UINT32_C(4)
#define NEVERC_OPTION_PATH UINT32_C(5)

typedef uint32_t NevercOptionMultiplicity;
#define NEVERC_OPTION_SINGLE UINT32_C(0)
#define NEVERC_OPTION_LAST_WINS UINT32_C(1)
#define NEVERC_OPTION_APPEND UINT32_C(2)

NEVERC_ABI_PACK_BEGIN

/* Strided array of string views: element i is at
 * (const char *)Data + i * ElementStride. */
typedef struct NevercStringList {
  const NevercStringView *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercStringList;

/* One permitted value of an ENUM-typed option. */
typedef struct NevercOptionEnumValue {
  NevercABITableHeader Header;
  NevercStringView Name;
  int64_t Value;
  NevercStringView Help;
} NevercOptionEnumValue;

/* Handed to NevercOptionDescriptor.Validator once per occurrence. */
typedef struct NevercOptionValidationContext {
  NevercABITableHeader Header;
  NevercStringView PluginID;
  NevercStringView Spelling;
  NevercStringView TargetTriple;
  uint64_t Occurrence;
} NevercOptionValidationContext;

typedef NevercStatus(NEVERC_CALL *NevercOptionValidatorFn)(
    const NevercOptionValidationContext *Context, NevercStringView Value,
    void *UserData);

/* Declares one plugin command-line option; passed to
 * NevercRegistrarAPI.RegisterOption during Register. EnumValues holds
 * NevercOptionEnumValue. */
typedef struct NevercOptionDescriptor {
  NevercABITableHeader Header;
  NevercStringView Spelling;
  NevercStringList Aliases;
  NevercOptionForm Form;
  NevercOptionValueType ValueType;
  NevercOptionMultiplicity Multiplicity;
  uint32_t ArgumentCount;
  NevercBool Required;
  NevercBool Hidden;
  NevercStringView Help;
  NevercStringView Metavar;
  NevercStructArrayView EnumValues;
  NevercStringList Conflicts;
  NevercStringList Requires;
  NevercStringView TargetPredicate;
  NevercOptionValidatorFn Validator;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercOptionDescriptor;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINDRIVER_H */
