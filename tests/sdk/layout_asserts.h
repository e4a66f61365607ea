/*
 * What the layout assert units share (layout_asserts.c, layout_asserts_ir.c,
 * layout_asserts_target.c, layout_asserts_mir.c, layout_asserts_mc.c,
 * layout_asserts_object.c, layout_asserts_link.c, layout_asserts_lto.c):
 * the assert macro for C11/C23 and C++17 and the SIZE/ALIGN8/ALIGN4/OFF
 * shorthands (ALIGN4 for the few header-less structs made of 32-bit fields
 * only).
 */
#ifndef NEVERC_TESTS_SDK_LAYOUT_ASSERTS_H
#define NEVERC_TESTS_SDK_LAYOUT_ASSERTS_H

#include "neverc/Plugin/NevercPluginAPI.h"

#ifdef __cplusplus
#define NEVERC_LAYOUT_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define NEVERC_LAYOUT_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif

#define SIZE(T, n) NEVERC_LAYOUT_ASSERT(sizeof(T) == (n), "sizeof(" #T ") != " #n)
#define ALIGN8(T) NEVERC_LAYOUT_ASSERT(_Alignof(T) == 8, "_Alignof(" #T ") != 8")
#define ALIGN4(T) NEVERC_LAYOUT_ASSERT(_Alignof(T) == 4, "_Alignof(" #T ") != 4")
#define OFF(T, f, n)                                                           \
  NEVERC_LAYOUT_ASSERT(offsetof(T, f) == (n), "offsetof(" #T ", " #f ") != " #n)

#ifdef __cplusplus
#undef ALIGN8
#undef ALIGN4
#define ALIGN8(T) NEVERC_LAYOUT_ASSERT(alignof(T) == 8, "alignof(" #T ") != 8")
#define ALIGN4(T) NEVERC_LAYOUT_ASSERT(alignof(T) == 4, "alignof(" #T ") != 4")
#endif

#endif
