#!/usr/bin/env python3
"""Driver of tests/conformance/torture.sh (see there): compiles, runs and
compares gcc.c-torture/execute programs with neverc and clang-22."""
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import signal
import subprocess
import sys
import time

BASE_FLAGS = ["-O1", "-w", "-fno-strict-aliasing"]
# The tests are pre-C99 style (undeclared abort/exit/printf, implicit int);
# GCC 12 accepts that with warnings, Clang makes it an error by default.
# Both compilers get the same downgrades.
PERMISSIVE = ["-Wno-error=implicit-function-declaration",
              "-Wno-error=implicit-int", "-Wno-error=int-conversion",
              "-Wno-error=incompatible-pointer-types",
              "-Wno-error=return-mismatch"]
LIBS = ["-lm"]
COMPILE_TIMEOUT = 120

# Options from dg-options / dg-additional-options that are forwarded to both
# compilers; everything else there is GCC-internal tuning and is dropped.
FORWARD = re.compile(
    r"^(-std=\S+|-O[0-3s]?|-fwrapv|-fgnu89-inline|-fno-inline|-ffast-math"
    r"|-fno-strict-overflow|-finstrument-functions|-fno-builtin\S*"
    r"|-fno-common|-fomit-frame-pointer|-fpic|-D\S+)$")
OPT_LINE = re.compile(r"\{\s*dg-(?:additional-)?options\s+(.*)\}")
SKIP_LINE = re.compile(r"\{\s*dg-skip-if\s+(.*)")


def test_flags(text):
    """Extra flags for a test, or None when a dg-skip-if applies to us."""
    extra = []
    for line in text.splitlines():
        m = OPT_LINE.search(line)
        if m and "target" not in m.group(1):
            body = m.group(1)
            q = re.search(r'"([^"]*)"', body) or re.search(r"\{\s*([^}]*)\}", body)
            if q:
                extra += [o for o in q.group(1).split() if FORWARD.match(o)]
    for line in text.splitlines():
        m = SKIP_LINE.search(line)
        if not m or "*-*-*" not in m.group(1) or "!" in m.group(1):
            continue
        # { dg-skip-if "why" { *-*-* } "include-opts" "exclude-opts" }
        after = m.group(1).split("*-*-*", 1)[1]
        quoted = re.findall(r'"([^"]*)"', after)
        include = quoted[0].split() if quoted else []
        if not include or "*" in include or any(
                o in BASE_FLAGS + extra for o in include):
            return None
    return extra


def run_one(compiler_name, compiler, src, extra, work, timeout, cross=(),
            runner=()):
    """Compile and run one test; returns (status, detail)."""
    name = os.path.basename(src)[:-2]
    d = os.path.join(work, compiler_name, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    exe = os.path.join(d, "a.out")
    cmd = ([compiler] + list(cross) + BASE_FLAGS + PERMISSIVE + extra +
           [src, "-o", exe] + LIBS)
    try:
        c = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        return "compile-error", "compile timeout", cmd
    if c.returncode != 0:
        with open(os.path.join(d, "compile.log"), "wb") as f:
            f.write(c.stdout)
        first = c.stdout.decode(errors="replace").strip().splitlines()
        msg = next((l for l in first if "error" in l), first[0] if first else "")
        return "compile-error", "rc=%d %s" % (c.returncode, msg[:200]), cmd
    try:
        r = subprocess.run(list(runner) + [exe], cwd=d, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, start_new_session=True)
    except subprocess.TimeoutExpired:
        return "fail", "timeout after %ss" % timeout, cmd
    if r.returncode == 0:
        shutil.rmtree(d, ignore_errors=True)
        return "pass", "", cmd
    if r.returncode < 0:
        try:
            sig = signal.Signals(-r.returncode).name
        except ValueError:
            sig = str(-r.returncode)
        return "fail", "killed by %s" % sig, cmd
    return "fail", "exit %d" % r.returncode, cmd


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--neverc", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stride", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--target", default="",
                    help="a cross target: both compilers get --target=; "
                    "clang-22 links with lld, neverc with its own linker")
    ap.add_argument("--runner", default="",
                    help="what runs a cross binary (e.g. 'qemu-aarch64 -L "
                    "/usr/aarch64-linux-gnu')")
    a = ap.parse_args()
    t0 = time.monotonic()

    files = sorted(f for f in os.listdir(a.src) if f.endswith(".c"))
    total_files = len(files)
    stride = max(1, a.stride)
    files = [f for i, f in enumerate(files) if i % stride == a.offset % stride]
    if a.only:
        files = [f for f in files if re.search(a.only, f)]

    tests, skipped = [], []
    for f in files:
        with open(os.path.join(a.src, f), encoding="latin-1") as fh:
            extra = test_flags(fh.read())
        if extra is None:
            skipped.append(f[:-2])
        else:
            tests.append((f, extra))

    if not tests:
        print("torture: FAIL: no test selected (stride %d, only /%s/)"
              % (stride, a.only))
        return 2
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    compilers = [("clang", a.clang), ("neverc", a.neverc)]
    cross = {"clang": [], "neverc": []}
    if a.target:
        cross = {"clang": ["--target=" + a.target, "-fuse-ld=lld"],
                 "neverc": ["--target=" + a.target, "-fuse-ld=neverc"]}
    runner = a.runner.split()
    res = {}
    with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futs = {}
        for f, extra in tests:
            for cname, cpath in compilers:
                fut = pool.submit(run_one, cname, cpath,
                                  os.path.join(a.src, f), extra, a.work,
                                  a.timeout, cross[cname], runner)
                futs[fut] = (f[:-2], cname)
        for fut in cf.as_completed(futs):
            res[futs[fut]] = fut.result()
    wall = time.monotonic() - t0

    names = [f[:-2] for f, _ in tests]
    na = [n for n in names if res[(n, "clang")][0] == "compile-error"]
    clang_pass = [n for n in names if res[(n, "clang")][0] == "pass"]
    nev_pass = [n for n in names if res[(n, "neverc")][0] == "pass"]
    both = [n for n in clang_pass if res[(n, "neverc")][0] == "pass"]
    regress = [n for n in clang_pass if res[(n, "neverc")][0] != "pass"]
    better = [n for n in nev_pass if res[(n, "clang")][0] != "pass"]
    both_fail = [n for n in names if n not in na
                 and res[(n, "clang")][0] != "pass"
                 and res[(n, "neverc")][0] != "pass"]

    with open(a.results, "w") as out:
        out.write("test\tclang\tclang_detail\tneverc\tneverc_detail\n")
        for n in names:
            c, nv = res[(n, "clang")], res[(n, "neverc")]
            out.write("%s\t%s\t%s\t%s\t%s\n" % (n, c[0], c[1], nv[0], nv[1]))
        for n in skipped:
            out.write("%s\tskipped\t\tskipped\t\n" % n)

    for n in regress:
        st, detail, cmd = res[(n, "neverc")]
        print("TORTURE FAIL: %s (clang-22 passes; neverc %s: %s)"
              % (n, st, detail))
        print("    %s" % " ".join(cmd))
    for n in better:
        st, detail, _ = res[(n, "clang")]
        print("torture: note: %s passes with neverc, clang-22 %s: %s"
              % (n, st, detail))
    for n in both_fail:
        print("torture: note: %s fails with both (clang-22: %s; neverc: %s)"
              % (n, res[(n, "clang")][1], res[(n, "neverc")][1]))

    subset = ("every %d%s of %d files" % (stride, {1: "st", 2: "nd", 3: "rd"}
              .get(stride, "th"), total_files)) if stride > 1 else \
        "all %d files" % total_files
    if a.only:
        subset += ", matching /%s/" % a.only
    print()
    print("torture: gcc.c-torture/execute, %s; flags %s %s ... %s; "
          "run timeout %gs; %d jobs%s"
          % (subset, " ".join(BASE_FLAGS), " ".join(PERMISSIVE),
             " ".join(LIBS), a.timeout, a.jobs,
             "; target %s (clang-22 -fuse-ld=lld, neverc -fuse-ld=neverc), "
             "run by '%s'" % (a.target, a.runner) if a.target else ""))
    print()
    print("| gcc.c-torture/execute | tests |")
    print("|---|---:|")
    print("| run (compiled by both or either) | %d |" % (len(names) - len(na)))
    print("| skipped (dg-skip-if for all targets) | %d |" % len(skipped))
    print("| n/a (clang-22 cannot compile) | %d |" % len(na))
    print("| clang-22 pass | %d |" % len(clang_pass))
    print("| neverc pass | %d |" % len(nev_pass))
    print("| both pass | %d |" % len(both))
    print("| clang-22 pass, neverc fail | %d |" % len(regress))
    print("| neverc pass, clang-22 fail | %d |" % len(better))
    print("| both fail (compiled by clang-22) | %d |" % len(both_fail))
    print()
    print("torture: wall time %.1f s; results in %s" % (wall, a.results))
    if regress:
        print("torture: FAIL: %d test(s) pass with clang-22 and fail with "
              "neverc" % len(regress))
        return 1
    print("torture: PASS: neverc passes everything clang-22 passes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
