#!/usr/bin/env python3
"""Generate sdk/include/neverc/Plugin/Schema/PluginMIRSchema.inc.

The canonical source is sdk/include/neverc/Plugin/Schema/MIRSchema.json: the
generic, target-independent Machine IR schema of mir.md section 6 -- 4
entities, 21 operand kinds, 266 generic opcodes and 11 machine properties with
their stable IDs, symbols and canonical names. The schema is validated before
anything is written; any violation is reported and the generator exits with
status 2.

Decisions (where mir.md leaves room):
 * Every entry is internal, symbol, llvm_value, id, canonical_name (generic
   opcodes add requires_target_schema); id is a "0x%08x" string, one record a
   line, rows in ID order.
 * internal is the LLVM 22 enumerator a host maps by name: the
   llvm::TargetOpcode name (= the symbol) for a generic opcode, the
   MachineOperand::MO_* name for an operand kind, the
   MachineFunctionProperties::Property name for a property. Entities are no
   LLVM enumeration: internal is the class name, llvm_value the ordinal - 1.
 * llvm_value is the value in LLVM 22.1.8 (mir.md section 13.2, "honest
   option"), not NeverC's: NeverC recorded an older LLVM's numbers (a generic
   opcode's index, TracksDebugUserValues = 10), which LLVM 22 no longer has.
   Stable IDs, symbols and canonical names are NeverC's, unchanged.
 * ID rules (mir.md sections 6.2-6.5): tag in the top byte (entity 0x51,
   operand kind 0x52, generic opcode 0x53, property 0x54), 1-based ordinal in
   the low 24 bits, i.e. base + index. Upstream states the operand and property
   rules as base + LLVM value. For operand kinds that still holds in LLVM 22
   (MO_Register..MO_DbgInstrRef are 0..20; MO_LaneMask was appended at 21 and
   has no ID), so llvm_value must equal the index. For properties it does not:
   LLVM 22 inserted FailedRegAlloc at 10, so TracksDebugUserValues is 11 while
   its ID stays 0x5400000b; the ID follows NeverC's index and llvm_value only
   has to rise strictly. Generic opcodes keep LLVM's TargetOpcode order, so
   their llvm_value rises strictly too.
 * symbol is NeverC's camel-case split of the LLVM name (NoPHIs -> NO_PH_IS,
   MO_CImmediate -> C_IMMEDIATE); a generic opcode's symbol is its name.
   canonical_name is the lower-cased symbol.
 * requires_target_schema is a bool (false for all 266 in capability 1.0).
 * Counts are pinned per capability (EXPECTED_COUNTS): a schema change
   without a capability bump is a validation error (exit 2).
 * stable_schema_digest is this project's, since NeverC's algorithm is not
   published (its constant 6b523b20... cannot be reproduced, and it covers
   the older LLVM values anyway). It is the lowercase hex SHA-256 of this
   ASCII text, every line ending in "\\n", fields separated by one space:
       neverc-mir-schema <schema_version>
       capability <major> <minor>
   then one line per entry, domains in the order entity, operand,
   generic_opcode, property and entries in ID order:
       <domain> <id as 0x%08x> <symbol> <internal> <llvm_value> <canonical_name>
   with " 0" or " 1" (requires_target_schema) appended for generic_opcode.
   The description is not covered. Every field is also in the generated
   X-macro rows, so a host can recompute the digest from the .inc alone. The
   generator refuses a JSON whose stored digest differs and prints the right
   value: update it (with a capability bump) whenever the content changes.
 * Capability macros are UINT16_C, as in the other schemas. Every X-macro is
   expanded only if the includer defined it, and is #undef'd afterwards.
 * No generated macro may collide with one PluginMIR.h defines itself.

  gen_mir_schema.py                    regenerate the .inc in place
  gen_mir_schema.py --check            exit 1 (with a diff) if the checked-in
                                       .inc differs from what would be generated
  gen_mir_schema.py --llvm-include DIR also require every llvm_value to equal
                                       the value of its internal name in the
                                       LLVM headers under DIR (exit 3 if not)
"""

import hashlib
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schema_common import (  # noqa: E402  (same directory)
    DIGEST_RE, IDENT_RE, PLUGIN_DIR, SCHEMA_DIR, SYMBOL_RE, SchemaError, capability_macro_names,
    check_domain_arrays, check_expected_counts, check_macros, check_row_id, check_unique,
    emit_capability, emit_ids, emit_table, header_defines, header_schema_main, id_macro_names,
    is_int, join_lines, load_schema, problem_list, validate_top_level)

TOOL = "gen_mir_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "MIRSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginMIRSchema.inc")
DEFAULT_HEADER = os.path.join(PLUGIN_DIR, "PluginMIR.h")

BASE_KEYS = ("internal", "symbol", "llvm_value", "id", "canonical_name")
# JSON array -> (ID tag, macro infix, count macro, keys after BASE_KEYS).
DOMAINS = (
    ("entities", 0x51, "ENTITY", "NEVERC_MIR_ENTITY_COUNT", ()),
    ("operand_kinds", 0x52, "OPERAND", "NEVERC_MIR_OPERAND_COUNT", ()),
    ("generic_opcodes", 0x53, "GENERIC_OPCODE", "NEVERC_MIR_GENERIC_OPCODE_COUNT",
     ("requires_target_schema",)),
    ("properties", 0x54, "PROPERTY", "NEVERC_MIR_PROPERTY_COUNT", ()),
)
DOMAIN = {d[0]: d for d in DOMAINS}
TOP_KEYS = ("schema_version", "description", "capability", "stable_schema_digest") + tuple(
    d[0] for d in DOMAINS)

EXPECTED_COUNTS = {
    (1, 0): {"entities": 4, "operand_kinds": 21, "generic_opcodes": 266, "properties": 11},
}

OPERAND_PREFIX = "MO_"


def keys_of(domain):
    return BASE_KEYS + DOMAIN[domain][4]


def macro_infix(domain):
    return DOMAIN[domain][2]


def id_macro(domain, it):
    return "NEVERC_MIR_%s_%s" % (macro_infix(domain), it["symbol"])


def camel_symbol(name):
    """NeverC's symbol for an LLVM name: split camel case, upper-case."""
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    s = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", s)
    return s.upper()


def expected_symbol(domain, internal):
    if domain == "generic_opcodes":
        return internal
    if domain == "operand_kinds":
        if not internal.startswith(OPERAND_PREFIX):
            return None
        internal = internal[len(OPERAND_PREFIX):]
    return camel_symbol(internal)


def digest_text(doc):
    """The canonical serialization the stable digest is taken over."""
    lines = ["neverc-mir-schema %d" % doc["schema_version"],
             "capability %d %d" % (doc["capability"]["major"], doc["capability"]["minor"])]
    for name, _, infix, _, _ in DOMAINS:
        for it in doc[name]:
            line = "%s %s %s %s %d %s" % (infix.lower(), it["id"], it["symbol"], it["internal"],
                                          it["llvm_value"], it["canonical_name"])
            if name == "generic_opcodes":
                line += " %d" % (1 if it["requires_target_schema"] else 0)
            lines.append(line)
    return "".join(line + "\n" for line in lines)


def compute_digest(doc):
    return hashlib.sha256(digest_text(doc).encode("ascii")).hexdigest()


def macro_names(doc):
    return capability_macro_names("NEVERC_MIR") + id_macro_names(doc, DOMAINS, id_macro)


def validate(doc, header_names=None):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    go_on, cap = validate_top_level(doc, TOP_KEYS, err, stop_early=True)
    if not go_on or not check_domain_arrays(doc, DOMAINS, keys_of, err):
        return errs
    check_expected_counts(doc, DOMAINS, cap, EXPECTED_COUNTS, err)

    # --- fields every domain shares ------------------------------------------
    seen_id = {}
    sound = True
    for name, tag, _, _, _ in DOMAINS:
        seen_sym, seen_int, seen_val = {}, {}, {}
        prev_val = None
        for i, it in enumerate(doc[name]):
            w = "%s[%d]" % (name, i)
            sym = it["symbol"]
            if not isinstance(sym, str) or not SYMBOL_RE.match(sym):
                err(w, "bad symbol %r" % (sym,))
                sound = False
                continue
            w = "%s[%d] (%s)" % (name, i, sym)
            internal = it["internal"]
            if not isinstance(internal, str) or not IDENT_RE.match(internal):
                err(w, "bad internal name %r" % (internal,))
                sound = False
            elif expected_symbol(name, internal) != sym:
                err(w, "symbol must be %r, NeverC's spelling of internal %r"
                    % (expected_symbol(name, internal), internal))
            if it["canonical_name"] != sym.lower():
                err(w, "canonical_name %r must be the lower-case symbol %r"
                    % (it["canonical_name"], sym.lower()))
            if not check_row_id(err, w, name, i, tag, it["id"], seen_id):
                sound = False
            v = it["llvm_value"]
            if not is_int(v) or not 0 <= v <= 0xffffffff:
                err(w, "llvm_value must be a 32-bit unsigned integer")
                sound = False
                continue
            if v in seen_val:
                err(w, "llvm_value %d also used by %s[%d]" % (v, name, seen_val[v]))
            seen_val[v] = i
            if name in ("entities", "operand_kinds"):
                # Operand kinds: the upstream rule ID = 0x52000001 + LLVM value
                # still holds in LLVM 22, so value and index coincide.
                if v != i:
                    err(w, "llvm_value %d breaks the rule ID = 0x%02x000001 + llvm_value "
                        "(expected %d)" % (v, tag, i))
            elif prev_val is not None and v <= prev_val:
                err(w, "llvm_value %d does not rise (previous %d): rows follow LLVM's order"
                    % (v, prev_val))
            prev_val = v
            check_unique(err, w, name, i, ((seen_sym, sym, "symbol"),
                                           (seen_int, internal, "internal")))
    for i, o in enumerate(doc["generic_opcodes"]):
        if not isinstance(o["requires_target_schema"], bool):
            err("generic_opcodes[%d]" % i, "requires_target_schema must be a bool")
            sound = False

    # --- every generated macro name is unique and not PluginMIR.h's ----------
    check_macros(macro_names(doc), err, header_names, "PluginMIR.h")

    # --- the stored digest covers exactly this content -----------------------
    if sound and DIGEST_RE.match(str(doc["stable_schema_digest"])):
        got = compute_digest(doc)
        if doc["stable_schema_digest"] != got:
            err("stable_schema_digest", "%s does not match the content, which hashes to %s "
                "(a content change needs a new digest and a capability bump)"
                % (doc["stable_schema_digest"], got))
    return errs


def load(path, header=DEFAULT_HEADER):
    return load_schema(path, lambda doc: validate(doc, header_defines(header)))


# --- optional check against installed LLVM headers ---------------------------

def _read_stripped(path):
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _enum_body(text, head, what, path):
    m = re.search(head + r"\s*\{(.*?)\}", text, flags=re.S)
    if not m:
        raise SchemaError("%s: no %s" % (path, what))
    return m.group(1)


def _enum_values(body):
    """Values of a C++ enum body whose initializers name earlier enumerators."""
    out, nxt = {}, 0
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, init = (x.strip() for x in item.partition("="))
        if init:
            nxt = out[init] if init in out else int(init, 0)
        out[name] = nxt
        nxt += 1
    return out


def llvm_values(include_dir):
    """internal name -> value for each domain, read from LLVM's headers."""
    llvm = os.path.join(include_dir, "llvm")
    # TargetOpcode's enum is HANDLE_TARGET_OPCODE(OPC) -> OPC and
    # HANDLE_TARGET_OPCODE_MARKER(IDENT, OPC) -> IDENT = OPC (TargetOpcodes.h),
    # so a marker resets the running value.
    path = os.path.join(llvm, "Support", "TargetOpcodes.def")
    text = _read_stripped(path)
    text = re.sub(r"#\s*ifndef.*?#\s*endif", " ", text, flags=re.S)
    opcodes, last = {}, -1
    for m in re.finditer(r"HANDLE_TARGET_OPCODE(_MARKER)?\(\s*(\w+)\s*(?:,\s*(\w+)\s*)?\)", text):
        if m.group(1):
            last = opcodes[m.group(3)]
        else:
            last += 1
        opcodes[m.group(2)] = last
    if not opcodes:
        raise SchemaError("%s: no HANDLE_TARGET_OPCODE entries" % path)
    path = os.path.join(llvm, "CodeGen", "MachineOperand.h")
    operands = _enum_values(_enum_body(
        _read_stripped(path), r"enum\s+MachineOperandType\s*:\s*unsigned\s+char",
        "enum MachineOperandType", path))
    path = os.path.join(llvm, "CodeGen", "MachineFunction.h")
    props = _enum_values(_enum_body(
        _read_stripped(path), r"enum\s+class\s+Property\s*:\s*unsigned",
        "enum class Property", path))
    return {"generic_opcodes": opcodes, "operand_kinds": operands, "properties": props}


def llvm_version(include_dir):
    path = os.path.join(include_dir, "llvm", "Config", "llvm-config.h")
    try:
        m = re.search(r'#define\s+LLVM_VERSION_STRING\s+"([^"]+)"', _read_stripped(path))
    except OSError:
        return "unknown version"
    return m.group(1) if m else "unknown version"


def check_llvm(doc, include_dir):
    """Problems where llvm_value differs from the LLVM headers (by internal name)."""
    errs = []
    for name, table in sorted(llvm_values(include_dir).items()):
        for i, it in enumerate(doc[name]):
            got = table.get(it["internal"])
            if got is None:
                errs.append("%s[%d] (%s): %s is not in LLVM" % (name, i, it["symbol"],
                                                               it["internal"]))
            elif got != it["llvm_value"]:
                errs.append("%s[%d] (%s): llvm_value %d, LLVM has %s = %d"
                            % (name, i, it["symbol"], it["llvm_value"], it["internal"], got))
    return errs


# --- output -------------------------------------------------------------------

def row(domain, it):
    r = "%s, %s, %s, UINT32_C(%d), %s" % (it["internal"], it["symbol"], id_macro(domain, it),
                                          it["llvm_value"], json.dumps(it["canonical_name"]))
    if domain == "generic_opcodes":
        r += ", " + ("NEVERC_TRUE" if it["requires_target_schema"] else "NEVERC_FALSE")
    return r


def render(doc):
    out = []
    w = out.append
    w("/*")
    w(" * PluginMIRSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_mir_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/MIRSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Needs <stdint.h>; the generic opcode rows name NEVERC_TRUE/NEVERC_FALSE")
    w(" * (neverc/Plugin/PluginCore.h).")
    w(" *")
    w(" * IDs: domain tag in the top byte (entity 0x51, operand kind 0x52, generic")
    w(" * opcode 0x53, machine property 0x54), dense 1-based ordinal in the low 24")
    w(" * bits. IDs, symbols and canonical names are NeverC's and stable; use the")
    w(" * names, never the numbers. Target opcodes, registers and register classes")
    w(" * are not in this schema: they need a negotiated target schema.")
    w(" *")
    w(" * LLVM values are LLVM 22's (llvm::TargetOpcode, MachineOperand::")
    w(" * MachineOperandType, MachineFunctionProperties::Property), not the older")
    w(" * LLVM's NeverC recorded: generic opcodes moved (COPY is 20, not 18) and")
    w(" * TracksDebugUserValues is 11 (FailedRegAlloc came in at 10). Newer")
    w(" * TargetOpcodes, MO_LaneMask and FailedRegAlloc have no stable ID. Entities")
    w(" * are no LLVM enumeration; their value is the ordinal - 1.")
    w(" *")
    w(" * NEVERC_MIR_SCHEMA_DIGEST is this project's SHA-256 over the schema")
    w(" * content (serialization in tools/gen/gen_mir_schema.py), not NeverC's")
    w(" * constant: NeverC's digest algorithm is not published, so it cannot be")
    w(" * reproduced, and NeverC's digest covers the older LLVM values.")
    w(" *")
    w(" * Public part (guarded by NEVERC_PLUGIN_MIR_SCHEMA_CONSTANTS_DEFINED): the")
    w(" * capability and digest, the counts and every NEVERC_MIR_<DOMAIN>_<SYMBOL>.")
    w(" *")
    w(" * Tables (unguarded): each is expanded once per row only when the includer")
    w(" * defined the macro, which is #undef'd afterwards; rows are in ID order.")
    w(" *   NEVERC_MIR_SCHEMA_ENTITY(Internal, SYMBOL, ID, LLVMValue, \"canonical\")")
    w(" *   NEVERC_MIR_SCHEMA_OPERAND(Internal, SYMBOL, ID, LLVMValue, \"canonical\")")
    w(" *   NEVERC_MIR_SCHEMA_GENERIC_OPCODE(Internal, SYMBOL, ID, LLVMValue,")
    w(" *       \"canonical\", RequiresTargetSchema)")
    w(" *   NEVERC_MIR_SCHEMA_PROPERTY(Internal, SYMBOL, ID, LLVMValue, \"canonical\")")
    w(" * Internal and SYMBOL are bare tokens: paste (##) or stringize (#) them,")
    w(" * since a symbol such as COPY or PHI may be an object-like macro in the")
    w(" * includer. Internal is the LLVM enumerator (TargetOpcode::PHI,")
    w(" * MachineOperand::MO_Register, MachineFunctionProperties::Property::IsSSA)")
    w(" * or, for an entity, the LLVM class; map by name, never by number.")
    w(" */")
    w("")
    w("#ifndef NEVERC_PLUGIN_MIR_SCHEMA_CONSTANTS_DEFINED")
    w("#define NEVERC_PLUGIN_MIR_SCHEMA_CONSTANTS_DEFINED")
    w("")
    emit_capability(w, "NEVERC_MIR", doc)
    emit_ids(w, doc, DOMAINS, id_macro)
    w("")
    w("#endif /* NEVERC_PLUGIN_MIR_SCHEMA_CONSTANTS_DEFINED */")
    w("")
    for name, _, infix, _, _ in DOMAINS:
        emit_table(w, "NEVERC_MIR_SCHEMA_" + infix, [row(name, it) for it in doc[name]])
    return join_lines(out)


def add_llvm_include(ap):
    ap.add_argument("--llvm-include", metavar="DIR",
                    help="also compare llvm_value with the LLVM headers under DIR")


def vet_llvm(args, doc):
    """With --llvm-include: exit status 3 if an llvm_value disagrees with LLVM."""
    if not args.llvm_include:
        return 0
    try:
        problems = check_llvm(doc, args.llvm_include)
    except (OSError, ValueError, KeyError, SchemaError) as e:
        problems = ["cannot read the LLVM headers: %s" % e]
    if problems:
        sys.stderr.write("gen_mir_schema: %s disagrees with the LLVM headers in %s:\n%s\n"
                         % (args.schema, args.llvm_include, "\n".join(problems)))
        return 3
    print("gen_mir_schema: every llvm_value matches LLVM %s in %s"
          % (llvm_version(args.llvm_include), args.llvm_include))
    return 0


def main(argv=None):
    return header_schema_main(TOOL, argv, __doc__, DEFAULT_SCHEMA, DEFAULT_OUTPUT, DEFAULT_HEADER,
                              load, render, DOMAINS, add_arguments=add_llvm_include, vet=vet_llvm)


if __name__ == "__main__":
    sys.exit(main())
