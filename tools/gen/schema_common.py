"""What the schema generators in tools/gen share (not a script).

gen_ast_schema.py, gen_ir_schema.py, gen_mir_schema.py, gen_mc_schema.py and
gen_object_schema.py import this module from their own directory
(gen_prep_schema.py and gen_phase_schema.py too, for loading, --check and
their M(...) lists; their top-level checks and their write step are their
own):

    sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from schema_common import ...  # noqa: E402  (same directory)

Only logic the generators really share lives here. Every message is the one
the generators printed before, verbatim: tests/sdk/check_staleness_detection.py
matches them.
"""

import argparse
import difflib
import json
import os
import re
import sys

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PLUGIN_DIR = os.path.join(REPO, "sdk", "include", "neverc", "Plugin")
SCHEMA_DIR = os.path.join(PLUGIN_DIR, "Schema")

SYMBOL_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
LOWER_RE = re.compile(r"^[a-z][a-z0-9_]*$")
ID_RE = re.compile(r"^0x[0-9a-f]{8}$")
DIGEST_RE = re.compile(r"^[0-9a-f]{64}$")
DEFINE_RE = re.compile(r"^\s*#\s*define\s+(NEVERC_\w+)", re.M)


class SchemaError(Exception):
    pass


def is_int(v):
    """A JSON integer: an int that is not a bool."""
    return isinstance(v, int) and not isinstance(v, bool)


def header_defines(path):
    """Macro names the SDK header at path defines itself (None if it cannot be read)."""
    try:
        with open(path, "r", encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return set(DEFINE_RE.findall(text))


def load_schema(path, validate):
    """The JSON at path; SchemaError listing validate(doc)'s problems if it has any."""
    with open(path, "r", encoding="utf-8") as f:
        doc = json.load(f)
    problems = validate(doc)
    if problems:
        raise SchemaError("\n".join(problems))
    return doc


# --- validation ---------------------------------------------------------------
#
# err(where, msg) is the caller's reporter (problem_list); a domain row is a
# tuple that starts (JSON array, ID tag, macro infix, count macro), as in every
# DOMAINS table.

def problem_list():
    """(errs, err): the list validate() returns and err(where, msg), which
    appends "where: msg" to it."""
    errs = []

    def err(where, msg):
        errs.append("%s: %s" % (where, msg))

    return errs, err


def validate_top_level(doc, top_keys, err, stop_early=False):
    """Check the top level every schema shares: an object whose keys are exactly
    top_keys in order, schema_version 1, a non-empty description (if top_keys
    has one), capability {major, minor} with 16-bit unsigned values and a
    64-hex-digit stable_schema_digest.

    Returns (go_on, cap). go_on is False when validation must stop: doc is not
    an object or its keys are wrong, or, with stop_early, schema_version or
    capability is bad. cap is the capability object, None if it is malformed.
    """
    if not isinstance(doc, dict):
        err("top level", "not an object")
        return False, None
    if tuple(doc) != top_keys:
        err("top level", "keys must be exactly %s in that order; got %s" % (top_keys, list(doc)))
        return False, None
    if not is_int(doc["schema_version"]) or doc["schema_version"] != 1:
        err("top level", "schema_version must be 1")
        if stop_early:
            return False, None
    if "description" in top_keys and (not isinstance(doc["description"], str)
                                      or not doc["description"].strip()):
        err("description", "must be a non-empty string")
    cap = doc["capability"]
    if (not isinstance(cap, dict) or tuple(cap) != ("major", "minor")
            or not all(is_int(cap[k]) and 0 <= cap[k] <= 0xffff for k in cap)):
        err("capability", "must be {major, minor} with 16-bit unsigned values")
        if stop_early:
            return False, None
        cap = None
    if not isinstance(doc["stable_schema_digest"], str) or not DIGEST_RE.match(
            doc["stable_schema_digest"]):
        err("stable_schema_digest", "must be 64 lowercase hex digits")
    return True, cap


def check_domain_arrays(doc, domains, keys_of, err):
    """Each domain is a non-empty array of objects whose keys are exactly
    keys_of(array name) in order. False (after one report) when not: validation
    stops there."""
    for d in domains:
        name = d[0]
        items = doc[name]
        if not isinstance(items, list) or not items or not all(isinstance(x, dict) for x in items):
            err(name, "must be a non-empty array of objects")
            return False
        keys = keys_of(name)
        for i, it in enumerate(items):
            if tuple(it) != keys:
                err("%s[%d]" % (name, i), "keys must be exactly %s in that order; got %s"
                    % (keys, list(it)))
                return False
    return True


def check_counts(doc, domains, cap, want, err):
    """Each domain has the want[array name] entries capability cap pins."""
    for d in domains:
        name = d[0]
        if len(doc[name]) != want[name]:
            err(name, "%d entries, capability %d.%d has %d"
                % (len(doc[name]), cap["major"], cap["minor"], want[name]))


def check_expected_counts(doc, domains, cap, expected, err):
    """check_counts against expected[(major, minor)], the EXPECTED_COUNTS table."""
    want = expected.get((cap["major"], cap["minor"]))
    if want is None:
        err("capability", "no pinned counts for %d.%d; add them to EXPECTED_COUNTS"
            % (cap["major"], cap["minor"]))
    else:
        check_counts(doc, domains, cap, want, err)


def check_row_id(err, w, name, i, tag, ident, seen_id):
    """Row i of array name (reported as w) has the ID (tag << 24) | (i + 1), one
    no other row has (seen_id: ID -> where, across all domains). False if ident
    is not an ID at all."""
    if not isinstance(ident, str) or not ID_RE.match(ident):
        err(w, "id %r is not 0x + 8 lowercase hex digits" % (ident,))
        return False
    if ident in seen_id:
        err(w, "duplicate id %s (also %s)" % (ident, seen_id[ident]))
    seen_id[ident] = w
    want_id = (tag << 24) | (i + 1)
    if int(ident, 16) >> 24 != tag:
        err(w, "id %s has tag 0x%02x, %s use 0x%02x" % (ident, int(ident, 16) >> 24, name, tag))
    elif int(ident, 16) != want_id:
        err(w, "id %s breaks the sequence: expected 0x%08x (base + index)" % (ident, want_id))
    return True


def check_unique(err, w, name, i, fields):
    """fields: (table, key, what) triples; a string key already in its table is
    reported as a duplicate of that row of array name. Row i is recorded."""
    for table, k, what in fields:
        if isinstance(k, str) and k in table:
            err(w, "duplicate %s %r (also %s[%d])" % (what, k, name, table[k]))
        table[k] = i


def capability_macro_names(prefix):
    """The macros emit_capability defines."""
    return [prefix + "_SCHEMA_CAPABILITY_MAJOR", prefix + "_SCHEMA_CAPABILITY_MINOR",
            prefix + "_SCHEMA_DIGEST"]


def id_macro_names(doc, domains, id_macro):
    """The macros emit_ids defines, in its order."""
    out = [d[3] for d in domains]
    for d in domains:
        out += [id_macro(d[0], it) for it in doc[d[0]]]
    return out


def check_macros(names, err, header_names=None, header=None):
    """Every generated macro name is unique and, given the names the SDK header
    defines itself (header_defines), not one of them."""
    seen = set()
    for m in names:
        if m in seen:
            err("macros", "%s is generated twice" % m)
        seen.add(m)
        if header_names and m in header_names:
            err("macros", "%s is also defined by %s" % (m, header))


# --- output -------------------------------------------------------------------

def emit_table(w, macro, rows):
    w("#ifdef %s" % macro)
    for r in rows:
        w("%s(%s)" % (macro, r))
    w("#undef %s" % macro)
    w("#endif")
    w("")


def emit_xmacro(w, macro, items):
    """#define macro(M) expanding to M(item) for every item, one a line."""
    w("#define %s(M) \\" % macro)
    for k, it in enumerate(items):
        w("  M(%s)%s" % (it, " \\" if k + 1 < len(items) else ""))
    w("")


def emit_capability(w, prefix, doc):
    """<prefix>_SCHEMA_CAPABILITY_MAJOR/_MINOR and <prefix>_SCHEMA_DIGEST."""
    w("#define %s_SCHEMA_CAPABILITY_MAJOR UINT16_C(%d)" % (prefix, doc["capability"]["major"]))
    w("#define %s_SCHEMA_CAPABILITY_MINOR UINT16_C(%d)" % (prefix, doc["capability"]["minor"]))
    w("#define %s_SCHEMA_DIGEST %s" % (prefix, json.dumps(doc["stable_schema_digest"])))
    w("")


def emit_ids(w, doc, domains, id_macro):
    """A count macro a domain, then a block of ID macros a domain."""
    for d in domains:
        w("#define %s UINT32_C(%d)" % (d[3], len(doc[d[0]])))
    for d in domains:
        name, tag = d[0], d[1]
        w("")
        w("/* %s (tag 0x%02x): %d. */" % (name.replace("_", " "), tag, len(doc[name])))
        for it in doc[name]:
            w("#define %s UINT32_C(%s)" % (id_macro(name, it), it["id"]))


def join_lines(out):
    """The generated text: the lines without trailing blank ones, each ending in \\n."""
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def summary(doc, domains):
    return ", ".join("%d %s" % (len(doc[d[0]]), d[0].replace("_", " ")) for d in domains)


# --- command line -------------------------------------------------------------

def load_or_report(tool, load, path, *args):
    """load(path, *args), or None after reporting why the schema is invalid
    (the generator then exits with status 2)."""
    try:
        return load(path, *args)
    except (OSError, ValueError, SchemaError) as e:
        sys.stderr.write("%s: invalid schema %s:\n%s\n" % (tool, path, e))
        return None


def compare(path, text, tool):
    """True if the file at path holds text; else report (with a diff) and False."""
    try:
        with open(path, "r", encoding="utf-8") as f:
            old = f.read()
    except OSError as e:
        sys.stderr.write("%s: cannot read %s: %s\n" % (tool, path, e))
        return False
    if old != text:
        sys.stdout.writelines(difflib.unified_diff(
            old.splitlines(True), text.splitlines(True),
            fromfile=path + " (checked in)", tofile=path + " (generated)"))
        sys.stderr.write("%s: %s is stale; rerun tools/gen/%s.py\n" % (tool, path, tool))
        return False
    return True


def check_or_write(tool, check, outputs):
    """outputs: (path, text, summary) triples. With check, compare each file
    (exit status 1 if any is stale); otherwise write them. The exit status."""
    if check:
        stale = False
        for path, text, what in outputs:
            if compare(path, text, tool):
                print("%s: %s is up to date (%s)" % (tool, path, what))
            else:
                stale = True
        return 1 if stale else 0
    for path, text, what in outputs:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("%s: wrote %s (%s)" % (tool, path, what))
    return 0


def header_schema_main(tool, argv, description, schema, output, header, load, render, domains,
                       add_arguments=None, vet=None):
    """main() of a generator whose one .inc must not redefine the macros of an
    SDK header: options --schema, --output, --header, --check (with these
    defaults) and what add_arguments(ap) adds; load(schema, header) (exit status
    2 if the schema is invalid); vet(args, doc), whose non-zero exit status
    ends it there; then render(doc) is written or, with --check, compared."""
    ap = argparse.ArgumentParser(description=description,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schema", default=schema)
    ap.add_argument("--output", default=output)
    ap.add_argument("--header", default=header,
                    help="%s, whose own macros the schema must not redefine"
                    % os.path.basename(header))
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    if add_arguments is not None:
        add_arguments(ap)
    args = ap.parse_args(argv)
    doc = load_or_report(tool, load, args.schema, args.header)
    if doc is None:
        return 2
    if vet is not None:
        status = vet(args, doc)
        if status:
            return status
    return check_or_write(tool, args.check, [(args.output, render(doc), summary(doc, domains))])
