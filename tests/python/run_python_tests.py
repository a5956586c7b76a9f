#!/usr/bin/env python3
"""Differential tests against CPython: every tests/python/NAME.py is a pure-Python
program whose expected output, NAME.expected, was produced by CPython and checked in.
`ingot build NAME.py` runs it in the build-time interpreter; its stdout must match
byte for byte, its stderr be empty and its exit code 0. The compiled program (which
has no tensor work left to do) must print nothing, and `ingot run --eager NAME.py`
must print the same as the build. When python3 is installed the harness also re-runs
CPython on the program, so a stale golden fails too.

INGOT_UPDATE_GOLDEN=1 rewrites the goldens from CPython's output (never from ingot's).
Entry point: main(). Standard library only. Prints PASS/FAIL per program and ends with
"N passed, N failed".
"""

import argparse
import concurrent.futures
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 300   # seconds for one program
WORKERS = 2     # the machines this runs on are small and shared
MESON_SKIP = 77
UPDATE = os.environ.get("INGOT_UPDATE_GOLDEN") == "1"


def run(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", "timed out\n"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def diff(expected, actual, name, what):
    return "".join(difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                        fromfile=f"{name}.expected (CPython)", tofile=f"{name}: {what}"))


def check(script: Path, ingot: str, cpython: str):
    """Returns (name, failures): a list of (title, detail)."""
    failures = []
    golden = script.with_suffix(".expected")
    if cpython:
        code, out, err = run([cpython, script.name], script.parent)
        if code != 0:
            failures.append((f"CPython itself fails on it (exit {code})", err))
            return script.name, failures
        if UPDATE:
            golden.write_text(out, encoding="utf-8")
    if not golden.exists():
        return script.name, [(f"no {golden.name} (make it with CPython: INGOT_UPDATE_GOLDEN=1)", "")]
    expected = golden.read_text(encoding="utf-8")
    if cpython and out != expected:
        failures.append((f"{golden.name} is not CPython's output", diff(expected, out, script.stem, "python3")))
    with tempfile.TemporaryDirectory(prefix="ingot-py-") as tmp:
        binary = Path(tmp) / script.stem
        code, out, err = run([ingot, "build", script.name, "-o", str(binary)], script.parent)
        if out != expected:
            failures.append(("ingot build's output differs from CPython's", diff(expected, out, script.stem, "ingot")))
        if code != 0 or err:
            failures.append((f"ingot build: exit {code}, expected 0 and no stderr", err))
            return script.name, failures
        code, out, err = run([str(binary)], script.parent)
        if code != 0 or out or err:
            failures.append((f"the compiled program: exit {code}, expected 0 and no output", out + err))
    code, out, err = run([ingot, "run", "--eager", script.name], script.parent)
    if out != expected:
        failures.append(("ingot run --eager's output differs from CPython's",
                         diff(expected, out, script.stem, "ingot run --eager")))
    if code != 0 or err:
        failures.append((f"ingot run --eager: exit {code}, expected 0 and no stderr", err))
    return script.name, failures


def main(argv):
    ap = argparse.ArgumentParser(description="differential tests against CPython")
    ap.add_argument("--ingot", required=True)
    ap.add_argument("--filter", default="")
    ap.add_argument("root")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    scripts = [p for p in sorted(root.glob("*.py"))
               if not p.name.startswith("_") and p.resolve() != Path(__file__).resolve() and args.filter in p.name]
    if not scripts:
        print("0 passed, 0 failed")
        return MESON_SKIP
    cpython = shutil.which("python3") or ""
    if not cpython:
        print("note: python3 is not installed: the goldens are not re-checked against CPython")
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for name, failures in pool.map(lambda s: check(s, str(Path(args.ingot).resolve()), cpython), scripts):
            if not failures:
                passed += 1
                print(f"PASS {name}")
                continue
            failed += 1
            for title, detail in failures:
                print(f"FAIL {name}: {title}")
                if detail:
                    sys.stdout.write(detail if detail.endswith("\n") else detail + "\n")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
