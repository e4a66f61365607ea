#!/usr/bin/env python3
"""Checks a -fplugin-report=<file> JSON against the census of the same
compile: the shape, self <= total for every entry, a phase's runs equal the
census count of that phase, and a plugin's callbacks on a phase are a whole
multiple (1-3: the observer points it registered) of the phase's runs.

  check_report.py REPORT.json CENSUS.jsonl PLUGIN-ID
"""
import json
import sys

report = json.load(open(sys.argv[1]))
census = {}
for line in open(sys.argv[2]):
    if line.strip():
        for name, n in json.loads(line)["phases"].items():
            census[name] = census.get(name, 0) + int(n)
plugin_id = sys.argv[3]

errors = []
runs = {p["phase"]: p for p in report["phases"]}
for p in report["phases"]:
    for key in ("runs", "host_ns", "builtin_ns"):
        if not isinstance(p.get(key), int) or p[key] < 0:
            errors.append(f"phase {p['phase']}: bad {key}")
fired = {n: c for n, c in census.items() if c > 0}
for name, count in fired.items():
    if name not in runs:
        errors.append(f"{name}: fired {count} times (census) but not in the report")
    elif runs[name]["runs"] != count:
        errors.append(f"{name}: {runs[name]['runs']} runs in the report, "
                      f"{count} in the census")
plugins = {p["id"]: p for p in report["plugins"]}
if plugin_id not in plugins:
    errors.append(f"plugin {plugin_id} missing")
else:
    pl = plugins[plugin_id]
    if not (pl["bytes_allocated"] >= pl["bytes_peak"] > 0):
        errors.append(f"bytes: allocated {pl['bytes_allocated']}, peak {pl['bytes_peak']}")
    for e in pl["phases"]:
        if e["self_ns"] > e["total_ns"]:
            errors.append(f"{e['phase']}: self {e['self_ns']} > total {e['total_ns']}")
        if e["phase"] == "(lifecycle)":
            continue
        r = runs.get(e["phase"], {}).get("runs", 0)
        if r == 0 or e["callbacks"] % r or not 1 <= e["callbacks"] // r <= 3:
            errors.append(f"{e['phase']}: {e['callbacks']} callbacks for {r} runs")
    seen = {e["phase"] for e in pl["phases"]}
    for name in fired:
        if name not in seen:
            errors.append(f"{name}: fired but the census plugin has no entry")
for e in errors:
    print("check_report: " + e)
print(f"check_report: {len(fired)} phases, {len(report['plugins'])} plugins, "
      f"{len(errors)} errors")
sys.exit(1 if errors else 0)
