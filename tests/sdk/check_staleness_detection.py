#!/usr/bin/env python3
"""Negative controls: prove the SDK freshness checks can fail.

Each case tampers with a temporary copy of a generated/canonical file and
expects the matching generator to reject it (--check exit 1, exit 2 for an
invalid schema, exit 3 for MIR schema values LLVM's headers contradict). The
checked-in files are never touched.
"""

import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
GEN = os.path.join(REPO, "tools", "gen")
SCHEMA_DIR = os.path.join(REPO, "sdk", "include", "neverc", "Plugin", "Schema")

# The MIR controls recompute the schema digest with the generator's own code,
# so that each tampered schema trips the rule it targets and not only the
# digest; no bytecode is written into the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, GEN)
import gen_mir_schema  # noqa: E402


def run(args):
    r = subprocess.run([sys.executable] + args, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--llvm-include", help="LLVM include directory for the MIR value control")
    a = ap.parse_args()
    failures = []
    tmp = tempfile.mkdtemp(prefix="neverc-sdk-stale-")
    try:
        def expect(name, argv, code, needle=None):
            rc, out = run(argv)
            ok = rc == code and (needle is None or needle in out)
            print("[%s] %s (exit %d, expected %d)" % ("ok" if ok else "FAIL", name, rc, code))
            if not ok:
                failures.append(name)
                print("  " + out[-2000:].replace("\n", "\n  "))

        # .inc: one changed character must be reported with a diff.
        inc = os.path.join(tmp, "PluginPhaseSchema.inc")
        with open(os.path.join(SCHEMA_DIR, "PluginPhaseSchema.inc")) as f:
            text = f.read()
        with open(inc, "w") as f:
            f.write(text.replace("UINT32_C(130)", "UINT32_C(129)", 1))
        expect("stale .inc detected", [os.path.join(GEN, "gen_phase_schema.py"), "--check",
                                        "--output", inc], 1, "@@")

        # Invalid schemas must be refused before generation.
        with open(os.path.join(SCHEMA_DIR, "PhaseSchema.json")) as f:
            doc = json.load(f)

        def mutated(name, fn, needle):
            d = copy.deepcopy(doc)
            fn(d)
            path = os.path.join(tmp, name + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            expect("invalid schema refused: " + name,
                   [os.path.join(GEN, "gen_phase_schema.py"), "--schema", path, "--output",
                    os.path.join(tmp, "out.inc")], 2, needle)

        def by_symbol(d, s):
            return next(p for p in d["phases"] if p["symbol"] == s)

        mutated("event-with-fallback",
                lambda d: by_symbol(d, "SOURCE_AFTER_OPEN").__setitem__("builtin_fallback", True),
                "invariant 2")
        mutated("sealed-replaceable",
                lambda d: by_symbol(d, "IR_FINAL_VERIFY").__setitem__(
                    "policy", ["OBSERVABLE", "INTERCEPTABLE", "REPLACEABLE", "SEALED_HOST_GATE"]),
                "invariant 3")
        mutated("unobservable",
                lambda d: by_symbol(d, "DRIVER_BUILD_JOBS").__setitem__("policy",
                                                                       ["INTERCEPTABLE"]),
                "invariant 1")
        mutated("commit-points",
                lambda d: by_symbol(d, "LINK_COMMIT").__setitem__("observer_points",
                                                                 ["BEFORE", "AFTER"]),
                "invariant 4")
        mutated("skip-without-replace",
                lambda d: by_symbol(d, "IR_PASS_PRE_OPT").__setitem__(
                    "policy", ["OBSERVABLE", "INTERCEPTABLE", "SKIPPABLE_WITH_PROOF"]),
                "invariant 5")
        mutated("duplicate-id",
                lambda d: by_symbol(d, "DRIVER_BUILD_JOBS").__setitem__(
                    "id", list(by_symbol(d, "DRIVER_BUILD_ACTIONS")["id"])),
                "duplicate")
        mutated("bad-symbol",
                lambda d: by_symbol(d, "MC_ENCODE").__setitem__("symbol", "MC_ENCODER"),
                "naming rule")
        mutated("policy-order",
                lambda d: by_symbol(d, "MC_ENCODE").__setitem__(
                    "policy", ["INTERCEPTABLE", "OBSERVABLE", "REPLACEABLE"]),
                "bit order")

        # Prep schema: a stale .inc and invalid schemas must be reported.
        pinc = os.path.join(tmp, "PluginPrepSchema.inc")
        with open(os.path.join(SCHEMA_DIR, "PluginPrepSchema.inc")) as f:
            ptext = f.read()
        with open(pinc, "w") as f:
            f.write(ptext.replace("UINT32_C(230)", "UINT32_C(229)", 1))
        expect("stale prep .inc detected", [os.path.join(GEN, "gen_prep_schema.py"), "--check",
                                             "--output", pinc], 1, "@@")
        with open(os.path.join(SCHEMA_DIR, "PrepSchema.json")) as f:
            pdoc = json.load(f)

        def prep_mutated(name, fn, needle):
            d = copy.deepcopy(pdoc)
            fn(d)
            path = os.path.join(tmp, "prep-" + name + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            expect("invalid prep schema refused: " + name,
                   [os.path.join(GEN, "gen_prep_schema.py"), "--schema", path, "--output",
                    os.path.join(tmp, "prep-out.inc")], 2, needle)

        prep_mutated("id-gap", lambda d: d["token_kinds"].pop(5), "breaks the sequence")
        prep_mutated("constructible-keyword",
                     lambda d: next(t for t in d["token_kinds"] if t["symbol"] == "KW_INT")
                     .__setitem__("constructible", True), "not constructible")
        prep_mutated("punctuator-without-spelling",
                     lambda d: next(t for t in d["token_kinds"] if t["symbol"] == "SEMI")
                     .__setitem__("spelling", None), "fixed spelling")

        # IR schema: a stale .inc and invalid schemas must be reported.
        iinc = os.path.join(tmp, "PluginIRSchema.inc")
        with open(os.path.join(SCHEMA_DIR, "PluginIRSchema.inc")) as f:
            itext = f.read()
        with open(iinc, "w") as f:
            f.write(itext.replace("UINT32_C(0x43000043)", "UINT32_C(0x43000044)", 1))
        expect("stale IR .inc detected", [os.path.join(GEN, "gen_ir_schema.py"), "--check",
                                           "--output", iinc], 1, "@@")
        with open(os.path.join(SCHEMA_DIR, "IRSchema.json")) as f:
            idoc = json.load(f)

        def ir_mutated(name, fn, needle):
            d = copy.deepcopy(idoc)
            fn(d)
            path = os.path.join(tmp, "ir-" + name + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            expect("invalid IR schema refused: " + name,
                   [os.path.join(GEN, "gen_ir_schema.py"), "--schema", path, "--output",
                    os.path.join(tmp, "ir-out.inc")], 2, needle)

        def ir_opcode(d, s):
            return next(o for o in d["opcodes"] if o["symbol"] == s)

        ir_mutated("id-gap", lambda d: d["opcodes"].pop(5), "breaks the sequence")
        ir_mutated("count", lambda d: d["linkages"].pop(), "capability 1.0 has 11")
        ir_mutated("wrong-tag", lambda d: d["predicates"][0].__setitem__("id", "0x43000001"),
                   "has tag 0x43")
        ir_mutated("unknown-writable-property",
                   lambda d: ir_opcode(d, "ADD")["writable_properties"].append("zz_flag"),
                   "is not a property")
        ir_mutated("flag-bit", lambda d: d["properties"][3].__setitem__("flag",
                                                                         "0x0000000000000004"),
                   "1 << (ordinal - 1)")
        ir_mutated("named-void-result",
                   lambda d: ir_opcode(d, "STORE")["writable_properties"].append("name"),
                   "result is not void")

        # MIR schema: a stale .inc and invalid schemas must be reported.
        minc = os.path.join(tmp, "PluginMIRSchema.inc")
        with open(os.path.join(SCHEMA_DIR, "PluginMIRSchema.inc")) as f:
            mtext = f.read()
        with open(minc, "w") as f:
            f.write(mtext.replace("UINT32_C(0x5300010a)", "UINT32_C(0x5300010b)", 1))
        expect("stale MIR .inc detected", [os.path.join(GEN, "gen_mir_schema.py"), "--check",
                                            "--output", minc], 1, "@@")
        with open(os.path.join(SCHEMA_DIR, "MIRSchema.json")) as f:
            mdoc = json.load(f)

        def mir_write(name, d):
            path = os.path.join(tmp, "mir-" + name + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            return path

        def mir_mutated(name, fn, needle, redigest=True):
            # The digest is recomputed so that each case trips the rule it
            # names, not merely the digest check (redigest=False tests that).
            d = copy.deepcopy(mdoc)
            fn(d)
            if redigest:
                d["stable_schema_digest"] = gen_mir_schema.compute_digest(d)
            expect("invalid MIR schema refused: " + name,
                   [os.path.join(GEN, "gen_mir_schema.py"), "--schema", mir_write(name, d),
                    "--output", os.path.join(tmp, "mir-out.inc")], 2, needle)

        def mir_entry(d, domain, s):
            return next(o for o in d[domain] if o["symbol"] == s)

        mir_mutated("duplicate-id",
                    lambda d: mir_entry(d, "generic_opcodes", "G_SUB").__setitem__(
                        "id", mir_entry(d, "generic_opcodes", "G_ADD")["id"]),
                    "duplicate id 0x5300002e")
        mir_mutated("count", lambda d: d["properties"].pop(), "capability 1.0 has 11")
        mir_mutated("canonical-name",
                    lambda d: mir_entry(d, "properties", "NO_PH_IS").__setitem__(
                        "canonical_name", "no_phis"),
                    "must be the lower-case symbol")
        mir_mutated("operand-id-rule",
                    lambda d: mir_entry(d, "operand_kinds", "REGISTER_MASK").__setitem__(
                        "llvm_value", 21),
                    "breaks the rule ID = 0x52000001 + llvm_value")
        mir_mutated("id-gap", lambda d: d["generic_opcodes"].pop(5), "breaks the sequence")
        mir_mutated("wrong-tag",
                    lambda d: d["properties"][0].__setitem__("id", "0x53000001"), "has tag 0x53")
        mir_mutated("symbol-spelling",
                    lambda d: mir_entry(d, "properties", "NO_V_REGS").__setitem__(
                        "symbol", "NO_VREGS"),
                    "NeverC's spelling")
        mir_mutated("opcode-order",
                    lambda d: d["generic_opcodes"].__setitem__(
                        slice(45, 47), [dict(d["generic_opcodes"][45],
                                             llvm_value=d["generic_opcodes"][46]["llvm_value"]),
                                        dict(d["generic_opcodes"][46],
                                             llvm_value=d["generic_opcodes"][45]["llvm_value"])]),
                    "does not rise")
        mir_mutated("stale-digest",
                    lambda d: mir_entry(d, "generic_opcodes", "COPY").__setitem__(
                        "llvm_value", 21), "does not match the content", redigest=False)
        if a.llvm_include:
            # NeverC's own number for TracksDebugUserValues (10) is no longer
            # LLVM's; the header comparison must say so (exit 3).
            d = copy.deepcopy(mdoc)
            mir_entry(d, "properties", "TRACKS_DEBUG_USER_VALUES")["llvm_value"] = 10
            d["stable_schema_digest"] = gen_mir_schema.compute_digest(d)
            expect("MIR llvm_value differing from LLVM detected",
                   [os.path.join(GEN, "gen_mir_schema.py"), "--schema", mir_write("llvm", d),
                    "--output", os.path.join(tmp, "mir-out.inc"), "--check",
                    "--llvm-include", a.llvm_include], 3, "LLVM has TracksDebugUserValues = 11")

        # MC schema: a stale .inc and invalid schemas must be reported. Its
        # content is pinned per capability (NeverC's digest cannot be
        # recomputed), so every content change also trips the pin; each case
        # looks for the message of the rule it targets.
        cinc = os.path.join(tmp, "PluginMCSchema.inc")
        with open(os.path.join(SCHEMA_DIR, "PluginMCSchema.inc")) as f:
            ctext = f.read()
        with open(cinc, "w") as f:
            f.write(ctext.replace("UINT32_C(0x65000017)", "UINT32_C(0x65000018)", 1))
        expect("stale MC .inc detected", [os.path.join(GEN, "gen_mc_schema.py"), "--check",
                                           "--output", cinc], 1, "@@")
        with open(os.path.join(SCHEMA_DIR, "MCSchema.json")) as f:
            cdoc = json.load(f)

        def mc_mutated(name, fn, needle):
            d = copy.deepcopy(cdoc)
            fn(d)
            path = os.path.join(tmp, "mc-" + name + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            expect("invalid MC schema refused: " + name,
                   [os.path.join(GEN, "gen_mc_schema.py"), "--schema", path, "--output",
                    os.path.join(tmp, "mc-out.inc")], 2, needle)

        def mc_entry(d, domain, s):
            return next(o for o in d[domain] if o["symbol"] == s)

        mc_mutated("duplicate-id",
                   lambda d: mc_entry(d, "fixup_kinds", "DATA_2").__setitem__(
                       "id", mc_entry(d, "fixup_kinds", "DATA_1")["id"]),
                   "duplicate id 0x65000002")
        mc_mutated("count", lambda d: d["layout_states"].pop(), "capability 1.0 has 5")
        mc_mutated("id-gap", lambda d: d["fragment_kinds"].pop(3), "breaks the sequence")
        mc_mutated("wrong-tag",
                   lambda d: d["layout_states"][0].__setitem__("id", "0x65000001"),
                   "has tag 0x65")
        mc_mutated("canonical-name",
                   lambda d: mc_entry(d, "fixup_kinds", "PC_REL_4").__setitem__(
                       "canonical_name", "pcrel_4"),
                   "must be the lower-case symbol")
        mc_mutated("llvm-numbering",
                   lambda d: mc_entry(d, "fragment_kinds", "DUMMY").__setitem__(
                       "llvm_value", 14),
                   "breaks NeverC's numbering")
        mc_mutated("extension-without-target-schema",
                   lambda d: mc_entry(d, "operand_kinds", "TARGET_EXTENSION").__setitem__(
                       "requires_target_schema", False),
                   "must require a target schema")
        mc_mutated("extension-not-last",
                   lambda d: mc_entry(d, "expression_kinds", "UNARY").__setitem__(
                       "llvm_value", 4294967295),
                   "must be the last of expression_kinds")
        mc_mutated("digest",
                   lambda d: d.__setitem__("stable_schema_digest", "0" * 64),
                   "is not NeverC's digest")
        mc_mutated("content-without-capability-bump",
                   lambda d: mc_entry(d, "layout_states", "LAID_OUT").__setitem__(
                       "internal", "LaidOutState"),
                   "is pinned to")

        # Object schema: pinned per capability like the MC schema; each case
        # looks for the message of the rule it targets.
        oinc = os.path.join(tmp, "PluginObjectSchema.inc")
        with open(os.path.join(SCHEMA_DIR, "PluginObjectSchema.inc")) as f:
            otext = f.read()
        with open(oinc, "w") as f:
            f.write(otext.replace("UINT32_C(0x73100004)", "UINT32_C(0x73100005)", 1))
        expect("stale object .inc detected", [os.path.join(GEN, "gen_object_schema.py"),
                                               "--check", "--output", oinc], 1, "@@")
        with open(os.path.join(SCHEMA_DIR, "ObjectSchema.json")) as f:
            odoc = json.load(f)

        def object_mutated(name, fn, needle):
            d = copy.deepcopy(odoc)
            fn(d)
            path = os.path.join(tmp, "object-" + name + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            expect("invalid object schema refused: " + name,
                   [os.path.join(GEN, "gen_object_schema.py"), "--schema", path, "--output",
                    os.path.join(tmp, "object-out.inc")], 2, needle)

        def object_entry(d, domain, s):
            return next(o for o in d[domain] if o["symbol"] == s)

        object_mutated("duplicate-id",
                       lambda d: object_entry(d, "comdat_selections", "LARGEST").__setitem__(
                           "id", object_entry(d, "comdat_selections", "ANY")["id"]),
                       "duplicate id 0x75000001")
        object_mutated("count", lambda d: d["symbol_definitions"].pop(),
                       "capability 1.0 has 4")
        object_mutated("id-gap", lambda d: d["section_kinds"].pop(2), "breaks the sequence")
        object_mutated("wrong-base",
                       lambda d: d["symbol_types"][0].__setitem__("id", "0x73300001"),
                       "is not under the base 0x73200000")
        object_mutated("name",
                       lambda d: object_entry(d, "symbol_types", "INDIRECT_FUNCTION")
                       .__setitem__("name", "indirect_function"),
                       "must be the symbol in lower case")
        object_mutated("digest",
                       lambda d: d.__setitem__("stable_schema_digest", "0" * 64),
                       "is not NeverC's digest")

        def rename_layout_proof(d):
            # A consistent rename (symbol and name agree): only the pin can
            # catch it.
            object_entry(d, "entities", "LAYOUT_PROOF").update(symbol="PROOF", name="proof")

        object_mutated("content-without-capability-bump", rename_layout_proof, "is pinned to")

        # SDK manifest: a wrong digest must be reported.
        man = os.path.join(tmp, "manifest.json")
        with open(os.path.join(REPO, "sdk", "manifest", "plugin.json")) as f:
            m = json.load(f)
        m["schemas"][0]["digest"] = "0" * 64
        with open(man, "w") as f:
            json.dump(m, f, indent=2, sort_keys=True)
            f.write("\n")
        expect("stale SDK manifest detected",
               [os.path.join(GEN, "gen_sdk_manifest.py"), "--check", "--output", man], 1)

        # ABI manifest: a moved field must be reported as a layout change.
        abi = os.path.join(tmp, "abi.json")
        with open(os.path.join(REPO, "sdk", "abi", "plugin.json")) as f:
            j = json.load(f)
        key = next(k for k in j if k.count("-") == 3)
        j[key]["structs"]["NevercCoreAPI"]["fields"]["GetPluginOptionValue"]["offset"] = 88
        j[key]["structs"]["NevercPluginDescriptor"]["size"] = 224
        with open(abi, "w") as f:
            json.dump(j, f, indent=2, sort_keys=True)
            f.write("\n")
        expect("ABI layout change detected",
               [os.path.join(GEN, "gen_abi_manifest.py"), "--check", "--cc", a.cc, "--output", abi],
               1, "NevercCoreAPI.GetPluginOptionValue")

        # Static layout asserts: a wrong expectation must stop the compile,
        # in each unit.
        for unit, good, wrong, name in (
                ("layout_asserts.c", "SIZE(NevercCoreAPI, 104);",
                 "SIZE(NevercCoreAPI, 88);", "NevercCoreAPI"),
                ("layout_asserts_ir.c", "SIZE(NevercIRValueCursor, 56);",
                 "SIZE(NevercIRValueCursor, 48);", "NevercIRValueCursor")):
            with open(os.path.join(HERE, unit)) as f:
                la = f.read()
            bad = os.path.join(tmp, "bad_" + unit)
            with open(bad, "w") as f:
                f.write(la.replace(good, wrong))
            r = subprocess.run(a.cc.split() + ["-std=c11", "-fsyntax-only", "-I",
                                               os.path.join(REPO, "sdk", "include"),
                                               "-I", HERE, bad],
                               capture_output=True, text=True)
            ok = good in la and r.returncode != 0 and name in r.stderr
            print("[%s] wrong layout assert in %s rejected by %s" %
                  ("ok" if ok else "FAIL", unit, a.cc))
            if not ok:
                failures.append("layout assert " + unit)

        # The target, MIR, MC, object, link and LTO layout assert units
        # (PluginTarget.h, PluginMIR.h, PluginMC.h, PluginObject.h,
        # PluginLink.h, PluginLTO.h): a wrong size, a wrong slot or field
        # offset and a wrong interface version must each stop the compile.
        for unit, good, wrong, name in (
                ("layout_asserts_target.c", "SIZE(NevercTargetKey, 256);",
                 "SIZE(NevercTargetKey, 248);", "NevercTargetKey"),
                ("layout_asserts_target.c",
                 "OFF(NevercCallingConventionAPI, RegisterCallingConvention, 24);",
                 "OFF(NevercCallingConventionAPI, RegisterCallingConvention, 32);",
                 "RegisterCallingConvention"),
                ("layout_asserts_mir.c", "SIZE(NevercMIROperandValue, 56);",
                 "SIZE(NevercMIROperandValue, 48);", "NevercMIROperandValue"),
                ("layout_asserts_mir.c", "OFF(NevercMIRAPI, SetMachinePropertyWithProof, 728);",
                 "OFF(NevercMIRAPI, SetMachinePropertyWithProof, 720);",
                 "SetMachinePropertyWithProof"),
                ("layout_asserts_mir.c", "NEVERC_MIR_PROVIDER_API_MINOR == 0,",
                 "NEVERC_MIR_PROVIDER_API_MINOR == 1,", "MIR API versions"),
                ("layout_asserts_mc.c", "SIZE(NevercMCOperandValue, 64);",
                 "SIZE(NevercMCOperandValue, 56);", "NevercMCOperandValue"),
                ("layout_asserts_mc.c", "OFF(NevercMCAPI, RegisterAsmBackend, 440);",
                 "OFF(NevercMCAPI, RegisterAsmBackend, 432);", "RegisterAsmBackend"),
                ("layout_asserts_mc.c", "NEVERC_MC_API_MINOR == 1 &&",
                 "NEVERC_MC_API_MINOR == 0 &&", "MC API versions"),
                ("layout_asserts_object.c", "SIZE(NevercObjectImageInfo, 256);",
                 "SIZE(NevercObjectImageInfo, 248);", "NevercObjectImageInfo"),
                ("layout_asserts_object.c", "OFF(NevercMutableBinaryAPI, Resize, 80);",
                 "OFF(NevercMutableBinaryAPI, Resize, 72);", "Resize"),
                ("layout_asserts_object.c", "NEVERC_OBJECT_FORMAT_API_MINOR == 1 &&",
                 "NEVERC_OBJECT_FORMAT_API_MINOR == 0 &&", "object API versions"),
                ("layout_asserts_link.c", "SIZE(NevercLinkRequest, 632);",
                 "SIZE(NevercLinkRequest, 624);", "NevercLinkRequest"),
                ("layout_asserts_link.c", "OFF(NevercLinkArchiveInfo, Origin, 72);",
                 "OFF(NevercLinkArchiveInfo, Origin, 71);", "Origin"),
                ("layout_asserts_link.c", "OFF(NevercLinkAPI, SetSymbolResolution, 432);",
                 "OFF(NevercLinkAPI, SetSymbolResolution, 424);", "SetSymbolResolution"),
                ("layout_asserts_link.c", "NEVERC_LINK_PHASE_API_MINOR == 0,",
                 "NEVERC_LINK_PHASE_API_MINOR == 1,", "link API versions"),
                ("layout_asserts_lto.c", "SIZE(NevercLTORequest, 584);",
                 "SIZE(NevercLTORequest, 576);", "NevercLTORequest"),
                ("layout_asserts_lto.c", "OFF(NevercLTOOptions, CacheScope, 20);",
                 "OFF(NevercLTOOptions, CacheScope, 24);", "CacheScope"),
                ("layout_asserts_lto.c", "OFF(NevercLTOAPI, GetResolutionInfo, 56);",
                 "OFF(NevercLTOAPI, GetResolutionInfo, 48);", "GetResolutionInfo"),
                ("layout_asserts_lto.c", "NEVERC_LTO_REGISTRAR_API_MINOR == 0,",
                 "NEVERC_LTO_REGISTRAR_API_MINOR == 1,", "LTO API versions")):
            with open(os.path.join(HERE, unit)) as f:
                la = f.read()
            bad = os.path.join(tmp, "bad_" + unit)
            with open(bad, "w") as f:
                f.write(la.replace(good, wrong))
            r = subprocess.run(a.cc.split() + ["-std=c11", "-fsyntax-only", "-I",
                                               os.path.join(REPO, "sdk", "include"),
                                               "-I", HERE, bad],
                               capture_output=True, text=True)
            ok = la.count(good) == 1 and r.returncode != 0 and name in r.stderr
            print("[%s] wrong layout assert in %s (%s) rejected by %s" %
                  ("ok" if ok else "FAIL", unit, name, a.cc))
            if not ok:
                failures.append("layout assert %s (%s)" % (unit, name))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d negative control(s) failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
