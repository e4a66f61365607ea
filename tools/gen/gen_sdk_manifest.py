#!/usr/bin/env python3
"""Generate sdk/manifest/plugin.json, the machine-readable SDK manifest.

Everything is read from the SDK sources, nothing is hard-coded:
  * modules: the headers the umbrella NevercPluginAPI.h includes, in order;
  * interfaces of a module: every NEVERC_INTERFACE_<NAME>_HIGH/_LOW pair it
    defines, with NEVERC_<NAME>_API_MAJOR/_MINOR and, when the header
    declares NEVERC_<NAME>_INTERFACE_STABILITY, that stability (otherwise
    "NEVERC_INTERFACE_STABLE": undeclared interfaces are append-only);
  * abi: NEVERC_PLUGIN_ENTRY_POINT and NEVERC_PLUGIN_ABI_MAJOR/_MINOR;
  * schemas: sha256 of every Schema/*.json;
  * single_header.source_digest: sha256 over every module header and the
    .inc files they include (so any header edit makes the manifest stale).

  gen_sdk_manifest.py           write the manifest
  gen_sdk_manifest.py --check   exit 1 with a diff if the checked-in one is stale
"""

import argparse
import difflib
import hashlib
import json
import os
import re
import sys

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
INCLUDE = os.path.join(REPO, "sdk", "include")
PLUGIN_DIR = os.path.join(INCLUDE, "neverc", "Plugin")
UMBRELLA = os.path.join(PLUGIN_DIR, "NevercPluginAPI.h")
DEFAULT_OUTPUT = os.path.join(REPO, "sdk", "manifest", "plugin.json")
GENERATOR = "tools/gen/gen_sdk_manifest.py"
TARGETS = ["aarch64", "x86_64"]

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DEFINE_RE = re.compile(r"^\s*#\s*define\s+(NEVERC_[A-Z0-9_]+)[ \t]+(.+?)\s*$", re.M)
INT_C_RE = re.compile(r"^U?INT(?:8|16|32|64)_C\(\s*(0[xX][0-9a-fA-F]+|\d+)\s*\)$")


class ManifestError(Exception):
    pass


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def read(path):
    with open(path, "r", encoding="utf-8") as f:
        return f.read()


def defines(path):
    out = {}
    for name, value in DEFINE_RE.findall(strip_comments(read(path))):
        out[name] = value.strip()
    return out


def int_value(defs, name, where):
    if name not in defs:
        raise ManifestError("%s: missing #define %s" % (where, name))
    m = INT_C_RE.match(defs[name])
    if not m:
        raise ManifestError("%s: %s = %r is not an integer constant" % (where, name, defs[name]))
    return int(m.group(1), 0)


def resolve(include):
    path = os.path.join(INCLUDE, include)
    if not os.path.isfile(path):
        raise ManifestError("cannot find included header %s" % include)
    return path


def umbrella_modules():
    mods = []
    for inc in INCLUDE_RE.findall(strip_comments(read(UMBRELLA))):
        if not inc.startswith("neverc/Plugin/"):
            raise ManifestError("umbrella includes a non-SDK header %s" % inc)
        mods.append(inc)
    if not mods:
        raise ManifestError("umbrella header includes no module")
    return mods


def module_interfaces(path):
    where = os.path.relpath(path, REPO)
    defs = defines(path)
    result = []
    for name in sorted(defs):
        m = re.match(r"^NEVERC_INTERFACE_([A-Z0-9_]+)_HIGH$", name)
        if not m:
            continue
        iface = m.group(1)
        high = int_value(defs, name, where)
        low = int_value(defs, "NEVERC_INTERFACE_%s_LOW" % iface, where)
        major = int_value(defs, "NEVERC_%s_API_MAJOR" % iface, where)
        minor = int_value(defs, "NEVERC_%s_API_MINOR" % iface, where)
        stability = defs.get("NEVERC_%s_INTERFACE_STABILITY" % iface, "NEVERC_INTERFACE_STABLE")
        if stability not in ("NEVERC_INTERFACE_STABLE", "NEVERC_INTERFACE_LOCKSTEP"):
            raise ManifestError("%s: NEVERC_%s_INTERFACE_STABILITY = %r" % (where, iface, stability))
        result.append({
            "name": iface,
            "id_high": "0x%016x" % high,
            "id_low": "0x%016x" % low,
            "major": major,
            "minor": minor,
            "stability": stability,
        })
    return result


def source_files(modules):
    """Module headers plus the .inc files they include, in first-seen order."""
    seen = []
    for inc in modules:
        path = resolve(inc)
        if path not in seen:
            seen.append(path)
        for sub in INCLUDE_RE.findall(strip_comments(read(path))):
            if sub.endswith(".inc"):
                p = resolve(sub)
                if p not in seen:
                    seen.append(p)
    return seen


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def build():
    core = os.path.join(PLUGIN_DIR, "PluginCore.h")
    cdefs = defines(core)
    entry = cdefs.get("NEVERC_PLUGIN_ENTRY_POINT", "")
    if not re.match(r'^"[A-Za-z_][A-Za-z0-9_]*"$', entry):
        raise ManifestError("PluginCore.h: bad NEVERC_PLUGIN_ENTRY_POINT %r" % entry)
    modules = umbrella_modules()
    ids = {}
    mod_list = []
    for inc in modules:
        ifaces = module_interfaces(resolve(inc))
        for i in ifaces:
            key = (i["id_high"], i["id_low"])
            if key in ids:
                raise ManifestError("interface ID of %s duplicates %s" % (i["name"], ids[key]))
            ids[key] = i["name"]
        mod_list.append({"name": os.path.basename(inc), "public": True, "interfaces": ifaces})
    schema_dir = os.path.join(PLUGIN_DIR, "Schema")
    schemas = [{"name": n, "digest": sha256_file(os.path.join(schema_dir, n))}
               for n in sorted(os.listdir(schema_dir)) if n.endswith(".json")]
    h = hashlib.sha256()
    for path in source_files(modules):
        h.update(os.path.relpath(path, REPO).replace(os.sep, "/").encode() + b"\0")
        h.update(read(path).encode("utf-8") + b"\0")
    umbrella_rel = os.path.relpath(UMBRELLA, REPO).replace(os.sep, "/")
    return {
        "abi": {
            "entry_point": entry[1:-1],
            "major": int_value(cdefs, "NEVERC_PLUGIN_ABI_MAJOR", "PluginCore.h"),
            "minor": int_value(cdefs, "NEVERC_PLUGIN_ABI_MINOR", "PluginCore.h"),
        },
        "generator": GENERATOR,
        "manifest_version": 1,
        "modules": mod_list,
        "schemas": schemas,
        "single_header": {"path": umbrella_rel, "source_digest": h.hexdigest()},
        "targets": TARGETS,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    try:
        text = json.dumps(build(), indent=2, sort_keys=True) + "\n"
    except (OSError, ManifestError) as e:
        sys.stderr.write("gen_sdk_manifest: %s\n" % e)
        return 2
    if args.check:
        try:
            old = read(args.output)
        except OSError as e:
            sys.stderr.write("gen_sdk_manifest: cannot read %s: %s\n" % (args.output, e))
            return 1
        if old != text:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), text.splitlines(True),
                fromfile=args.output + " (checked in)", tofile=args.output + " (generated)"))
            sys.stderr.write("gen_sdk_manifest: %s is stale; rerun tools/gen/gen_sdk_manifest.py\n" % args.output)
            return 1
        print("gen_sdk_manifest: %s is up to date" % args.output)
        return 0
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("gen_sdk_manifest: wrote %s" % args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
