#!/usr/bin/env python3
"""Build the minimal plugin template against the SDK and load it.

  check_template.py build-tree --config-dir <build>/sdk/cmake --work DIR
      configure + build sdk/templates/minimal as its own CMake project with
      CMAKE_PREFIX_PATH=<config dir> (the build-tree NevercPluginSDKConfig).
  check_template.py installed --build-dir <build> --work DIR
      cmake --install <build> --prefix DIR/prefix --component neverc-pluginsdk,
      check the install tree, build the installed template with
      `cc -shared $(pkg-config --cflags neverc-plugin)` and with CMake against
      the installed config, and check the SameMajorVersion rules.

In both modes the produced MinimalPlugin.so must export neverc_plugin_entry
(nm -D) and pass the entry hand-off checks of tests/sdk/load_plugin.c.
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
PLUGIN_ID = "com.example.minimal"
ENTRY = "neverc_plugin_entry"


class Failure(Exception):
    pass


def run(cmd, env=None, cwd=None, expect_ok=True):
    print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    r = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    if expect_ok and r.returncode != 0:
        raise Failure("command failed (%d):\n%s%s" % (r.returncode, r.stdout, r.stderr))
    return r


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def check_exports(args, module):
    if not os.path.isfile(module):
        raise Failure("%s was not produced" % module)
    r = run([args.nm, "-D", "--defined-only", module])
    syms = [l.split()[-1] for l in r.stdout.splitlines() if l.strip()]
    if ENTRY not in syms:
        raise Failure("%s does not export %s; dynamic symbols: %s" % (module, ENTRY, syms))
    print("ok: %s exports %s" % (module, ENTRY))


def load(args, module, include_dir, work):
    exe = os.path.join(work, "load_plugin")
    run(shlex.split(args.cc) + ["-std=c11", "-Wall", "-Wextra", "-Werror", "-I", include_dir,
                                os.path.join(HERE, "load_plugin.c"), "-o", exe, "-ldl"])
    r = run([exe, module, PLUGIN_ID], expect_ok=False)
    sys.stdout.write(r.stdout + r.stderr)
    if r.returncode != 0:
        raise Failure("entry hand-off checks failed for %s" % module)


def cmake_build(args, source, prefix_path, work, extra=()):
    build = fresh(os.path.join(work, "build"))
    run([args.cmake, "-S", source, "-B", build, "-DCMAKE_PREFIX_PATH=" + prefix_path,
         "-DCMAKE_C_COMPILER=" + shlex.split(args.cc)[0], "-DCMAKE_BUILD_TYPE=Release"] + list(extra))
    run([args.cmake, "--build", build])
    return os.path.join(build, "MinimalPlugin.so")


def version_probe(args, config_dir, work, request, expect_found):
    src = fresh(os.path.join(work, "probe-src-%s" % (request or "none")))
    with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.20)\nproject(probe NONE)\n"
                "find_package(NevercPluginSDK %s REQUIRED)\n"
                "message(STATUS \"SDK ${NevercPluginSDK_VERSION} at ${NevercPluginSDK_INCLUDE_DIR}\")\n"
                "if(NOT EXISTS \"${NevercPluginSDK_SINGLE_HEADER}\" OR NOT EXISTS \"${NevercPluginSDK_MANIFEST}\")\n"
                "  message(FATAL_ERROR \"SDK paths broken\")\nendif()\n"
                "if(NOT TARGET NevercPluginSDK::headers)\n  message(FATAL_ERROR \"no target\")\nendif()\n"
                % request)
    r = run([args.cmake, "-S", src, "-B", os.path.join(src, "b"), "-DCMAKE_PREFIX_PATH=" + config_dir],
            expect_ok=False)
    found = r.returncode == 0
    if found != expect_found:
        raise Failure("find_package(NevercPluginSDK %s): expected %s, got %s\n%s%s" % (
            request, "found" if expect_found else "not found", "found" if found else "not found",
            r.stdout, r.stderr))
    print("ok: find_package(NevercPluginSDK %s) %s" % (request, "found" if found else "rejected"))


def mode_build_tree(args):
    work = fresh(args.work)
    module = cmake_build(args, os.path.join(REPO, "sdk", "templates", "minimal"), args.config_dir, work)
    check_exports(args, module)
    load(args, module, os.path.join(REPO, "sdk", "include"), work)


def mode_installed(args):
    work = fresh(args.work)
    prefix = os.path.join(work, "prefix")
    run([args.cmake, "--install", args.build_dir, "--prefix", prefix, "--component", "neverc-pluginsdk"])
    sdk = os.path.join(prefix, "pluginsdk")
    expected = ["include/neverc/Plugin/PluginCore.h", "include/neverc/Plugin/PluginPhaseSchema.h",
                "include/neverc/Plugin/PluginSource.h", "include/neverc/Plugin/PluginDriver.h",
                "include/neverc/Plugin/PluginPrep.h", "include/neverc/Plugin/NevercPluginAPI.h",
                "include/neverc/Plugin/PluginAST.h", "include/neverc/Plugin/PluginSema.h",
                "include/neverc/Plugin/Schema/PluginASTSchema.inc", "schemas/ASTSchema.json",
                "include/neverc/Plugin/PluginIR.h",
                "include/neverc/Plugin/Schema/PluginIRSchema.inc", "schemas/IRSchema.json",
                "include/neverc/Plugin/PluginTarget.h", "include/neverc/Plugin/PluginMIR.h",
                "include/neverc/Plugin/Schema/PluginMIRSchema.inc", "schemas/MIRSchema.json",
                "include/neverc/Plugin/PluginMC.h",
                "include/neverc/Plugin/Schema/PluginMCSchema.inc", "schemas/MCSchema.json",
                "include/neverc/Plugin/PluginObject.h",
                "include/neverc/Plugin/Schema/PluginObjectSchema.inc", "schemas/ObjectSchema.json",
                "include/neverc/Plugin/PluginLink.h", "include/neverc/Plugin/PluginLTO.h",
                "include/neverc/Plugin/Schema/PluginPhaseSchema.inc",
                "include/neverc/Plugin/Schema/PluginPrepSchema.inc", "schemas/PhaseSchema.json",
                "schemas/PrepSchema.json", "manifest/plugin.json", "templates/minimal/Plugin.c",
                "templates/minimal/CMakeLists.txt", "cmake/NevercPluginSDKConfig.cmake",
                "cmake/NevercPluginSDKConfigVersion.cmake", "pkgconfig/neverc-plugin.pc"]
    missing = [p for p in expected if not os.path.isfile(os.path.join(sdk, p))]
    if missing:
        raise Failure("install tree lacks: %s" % ", ".join(missing))
    print("ok: install tree complete under %s" % sdk)

    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(sdk, "pkgconfig"))
    r = run([args.pkg_config, "--cflags", "neverc-plugin"], env=env)
    cflags = shlex.split(r.stdout)
    if cflags != ["-I" + os.path.join(sdk, "include")]:
        raise Failure("pkg-config --cflags gave %r, expected -I%s/include" % (r.stdout, sdk))
    r = run([args.pkg_config, "--modversion", "neverc-plugin"], env=env)
    if r.stdout.strip() != args.version:
        raise Failure("pkg-config version %r != %r" % (r.stdout.strip(), args.version))
    if run([args.pkg_config, "--libs", "neverc-plugin"], env=env).stdout.strip():
        raise Failure("neverc-plugin.pc must not carry Libs")
    module = os.path.join(work, "MinimalPlugin.so")
    run(shlex.split(args.cc) + ["-shared", "-fPIC", "-std=c11", "-Wall", "-Wextra", "-pedantic",
                                "-Werror"] + cflags +
        [os.path.join(sdk, "templates", "minimal", "Plugin.c"), "-o", module], env=env)
    check_exports(args, module)
    load(args, module, os.path.join(sdk, "include"), work)

    config_dir = os.path.join(sdk, "cmake")
    cm_module = cmake_build(args, os.path.join(sdk, "templates", "minimal"), config_dir,
                            os.path.join(work, "cmake-template"))
    check_exports(args, cm_module)
    major = args.version.split(".")[0]
    version_probe(args, config_dir, work, "", True)
    version_probe(args, config_dir, work, "%s.0" % major, True)
    version_probe(args, config_dir, work, args.version + " EXACT", True)
    version_probe(args, config_dir, work, "%d.0" % (int(major) + 1), False)
    version_probe(args, config_dir, work, "%s.999" % major, False)
    if int(major) > 0:
        version_probe(args, config_dir, work, "%d.0" % (int(major) - 1), False)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("build-tree", "installed"))
    ap.add_argument("--config-dir")
    ap.add_argument("--build-dir")
    ap.add_argument("--work", required=True)
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--nm", default="nm")
    ap.add_argument("--pkg-config", default="pkg-config")
    ap.add_argument("--version", default="1.0.0")
    args = ap.parse_args()
    try:
        if args.mode == "build-tree":
            if not args.config_dir:
                ap.error("--config-dir is required")
            mode_build_tree(args)
        else:
            if not args.build_dir:
                ap.error("--build-dir is required")
            mode_installed(args)
    except Failure as e:
        sys.stderr.write("FAIL: %s\n" % e)
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
