#!/usr/bin/env python3
"""Allocation test: a loop of known shapes, once past its first iterations, asks the
system for no memory. Build each NAME.py given (a script whose loop runs
ingot.flag("steps") times) with ingot at -O2, run it with --steps=LOW and --steps=HIGH
under INGOT_ALLOC_STATS=1, and compare the counts the runtime prints at exit
("ingot: tensor memory: S blocks from the system, C from the cache, D results written
over a donated input, P placed in a planned slot, R placements refused"): S must not
grow with the steps, and R must be 0 (else the memory plan of compiler/emit_memplan.c
got a life wrong: it gave a value a slot still held). A script whose first line holds
"alloc: no-blocks" must not take even a cached block per step: every op of its loop
writes over a donated input, goes in a slot of its function's memory plan or makes no
tensor at all.

Usage: run_alloc.py --ingot PATH SCRIPT.py...
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOW, HIGH = 3, 12
STATS = re.compile(r"ingot: tensor memory: (\d+) blocks from the system, (\d+) from the "
                   r"cache, (\d+) results written over a donated input, (\d+) placed in a "
                   r"planned slot, (\d+) placements refused")


def counts(binary, steps, cwd):
    env = dict(os.environ, INGOT_ALLOC_STATS="1", INGOT_NUM_THREADS="1")
    p = subprocess.run([binary, f"--steps={steps}"], cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"{binary} --steps={steps} exited {p.returncode}:\n{p.stderr}")
    m = STATS.search(p.stderr)
    if m is None:
        raise RuntimeError(f"{binary} printed no allocation counts:\n{p.stderr}")
    return tuple(int(g) for g in m.groups())


def check(ingot, script, tmp):
    binary = Path(tmp, script.stem)
    p = subprocess.run([ingot, "build", "-O2", script.name, "-o", str(binary)],
                       cwd=script.parent, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return f"build failed:\n{p.stdout}{p.stderr}"
    low, high = counts(binary, LOW, script.parent), counts(binary, HIGH, script.parent)
    print(f"{script.name}: steps {LOW}: {low[0]} system, {low[1]} cached, {low[2]} donated, "
          f"{low[3]} placed; steps {HIGH}: {high[0]} system, {high[1]} cached, {high[2]} "
          f"donated, {high[3]} placed, {high[4]} refused")
    if high[4] != 0:
        return f"{high[4]} placements refused: the memory plan put a value in a held slot"
    if high[0] != low[0]:
        per_step = (high[0] - low[0]) / (HIGH - LOW)
        return f"{per_step:.1f} blocks from the system per step in the steady state"
    strict = "alloc: no-blocks" in script.read_text().splitlines()[0]
    if strict and high[1] != low[1]:
        per_step = (high[1] - low[1]) / (HIGH - LOW)
        return (f"{per_step:.1f} cached blocks per step: its ops should reuse donated inputs "
                f"or their function's memory plan")
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ingot", required=True)
    ap.add_argument("scripts", nargs="+", type=Path)
    args = ap.parse_args()
    args.ingot = str(Path(args.ingot).resolve())
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for script in args.scripts:
            script = script.resolve()
            try:
                problem = check(args.ingot, script, tmp)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                problem = str(e)
            if problem:
                failed += 1
                print(f"FAIL {script.name}: {problem}")
    print(f"{len(args.scripts) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
