#!/usr/bin/env python3
"""Interleaved timing of a few compile commands: one round runs each once,
in order, and the medians over the rounds are compared with the first.

On a noisy machine the hyperfine tables of bench.py can move by 10 % between
consecutive runs of the same command, because each configuration is timed in
a block of its own. Running the commands round-robin spreads that drift over
all of them, so the ratios are what to read. CPU time is the process's and
its children's user + system time (clang-22 spawns cc1).

  python3 tests/bench/compile/interleave.py --rounds 20 --cwd <src dir> \\
      --cmd clang-22='clang-22 -O0 -c lvm.c -o /tmp/a.o' \\
      --cmd neverc='build/bin/neverc -O0 -c lvm.c -o /tmp/b.o'

Every command must exit 0 (else the script stops and says which).
"""
import argparse
import os
import shlex
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import time_interleaved  # noqa: E402  (one timer for both)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--cwd", default=".")
    p.add_argument("--cmd", action="append", required=True,
                   metavar="NAME=COMMAND", help="first one is the baseline")
    a = p.parse_args()
    cmds = []
    for c in a.cmd:
        name, sep, line = c.partition("=")
        if not sep or not line:
            sys.exit("interleave: --cmd wants NAME=COMMAND, got %r" % c)
        cmds.append((name, shlex.split(line)))
    try:
        wall_s, cpu_s, peaks = time_interleaved([argv for _, argv in cmds],
                                                a.rounds, cwd=a.cwd)
    except RuntimeError as e:
        sys.exit("interleave: %s" % e)
    names = [n for n, _ in cmds]
    cpu = dict(zip(names, cpu_s))
    wall = dict(zip(names, wall_s))
    rss = dict(zip(names, peaks))
    base = cmds[0][0]
    cb, wb = statistics.median(cpu[base]), statistics.median(wall[base])
    print("| command | cpu (s) | wall (s) | peak RSS (MB) | cpu / %s | wall / %s |"
          % (base, base))
    print("|---|---:|---:|---:|---:|---:|")
    for name, _ in cmds:
        c, w = statistics.median(cpu[name]), statistics.median(wall[name])
        print("| %s | %.3f | %.3f | %d | %.3f | %.3f |"
              % (name, c, w, rss[name], c / cb, w / wb))
    print("\n%d rounds, medians; peak RSS is the largest of any process "
          "(ru_maxrss)." % a.rounds)


if __name__ == "__main__":
    main()
