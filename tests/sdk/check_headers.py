#!/usr/bin/env python3
"""Compile every public SDK header on its own with one compiler and standard.

  check_headers.py --compiler clang-22 --lang c --std c11
  check_headers.py --compiler g++ --lang c++ --std c++17 [--layout-asserts F]...

Each header is included alone from a generated translation unit and compiled
with -Wall -Wextra -pedantic -Werror (-fsyntax-only). C++ units also call
the static inline helpers so that unused/odr problems show up. With
--layout-asserts the given C files (static layout asserts) are compiled too.
Exit status 1 if any compile fails; every failure is reported.
"""

import argparse
import os
import subprocess
import sys
import tempfile

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
INCLUDE = os.path.join(REPO, "sdk", "include")
HEADERS = ("PluginCore.h", "PluginPhaseSchema.h", "PluginSource.h", "PluginDriver.h",
           "PluginPrep.h", "PluginIR.h", "PluginTarget.h", "PluginMIR.h", "PluginMC.h",
           "PluginObject.h", "PluginLink.h", "PluginLTO.h", "NevercPluginAPI.h")
FLAGS = ["-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only"]

C_BODY = """
int neverc_header_check_use(void);
int neverc_header_check_use(void) {
  NevercStatus S = neverc_status_ok();
  NevercHandle H = {0, 0};
  return (int)neverc_status_is_ok(S) + (int)neverc_handle_is_null(H);
}
"""
CXX_BODY = """
namespace {
struct Probe {
  int use() const {
    NevercStatus S = neverc_status_ok();
    NevercHandle H = {0, 0};
    return static_cast<int>(neverc_status_is_ok(S)) +
           static_cast<int>(neverc_handle_is_null(H));
  }
};
} // namespace
int neverc_header_check_use();
int neverc_header_check_use() { return Probe().use(); }
"""
PHASE_BODY = """
#ifdef __cplusplus
#define NEVERC_CHECK_STATIC_ASSERT static_assert
#else
#define NEVERC_CHECK_STATIC_ASSERT _Static_assert
#endif
#define NEVERC_CHECK_ROW(S) NEVERC_PHASE_##S##_NAME,
extern const char *const neverc_check_names[];
const char *const neverc_check_names[] = {
    NEVERC_FOR_EACH_BUILTIN_PHASE(NEVERC_CHECK_ROW)};
#undef NEVERC_CHECK_ROW
NEVERC_CHECK_STATIC_ASSERT(sizeof(neverc_check_names) / sizeof(neverc_check_names[0]) ==
                               NEVERC_BUILTIN_PHASE_COUNT,
                           "X-macro list and phase count disagree");
"""

# PluginIR.h alone: the opcode X-macro table fills an initializer (every
# column is a constant expression of the type its slot expects).
IR_BODY = """
struct NevercCheckOpcode {
  NevercIROpcode Opcode;
  NevercIROpcodeCategory Category;
  uint32_t MinimumOperands, MaximumOperands;
  NevercIRResultConstraint Result;
  NevercBool Terminator;
  NevercIRSideEffectClass SideEffects;
  NevercIRPropertyFlags Writable;
  const char *Name;
};
#define NEVERC_IR_SCHEMA_OPCODE(S, ID, I, CAT, MIN, MAX, RES, TERM, SE, W, N)  \\
  {ID, CAT, MIN, MAX, RES, TERM, SE, W, N},
extern const struct NevercCheckOpcode neverc_check_opcodes[];
const struct NevercCheckOpcode neverc_check_opcodes[] = {
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
NEVERC_CHECK_STATIC_ASSERT(sizeof(neverc_check_opcodes) / sizeof(neverc_check_opcodes[0]) ==
                               NEVERC_IR_OPCODE_COUNT,
                           "opcode X-macro rows and opcode count disagree");
"""

# PluginMIR.h alone: the four X-macro tables fill one initializer (every
# column is a constant expression of the type its slot expects).
MIR_BODY = """
struct NevercCheckMIRRow {
  uint32_t StableID;
  uint32_t LLVMValue;
  const char *CanonicalName;
  NevercBool RequiresTargetSchema;
};
#define NEVERC_MIR_SCHEMA_ENTITY(I, S, ID, V, N) {ID, V, N, NEVERC_FALSE},
#define NEVERC_MIR_SCHEMA_OPERAND(I, S, ID, V, N) {ID, V, N, NEVERC_FALSE},
#define NEVERC_MIR_SCHEMA_GENERIC_OPCODE(I, S, ID, V, N, R) {ID, V, N, R},
#define NEVERC_MIR_SCHEMA_PROPERTY(I, S, ID, V, N) {ID, V, N, NEVERC_FALSE},
extern const struct NevercCheckMIRRow neverc_check_mir_rows[];
const struct NevercCheckMIRRow neverc_check_mir_rows[] = {
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
};
NEVERC_CHECK_STATIC_ASSERT(sizeof(neverc_check_mir_rows) / sizeof(neverc_check_mir_rows[0]) ==
                               NEVERC_MIR_ENTITY_COUNT + NEVERC_MIR_OPERAND_COUNT +
                                   NEVERC_MIR_GENERIC_OPCODE_COUNT + NEVERC_MIR_PROPERTY_COUNT,
                           "MIR X-macro rows and schema counts disagree");
"""

# PluginMC.h alone: the six X-macro tables fill one initializer (every
# column is a constant expression of the type its slot expects).
MC_BODY = """
struct NevercCheckMCRow {
  uint32_t StableID;
  uint32_t LLVMValue;
  const char *CanonicalName;
  NevercBool RequiresTargetSchema;
};
#define NEVERC_MC_SCHEMA_ENTITY(I, S, ID, V, N, R) {ID, V, N, R},
#define NEVERC_MC_SCHEMA_OPERAND(I, S, ID, V, N, R) {ID, V, N, R},
#define NEVERC_MC_SCHEMA_EXPRESSION(I, S, ID, V, N, R) {ID, V, N, R},
#define NEVERC_MC_SCHEMA_FRAGMENT(I, S, ID, V, N, R) {ID, V, N, R},
#define NEVERC_MC_SCHEMA_FIXUP(I, S, ID, V, N, R) {ID, V, N, R},
#define NEVERC_MC_SCHEMA_LAYOUT_STATE(I, S, ID, V, N, R) {ID, V, N, R},
extern const struct NevercCheckMCRow neverc_check_mc_rows[];
const struct NevercCheckMCRow neverc_check_mc_rows[] = {
#include "neverc/Plugin/Schema/PluginMCSchema.inc"
};
NEVERC_CHECK_STATIC_ASSERT(sizeof(neverc_check_mc_rows) / sizeof(neverc_check_mc_rows[0]) ==
                               NEVERC_MC_ENTITY_COUNT + NEVERC_MC_OPERAND_COUNT +
                                   NEVERC_MC_EXPRESSION_COUNT + NEVERC_MC_FRAGMENT_COUNT +
                                   NEVERC_MC_FIXUP_COUNT + NEVERC_MC_LAYOUT_STATE_COUNT,
                           "MC X-macro rows and schema counts disagree");
"""

# PluginObject.h alone: the eight X-macro tables fill one initializer (every
# column is a constant expression of the type its slot expects; the symbol is
# stringized, since DEBUG, FILE or ABSOLUTE may be macros elsewhere).
OBJECT_BODY = """
struct NevercCheckObjectRow {
  const char *Symbol;
  uint32_t StableID;
  const char *Name;
};
#define NEVERC_CHECK_OBJECT_ROW(S, ID, N) {#S, ID, N},
#define NEVERC_OBJECT_SCHEMA_ENTITY NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_SECTION_KIND NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_SYMBOL_BINDING NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_SYMBOL_VISIBILITY NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_SYMBOL_TYPE NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_SYMBOL_DEFINITION NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_RELOCATION_KIND NEVERC_CHECK_OBJECT_ROW
#define NEVERC_OBJECT_SCHEMA_COMDAT_SELECTION NEVERC_CHECK_OBJECT_ROW
extern const struct NevercCheckObjectRow neverc_check_object_rows[];
const struct NevercCheckObjectRow neverc_check_object_rows[] = {
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
};
#undef NEVERC_CHECK_OBJECT_ROW
NEVERC_CHECK_STATIC_ASSERT(sizeof(neverc_check_object_rows) /
                                   sizeof(neverc_check_object_rows[0]) ==
                               NEVERC_OBJECT_ENTITY_COUNT + NEVERC_OBJECT_SECTION_KIND_COUNT +
                                   NEVERC_OBJECT_SYMBOL_BINDING_COUNT +
                                   NEVERC_OBJECT_SYMBOL_VISIBILITY_COUNT +
                                   NEVERC_OBJECT_SYMBOL_TYPE_COUNT +
                                   NEVERC_OBJECT_SYMBOL_DEFINITION_COUNT +
                                   NEVERC_OBJECT_RELOCATION_KIND_COUNT +
                                   NEVERC_OBJECT_COMDAT_SELECTION_COUNT,
                           "object X-macro rows and schema counts disagree");
"""


def supported_std(compiler, lang, std):
    """gcc-12 knows C23 only as c2x; fall back when c23 is rejected."""
    if std not in ("c23", "c2x"):
        return std
    for cand in ("c23", "c2x"):
        r = subprocess.run([compiler, "-x", "c", "-std=" + cand, "-fsyntax-only", "-"],
                           input="int x;\n", capture_output=True, text=True)
        if r.returncode == 0:
            return cand
    return std


def compile_unit(compiler, lang, std, source, name):
    suffix = ".c" if lang == "c" else ".cpp"
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name + suffix)
        with open(path, "w") as f:
            f.write(source)
        # tests/sdk too: the layout assert units share layout_asserts.h.
        cmd = [compiler, "-x", lang, "-std=" + std] + FLAGS + [
            "-I", INCLUDE, "-I", os.path.dirname(os.path.abspath(__file__)), path]
        r = subprocess.run(cmd, capture_output=True, text=True)
        return r.returncode, " ".join(cmd), r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--compiler", required=True)
    ap.add_argument("--lang", choices=("c", "c++"), required=True)
    ap.add_argument("--std", required=True)
    ap.add_argument("--layout-asserts", action="append", default=[],
                    help="C file of static layout asserts to compile too "
                         "(repeatable)")
    args = ap.parse_args()
    std = supported_std(args.compiler, args.lang, args.std)
    failures = 0
    units = []
    for h in HEADERS:
        body = CXX_BODY if args.lang == "c++" else C_BODY
        if h != "PluginCore.h":
            body += PHASE_BODY
        if h == "PluginIR.h":
            body += IR_BODY
        if h == "PluginMIR.h":
            body += MIR_BODY
        if h == "PluginMC.h":
            body += MC_BODY
        if h == "PluginObject.h":
            body += OBJECT_BODY
        units.append((h, '#include "neverc/Plugin/%s"\n' % h + body))
    # Including the umbrella after a module (and twice) must be harmless.
    units.append(("all-twice", "".join('#include "neverc/Plugin/%s"\n' % h for h in reversed(HEADERS))
                  + "".join('#include "neverc/Plugin/%s"\n' % h for h in HEADERS)
                  + (CXX_BODY if args.lang == "c++" else C_BODY)))
    for la in args.layout_asserts:
        with open(la) as f:
            units.append((os.path.basename(la), f.read()))
    for name, src in units:
        rc, cmd, out = compile_unit(args.compiler, args.lang, std, src, "check")
        status = "ok" if rc == 0 else "FAIL"
        print("[%s] %s %s -std=%s: %s" % (status, args.compiler, args.lang, std, name))
        if rc != 0:
            failures += 1
            print("  command: " + cmd)
            print("  " + out.replace("\n", "\n  "))
    print("%d of %d units failed" % (failures, len(units)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
