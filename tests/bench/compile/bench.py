#!/usr/bin/env python3
"""Compile-time benchmark: clang-22 vs neverc, bare and with plugins.

In one run, side by side, every (workload, optimisation level) is compiled
with `-c` by these configurations:

  clang-22        the stock driver (spawns cc1 / as separate processes as
                  clang does)
  neverc          build/bin/neverc without plugins
  neverc+census   neverc -fplugin=CensusPlugin.so --census-out <file>
                  (every built-in phase observed, one JSON line per session)
  neverc+ast      neverc -fplugin=ASTTracePlugin.so in its quiet mode: an
                  observer (BEFORE and AFTER) on neverc.syntax.parse and
                  neverc.sema.analyze and the AST lifecycle observer on all
                  11 events, each doing nothing (what observing the AST
                  domain costs)
  neverc+ir       neverc -fplugin=IRTracePlugin.so, quiet: observers on the
                  eight neverc.ir.* phases, doing nothing
  neverc+irpass   the same with a read-only FUNCTION pass at
                  neverc.ir.pass.post_opt walking every instruction through
                  the C ABI
  clang+passplugin  clang-22 -fpass-plugin=CountInstructions.so: the same
                  walk as an LLVM C++ pass (irpass / passplugin is the price
                  of the stable ABI)
  neverc+mir      neverc -fplugin=MIRTracePlugin.so, quiet: observers on the
                  ten neverc.mir.* phases (each runs once per machine
                  function), doing nothing
  neverc+mc       neverc -fplugin=MCQuietPlugin.so: an observer on
                  neverc.mc.emission.post_instruction (once per instruction
                  the integrated assembler encodes), doing nothing
  neverc+codegen  observers on all 14 codegen and MIR phases: the MIR,
                  selection, coarse-route and lowering test plugins, quiet
                  (the coarse route makes the object through its built-in,
                  and the plugin reads the image at each observer point)

Workloads (sources from the apt-get source cache that
tests/conformance/run.sh fills, build/conformance/debian):
  lua      every .c file of lua 5.4's src/, one compiler invocation per file
           (as make runs them), -std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX
  lua-batch  the same files in one compiler invocation (clang-22 spawns a
           cc1 process per file, neverc runs every cc1 in its own process)
  sqlite   sqlite3.c, the amalgamation, generated from the sqlite3 source
           package with tclsh (`make sqlite3.c`)
  smoke    one small file from tests/conformance/make-probe (no cache needed)

Timing is interleaved by default: one round runs every configuration once,
in turn, and each is the median of its rounds' wall times, so the drift of a
noisy machine falls on all of them alike (hyperfine, --timer hyperfine,
times each configuration in a block of its own, and the blocks moved by
10-30 % against each other on the 2-core CI machine). Peak RSS is the
largest any process of a configuration reached (wait4's ru_maxrss, which
covers the compiler processes a driver spawns). --timer python times each
configuration in a loop of its own. Before timing, every
command runs once and must succeed; a failing configuration is reported as
FAILED with its first error line, never timed. The objects of clang-22 and
neverc are compared (byte-identical is expected).

The markdown table is printed and written to build/bench/compile.md (the
smoke to build/bench/compile-smoke.md).
"""
import argparse
import datetime
import filecmp
import glob
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def log(msg):
    print("bench: " + msg, flush=True)


class Unavailable(Exception):
    pass


# ----------------------------------------------------------------- sources


def cached_orig(cache, package):
    for path in sorted(glob.glob(os.path.join(cache, "debian", package + "_*.orig.tar.*"))):
        if "-www." in path or path.endswith(".asc"):
            continue
        return path
    return None


def unpack(tarball, dest):
    """Unpacks tarball's single top directory as dest (fresh)."""
    shutil.rmtree(dest, ignore_errors=True)
    tmp = dest + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp)
    tops = [d for d in os.listdir(tmp) if os.path.isdir(os.path.join(tmp, d))]
    if len(tops) != 1:
        raise Unavailable("unexpected layout of " + tarball)
    os.rename(os.path.join(tmp, tops[0]), dest)
    shutil.rmtree(tmp)


def lua_workload(args, work):
    orig = cached_orig(args.cache, "lua5.4")
    if not orig:
        raise Unavailable(
            "no lua5.4 source in %s/debian (run tests/conformance/run.sh "
            "first: it fetches it with apt-get source)" % args.cache)
    src = os.path.join(work, "lua")
    stamp = os.path.join(src, ".from")
    if not (os.path.exists(stamp) and open(stamp).read() == orig):
        unpack(orig, src)
        with open(stamp, "w") as f:
            f.write(orig)
    files = sorted(glob.glob(os.path.join(src, "src", "*.c")))
    if not files:
        raise Unavailable("lua source tree has no src/*.c")
    return {
        "name": "lua",
        "label": "lua 5.4.%s (%d files, 1 cc per file)" % (
            os.path.basename(orig).split("_")[1].split(".")[2], len(files)),
        "files": files,
        "flags": ["-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX"],
    }


def lua_batch_workload(args, work):
    w = lua_workload(args, work)
    w["name"] = "lua-batch"
    w["label"] = w["label"].replace("1 cc per file", "1 cc for all")
    w["batch"] = True
    return w


def sqlite_workload(args, work):
    orig = cached_orig(args.cache, "sqlite3")
    if not orig:
        raise Unavailable(
            "no sqlite3 source in %s/debian (run tests/conformance/run.sh "
            "first: it fetches it with apt-get source)" % args.cache)
    tclsh = shutil.which("tclsh") or shutil.which("tclsh8.6")
    src = os.path.join(work, "sqlite")
    amalg = os.path.join(src, "bld", "sqlite3.c")
    stamp = os.path.join(src, ".from")
    if not (os.path.exists(amalg) and os.path.exists(stamp)
            and open(stamp).read() == orig):
        if not tclsh:
            raise Unavailable("tclsh is not installed (Debian package tcl): "
                              "the amalgamation sqlite3.c cannot be generated")
        log("generating the sqlite3.c amalgamation from " + os.path.basename(orig))
        unpack(orig, src)
        bld = os.path.join(src, "bld")
        os.makedirs(bld)
        cc = args.clang
        for cmd in (["../configure", "CC=" + cc, "BUILD_CC=" + cc,
                     "TCLSH_CMD=" + tclsh, "--disable-tcl"],
                    ["make", "sqlite3.c"]):
            r = subprocess.run(cmd, cwd=bld, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            if r.returncode != 0:
                raise Unavailable("'%s' failed:\n%s" % (" ".join(cmd), r.stdout[-2000:]))
        with open(stamp, "w") as f:
            f.write(orig)
    lines = sum(1 for _ in open(amalg, errors="replace"))
    return {
        "name": "sqlite",
        "label": "sqlite3.c %s amalgamation (%dk lines)" % (
            os.path.basename(orig).split("_")[1].split(".orig")[0], lines // 1000),
        "files": [amalg],
        "flags": [],
    }


def smoke_workload(args, work):
    d = os.path.join(ROOT, "tests", "conformance", "make-probe")
    return {
        "name": "smoke",
        "label": "make-probe/text.c",
        "files": [os.path.join(d, "text.c")],
        "flags": ["-I" + os.path.join(d, "include")],
    }


WORKLOADS = {"lua": lua_workload, "lua-batch": lua_batch_workload,
             "sqlite": sqlite_workload, "smoke": smoke_workload}


# ----------------------------------------------------------------- commands


def configs(args, census_out):
    out = [("clang-22", [args.clang]), ("neverc", [args.neverc])]
    # The census observes all 130 phases; the warnings for the ones this
    # build does not run are silenced (they are not what is measured).
    out.append(("neverc+census", [args.neverc, "-fplugin=" + args.plugin,
                                  "--census-out", census_out,
                                  "-Wno-unimplemented-plugin-phase"]))
    out.append(("neverc+ast", ["env", "AST_TRACE_MODE=quiet", args.neverc,
                               "-fplugin=" + args.ast_plugin]))
    # Observers on all eight IR phases, doing nothing.
    out.append(("neverc+ir", ["env", "IR_TRACE_MODE=quiet", args.neverc,
                              "-fplugin=" + args.ir_plugin]))
    # A read-only function pass at ir.pass.post_opt visiting every
    # instruction through the C ABI, and the same pass as an LLVM C++ pass
    # plugin in clang-22 (its optimizer-last extension point): the ratio of
    # the two is the price of the stable ABI.
    out.append(("neverc+irpass", ["env", "IR_TRACE_MODE=quiet",
                                  "IR_TRACE_PASSES=post_opt", args.neverc,
                                  "-fplugin=" + args.ir_plugin]))
    out.append(("clang+passplugin", [args.clang,
                                     "-fpass-plugin=" + args.pass_plugin]))
    # Observers on all ten MIR phases, doing nothing.
    out.append(("neverc+mir", ["env", "MIR_TRACE_MODE=quiet", args.neverc,
                               "-fplugin=" + args.mir_plugin]))
    # An observer on every instruction the integrated assembler encodes.
    out.append(("neverc+mc", [args.neverc, "-fplugin=" + args.mc_plugin]))
    # Observers on all 14 codegen and MIR phases (issue 11's goal: 1.03).
    out.append(("neverc+codegen", [
        "env", "MIR_TRACE_MODE=quiet", args.neverc,
        "-fplugin=" + args.mir_plugin,
        "-fplugin=" + os.path.join(args.test_plugins, "SelectionTestPlugin.so"),
        "-fplugin-arg=org.neverc.test.selection:--select-mode=quiet",
        "-fplugin=" + os.path.join(args.test_plugins, "CodeGenTestPlugin.so"),
        "-fplugin-arg=org.neverc.test.codegen:--cg-mode=quiet",
        "-fplugin=" + os.path.join(args.test_plugins, "LoweringTestPlugin.so"),
        "-fplugin-arg=org.neverc.test.lowering:--lower-mode=quiet"]))
    return out


def write_script(path, compiler, workload, opt, objdir):
    """One shell script per (config, workload, opt): compiles every file."""
    lines = ["#!/bin/sh", "set -e"]
    if workload.get("batch"):
        # One driver invocation for every file; objects land in objdir.
        cmd = compiler + ["-" + opt] + workload["flags"] + ["-c"] + workload["files"]
        lines.append("cd " + shlex.quote(objdir))
        lines.append(" ".join(shlex.quote(c) for c in cmd))
        files = []
    else:
        files = workload["files"]
    for f in files:
        obj = os.path.join(objdir, os.path.splitext(os.path.basename(f))[0] + ".o")
        cmd = compiler + ["-" + opt] + workload["flags"] + ["-c", f, "-o", obj]
        lines.append(" ".join(shlex.quote(c) for c in cmd))
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    os.chmod(path, 0o755)


def loadavg():
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "?"


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no output)"


def time_python(script, runs):
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run(["sh", script], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError("%s failed during timing" % script)
    return samples


def time_interleaved(commands, runs, cwd=None):
    """Round-robin: one round runs every command (an argv list) once, in
    turn. Returns (wall samples, CPU samples, peak RSS in MB) per command.
    CPU time is user + system time of the command and every process it
    waited for (the compilers, and the cc1 processes a driver spawns).
    interleave.py times arbitrary commands with it."""
    samples = [[] for _ in commands]
    cpu = [[] for _ in commands]
    rss = [0 for _ in commands]
    for _ in range(runs):
        for i, argv in enumerate(commands):
            t0 = time.perf_counter()
            proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            _, status, ru = os.wait4(proc.pid, 0)
            samples[i].append(time.perf_counter() - t0)
            if status != 0:
                raise RuntimeError("%s failed during timing (status %d)"
                                   % (" ".join(argv), status))
            cpu[i].append(ru.ru_utime + ru.ru_stime)
            rss[i] = max(rss[i], ru.ru_maxrss // 1024)
    return samples, cpu, rss


def time_hyperfine(scripts, runs, json_path):
    """Times several scripts in one hyperfine call; returns samples each."""
    cmd = ["hyperfine", "-N", "--runs", str(runs), "--warmup", "1",
           "--style", "basic", "--export-json", json_path]
    cmd += ["sh " + s for s in scripts]
    r = subprocess.run(cmd)
    if r.returncode != 0:
        raise RuntimeError("hyperfine failed (exit %d)" % r.returncode)
    with open(json_path) as f:
        data = json.load(f)
    return [res["times"] for res in data["results"]]


# ----------------------------------------------------------------- main


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--neverc", default=os.path.join(ROOT, "build", "bin", "neverc"))
    p.add_argument("--clang", default=shutil.which("clang-22") or "clang-22")
    p.add_argument("--plugin", default=os.path.join(ROOT, "build", "plugins", "CensusPlugin.so"))
    p.add_argument("--ast-plugin", default=os.path.join(
        ROOT, "build", "tests", "plugins", "modules", "ASTTracePlugin.so"))
    p.add_argument("--cache", default=os.path.join(ROOT, "build", "conformance"))
    p.add_argument("--work", default=os.path.join(ROOT, "build", "bench", "compile"))
    p.add_argument("--out", default=None, help="markdown output file")
    p.add_argument("--ir-plugin", default=os.path.join(
        ROOT, "build", "tests", "plugins", "modules", "IRTracePlugin.so"))
    p.add_argument("--mir-plugin", default=os.path.join(
        ROOT, "build", "tests", "plugins", "modules", "MIRTracePlugin.so"))
    p.add_argument("--mc-plugin", default=os.path.join(
        ROOT, "build", "tests", "plugins", "modules", "MCQuietPlugin.so"))
    p.add_argument("--test-plugins", default=os.path.join(
        ROOT, "build", "tests", "plugins", "modules"),
        help="where the codegen configuration's test plugins are")
    p.add_argument("--pass-plugin", default=os.path.join(
        ROOT, "build", "tests", "bench", "CountInstructions.so"))
    p.add_argument("--workloads", default="lua,lua-batch,sqlite",
                   help="comma-separated: lua, lua-batch, sqlite, smoke")
    p.add_argument("--opts", default="O0,O2")
    p.add_argument("--runs", type=int, default=5,
                   help="timed runs per command (default 5)")
    p.add_argument("--sqlite-runs", type=int, default=3,
                   help="timed runs for the sqlite workload (default 3)")
    p.add_argument("--only", default="",
                   help="comma-separated configurations to time (clang-22 and "
                        "neverc always are; the others show 'skipped')")
    p.add_argument("--timer", choices=["auto", "interleave", "hyperfine", "python"],
                   default="auto", help="auto is interleave")
    p.add_argument("--smoke", action="store_true",
                   help="one small file, -O0, one run, python timer; fails "
                        "if any configuration fails")
    args = p.parse_args()

    if args.smoke:
        args.workloads, args.opts, args.runs, args.sqlite_runs = "smoke", "O0", 1, 1
        args.timer = "python"
    if args.out is None:
        args.out = os.path.join(ROOT, "build", "bench",
                                "compile-smoke.md" if args.smoke else "compile.md")
    for tool, what in ((args.neverc, "neverc"), (args.plugin, "CensusPlugin.so")):
        if not os.path.exists(tool):
            sys.exit("bench: %s not found at %s (build it first)" % (what, tool))
    if not shutil.which(args.clang):
        sys.exit("bench: clang-22 not found (%s)" % args.clang)
    timer = args.timer
    if timer == "auto":
        timer = "interleave"
    if timer == "hyperfine" and not shutil.which("hyperfine"):
        sys.exit("bench: hyperfine is not installed")
    os.makedirs(args.work, exist_ok=True)
    run_dir = tempfile.mkdtemp(prefix="run-", dir=args.work)
    census_out = os.path.join(run_dir, "census.jsonl")
    timer_text = {
        "interleave": "interleaved rounds (perf_counter wall time)",
        "python": "python perf_counter loop",
    }.get(timer) or "hyperfine " + subprocess.run(
        ["hyperfine", "--version"], stdout=subprocess.PIPE, text=True).stdout.split()[-1]
    log("timer: %s; work dir %s" % (timer_text, run_dir))

    load_start = loadavg()
    workloads, notes = [], []
    for name in [w for w in args.workloads.split(",") if w]:
        if name not in WORKLOADS:
            sys.exit("bench: unknown workload '%s'" % name)
        try:
            workloads.append(WORKLOADS[name](args, args.work))
        except Unavailable as e:
            log("%s: UNAVAILABLE: %s" % (name, e))
            notes.append("**%s not measured**: %s" % (name, e))

    cfgs = configs(args, census_out)
    only = {c for c in args.only.split(",") if c}
    if only:
        only |= {"clang-22", "neverc"}
        unknown = only - {c for c, _ in cfgs}
        if unknown:
            sys.exit("bench: --only names no configuration: " + ", ".join(sorted(unknown)))
    rows, failures = [], 0
    for w in workloads:
        runs = args.sqlite_runs if w["name"] == "sqlite" else args.runs
        for opt in [o for o in args.opts.split(",") if o]:
            scripts, status = [], []
            for cname, compiler in cfgs:
                objdir = os.path.join(run_dir, "%s-%s-%s" % (w["name"], opt, cname))
                os.makedirs(objdir, exist_ok=True)
                if only and cname not in only:
                    status.append("skipped")
                    scripts.append((cname, None, objdir))
                    continue
                script = objdir + ".sh"
                write_script(script, compiler, w, opt, objdir)
                # Validation run (also warms the page cache).
                t0 = time.perf_counter()
                r = subprocess.run(["sh", script], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
                dt = time.perf_counter() - t0
                if r.returncode != 0:
                    status.append("FAILED: " + first_error(r.stdout))
                    failures += 1
                    log("%s -%s %s: FAILED (exit %d): %s" % (
                        w["name"], opt, cname, r.returncode, first_error(r.stdout)))
                else:
                    status.append(None)
                    log("%s -%s %s: ok (%.2f s)" % (w["name"], opt, cname, dt))
                scripts.append((cname, script, objdir))
            ok = [i for i, s in enumerate(status) if s is None]
            samples = [None] * len(cfgs)
            cpu = [None] * len(cfgs)
            rss = [None] * len(cfgs)
            if ok:
                if timer == "interleave":
                    res, cpus, peaks = time_interleaved(
                        [["sh", scripts[i][1]] for i in ok], runs)
                    for i, smp, c, peak in zip(ok, res, cpus, peaks):
                        samples[i], cpu[i], rss[i] = smp, c, peak
                elif timer == "hyperfine":
                    res = time_hyperfine([scripts[i][1] for i in ok], runs,
                                         os.path.join(run_dir, "%s-%s.json" % (w["name"], opt)))
                    for i, s in zip(ok, res):
                        samples[i] = s
                else:
                    for i in ok:
                        samples[i] = time_python(scripts[i][1], runs)
            # Objects of clang-22 and neverc (and of neverc with the AST
            # observers, which must not change a byte): identical?
            def identical(a, b):
                if status[a] is not None or status[b] is not None:
                    return None
                objs = sorted(os.listdir(scripts[a][2]))
                return all(filecmp.cmp(os.path.join(scripts[a][2], o),
                                       os.path.join(scripts[b][2], o), shallow=False)
                           for o in objs)
            same = identical(0, 1)
            same_ast = identical(0, 3)
            same_ir = identical(0, 4)
            same_pass = identical(0, 5)
            same_mir = identical(0, 7)
            same_mc = identical(0, 8)
            same_codegen = identical(0, 9)
            rows.append({"workload": w, "opt": opt, "runs": runs, "status": status,
                         "samples": samples, "cpu": cpu, "rss": rss,
                         "identical": same,
                         "identical_ast": same_ast, "identical_ir": same_ir,
                         "identical_pass": same_pass, "identical_mir": same_mir,
                         "identical_mc": same_mc,
                         "identical_codegen": same_codegen})

    # Census sanity: the plugin configuration must have written lines.
    census_lines = 0
    if os.path.exists(census_out):
        with open(census_out) as f:
            for line in f:
                json.loads(line)
                census_lines += 1

    def med(s):
        return statistics.median(s) if s else None

    hdr = ("| workload | opt | runs | clang-22 (s) | neverc (s) | neverc+census (s) "
           "| neverc+ast (s) | neverc+ir (s) | neverc+irpass (s) "
           "| clang+passplugin (s) | neverc+mir (s) | neverc+mc (s) "
           "| neverc+codegen (s) | neverc / clang "
           "| census / clang "
           "| census / neverc | ast / clang | ir / clang "
           "| irpass / clang+passplugin | mir / clang | mc / clang "
           "| codegen / clang "
           "| objects = clang's (neverc, +ast, +ir, +irpass, +mir, +mc, +codegen) "
           "| peak RSS MB (clang-22 / neverc / census) "
           "| CPU neverc / clang | CPU census / clang |")
    sep = ("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:"
           "|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|")
    out = [hdr, sep]
    for r in rows:
        m = [med(s) for s in r["samples"]]
        cells = []
        for i, v in enumerate(m):
            cells.append("%.3f" % v if v is not None else r["status"][i].split(":")[0])

        def ratio(a, b):
            return "%.3f" % (m[a] / m[b]) if m[a] is not None and m[b] else "–"
        yn = {True: "yes", False: "**no**", None: "–"}
        ratios = [ratio(1, 0), ratio(2, 0), ratio(2, 1), ratio(3, 0),
                  ratio(4, 0), ratio(5, 6), ratio(7, 0), ratio(8, 0),
                  ratio(9, 0)]
        same = ", ".join(yn[r[k]] for k in (
            "identical", "identical_ast", "identical_ir", "identical_pass",
            "identical_mir", "identical_mc", "identical_codegen"))
        peaks = " / ".join("–" if v is None else str(v) for v in r["rss"][:3])
        c = [med(v) if v else None for v in r["cpu"]]

        def cpu_ratio(a, b):
            return "%.3f" % (c[a] / c[b]) if c[a] is not None and c[b] else "–"
        out.append("| " + " | ".join(
            [r["workload"]["label"], "-" + r["opt"], str(r["runs"])] +
            cells[:10] + ratios + [same, peaks, cpu_ratio(1, 0),
                                  cpu_ratio(2, 0)]) + " |")
    failed_lines = []
    for r in rows:
        for (cname, _), st in zip(cfgs, r["status"]):
            if st and st != "skipped":
                failed_lines.append("- %s -%s, %s: %s" % (r["workload"]["name"], r["opt"],
                                                         cname, st))
    versions = []
    for tool in (args.clang, args.neverc):
        v = subprocess.run([tool, "--version"], stdout=subprocess.PIPE, text=True).stdout
        versions.append(v.splitlines()[0] if v else tool)
    meta = [
        "# Compile benchmark: clang-22 vs neverc",
        "",
        "%s, %s, %d cores, load average %s at start, %s at end; timer: %s; "
        "medians of N timed runs (after one validation run%s); every command "
        "is `-c`." % (
            datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), platform.machine(),
            os.cpu_count() or 0, load_start, loadavg(), timer_text,
            " and one hyperfine warm-up" if timer == "hyperfine" else ""),
        "",
        "- clang-22: `%s` (%s)" % (args.clang, versions[0]),
        "- neverc: `%s` (%s)" % (args.neverc, versions[1]),
        "- neverc+census: neverc `-fplugin=%s --census-out <file>`; census lines "
        "written: %d" % (args.plugin, census_lines),
        "- neverc+ast: `AST_TRACE_MODE=quiet` neverc `-fplugin=%s` (observers on "
        "neverc.syntax.parse and neverc.sema.analyze, the lifecycle observer on "
        "all 11 events, none doing any work)" % args.ast_plugin,
        "- neverc+ir: `IR_TRACE_MODE=quiet` neverc `-fplugin=%s` (observers on "
        "all eight neverc.ir.* phases, none doing any work)" % args.ir_plugin,
        "- neverc+irpass: the same plus `IR_TRACE_PASSES=post_opt`: a read-only "
        "FUNCTION pass at neverc.ir.pass.post_opt walking every instruction "
        "through NevercIRCoreAPI cursors",
        "- clang+passplugin: clang-22 `-fpass-plugin=%s`, the same walk as an "
        "LLVM C++ pass at the optimizer-last extension point" % args.pass_plugin,
        "- neverc+mir: `MIR_TRACE_MODE=quiet` neverc `-fplugin=%s` (observers on "
        "all ten neverc.mir.* phases, once per machine function, none doing any "
        "work)" % args.mir_plugin,
        "- neverc+mc: neverc `-fplugin=%s` (an observer on "
        "neverc.mc.emission.post_instruction, once per encoded instruction, "
        "doing no work)" % args.mc_plugin,
        "- neverc+codegen: `MIR_TRACE_MODE=quiet` neverc with the MIR, "
        "selection, coarse-route and lowering test plugins from `%s`, quiet "
        "(observers on all 14 codegen and MIR phases)" % args.test_plugins,
        "",
    ]
    text = "\n".join(meta + out + [""] + notes + ([""] if notes else []) +
                     (["Failures:", ""] + failed_lines + [""] if failed_lines else []))
    print()
    print(text)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(text)
    log("wrote " + args.out)
    shutil.rmtree(run_dir, ignore_errors=True)
    if failures or (args.smoke and not rows):
        log("%d configuration(s) FAILED" % failures)
        return 1
    if args.smoke and any(r["identical_ast"] is False for r in rows):
        log("FAILED: the AST observers changed an object")
        return 1
    if args.smoke and any(r["identical_mir"] is False for r in rows):
        log("FAILED: the MIR observers changed an object")
        return 1
    if args.smoke and any(r["identical_mc"] is False for r in rows):
        log("FAILED: the MC observer changed an object")
        return 1
    if args.smoke and census_lines == 0:
        log("FAILED: the census plugin wrote no line")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
