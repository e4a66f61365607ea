# lit configuration for neverc's integration tests (tests/lit/<domain>/).
# Run through CTest (tests/lit/CMakeLists.txt) or by hand:
#   lit -sv --param neverc=build/bin/neverc tests/lit/driver
import os
import shutil
import subprocess

import lit.formats

config.name = "neverc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".s", ".S", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = lit_config.params.get(
    "exec_root", os.path.join(config.test_source_root, "Output"))

neverc = lit_config.params.get("neverc")
if not neverc or not os.path.exists(neverc):
    lit_config.fatal("pass --param neverc=<path to the neverc binary>")
llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-22/bin")

# FileCheck, not, llvm-readelf ... come from LLVM 22's bin directory.
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, os.environ.get("PATH", "/usr/bin:/bin")])
for var in ("HOME", "TMPDIR", "LANG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%neverc", neverc))
# The object graph library's tool, built next to neverc.
config.substitutions.append(
    ("%objtool", os.path.join(os.path.dirname(neverc), "neverc-objtool")))
# The link library's tool (the graph linker's input reading and symbol
# resolution), built next to neverc.
config.substitutions.append(
    ("%linktool", os.path.join(os.path.dirname(neverc), "neverc-linktool")))
# The graph linker alone on a GNU ld command line (clang --ld-path=).
config.substitutions.append(
    ("%graphld", os.path.join(os.path.dirname(neverc), "neverc-ld")))
# Plugin modules: the SDK examples (%plugins) and the test plugins
# (%test_plugins); %cc is the host C compiler, %sdk_include the SDK headers.
for name in ("plugins", "test_plugins", "sdk_include", "cc"):
    value = lit_config.params.get(name)
    if value:
        config.substitutions.append(("%" + name, value))
config.substitutions.append(("%clang", os.path.join(llvm_bin, "clang")))

# neverc built with tracing/editing driver hooks (driver/test/HookProbe.cpp).
hook_probe = lit_config.params.get("hook_probe")
if hook_probe and os.path.exists(hook_probe):
    config.substitutions.append(("%hook_probe", hook_probe))
    config.available_features.add("hook-probe")

# Tracing exec calls proves jobs ran in-process; containers may forbid it.
strace = shutil.which("strace")
if strace and subprocess.run([strace, "-f", "-o", os.devnull, "true"],
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("strace")

# Tests that need to be root (e.g. /dev/null as an output: only root could
# replace it, so only root can prove it is not replaced).
if hasattr(os, "getuid") and os.getuid() == 0:
    config.available_features.add("root")

# graphviz renders --print-phases=dot when it is installed (not required).
if shutil.which("dot"):
    config.available_features.add("graphviz")

# AArch64 Linux: programs cross-linked here run under qemu-user against
# Debian's arm64 cross C library (scripts/install-deps.sh installs both).
qemu_aarch64 = shutil.which("qemu-aarch64")
if qemu_aarch64 and os.path.exists("/usr/aarch64-linux-gnu/lib/crt1.o"):
    config.available_features.add("aarch64-linux")
    config.substitutions.append(
        ("%run_aarch64",
         "timeout 120 " + qemu_aarch64 + " -L /usr/aarch64-linux-gnu"))
