#!/usr/bin/env python3
"""Leak test: build each NAME.py given (tests/leak/'s and the examples) with ingot,
run the program under valgrind's memcheck in the script's directory and fail on any
invalid read or write, any definite or indirect leak, or output other than NAME.out.
Then prove the check can fail: build each --canary script again with one ig_release
of a kernel's result removed from the generated C, and require valgrind to report
that tensor as definitely lost.

Entry point: main(). Standard library only. Prints one PASS/FAIL line per check and
exits 1 on any failure; exits 77 (meson's "skipped") only when valgrind is missing.

Usage: run_leak.py --ingot PATH --rt-include DIR --rt-lib PATH [--canary SCRIPT.py]...
                   SCRIPT.py...
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MESON_SKIP = 77
LEAK_EXIT = 99            # valgrind's exit code when it found an error
BUILD_TIMEOUT = 300
RUN_TIMEOUT = 900         # valgrind slows oneDNN's JIT code down a lot
VALGRIND = ["valgrind", "--leak-check=full", "--show-leak-kinds=definite,indirect",
            "--errors-for-leak-kinds=definite,indirect", f"--error-exitcode={LEAK_EXIT}"]
# Kernels whose results are fresh tensors (refcount 1): dropping the release of one
# leaks it. ig_constant/ig_string results are immortal, so they would not.
CANARY_KERNELS = ["ig_matmul", "ig_reduce_sum", "ig_add", "ig_mul", "ig_relu"]


def run(cmd, timeout, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)


def excerpt(text: str, head: int = 40, tail: int = 15) -> str:
    """valgrind's first reports and its summary, without the thousand lines between."""
    lines = text.splitlines()
    if len(lines) <= head + tail:
        return text
    return "\n".join(lines[:head] + [f"... ({len(lines) - head - tail} lines left out)"]
                     + lines[-tail:])


def valgrind_summary(stderr: str) -> str:
    """The lines of valgrind's report worth showing in a one-line verdict."""
    keep = [m.group(1).strip() for m in
            re.finditer(r"==\d+==\s+((?:definitely|indirectly) lost:.*|ERROR SUMMARY:.*)",
                        stderr)]
    return "; ".join(keep) or "no valgrind summary"


def check_clean(ingot: Path, script: Path, work: Path) -> bool:
    """The program as ingot builds it: no leak, no memory error, the expected output."""
    exe = work / script.stem
    b = run([str(ingot), "build", "-o", str(exe), str(script)], BUILD_TIMEOUT)
    if b.returncode != 0:
        print(f"FAIL {script.name}: ingot build exited {b.returncode}\n{b.stderr}")
        return False
    # In the script's directory, as the e2e tests run it: an example reads its data there.
    r = run(VALGRIND + [str(exe)], RUN_TIMEOUT, cwd=script.parent)
    label = f"{script.name} under valgrind"
    if r.returncode != 0:
        what = "leaks or memory errors" if r.returncode == LEAK_EXIT else f"exit {r.returncode}"
        print(f"FAIL {label}: {what} ({valgrind_summary(r.stderr)})\n{excerpt(r.stderr)}")
        return False
    golden = script.with_suffix(".out")
    want = golden.read_text() if golden.exists() else None
    if want is None or r.stdout != want:
        print(f"FAIL {label}: output differs from {golden.name}\n--- got\n{r.stdout}"
              f"--- expected\n{want}")
        return False
    print(f"PASS {label}: {valgrind_summary(r.stderr)}")
    return True


def drop_one_release(c_text: str):
    """The generated C with the release of one kernel result removed, and that
    tensor's name; (None, None) if no such release is there."""
    lines = c_text.splitlines(keepends=True)
    for kernel in CANARY_KERNELS:
        for i, line in enumerate(lines):
            m = re.match(rf"\s*IgTensor \*(t\d+\w*) = {kernel}\(", line)
            if not m:
                continue
            release = re.compile(rf"\s*ig_release\({m.group(1)}\);\s*$")
            for j in range(i + 1, len(lines)):
                if release.match(lines[j]):
                    return "".join(lines[:j] + lines[j + 1:]), f"{m.group(1)} = {kernel}(...)"
    return None, None


def check_canary(args, script: Path, work: Path) -> bool:
    """With one release removed, valgrind must report a definite leak: else this
    test could not fail, and its passes would mean nothing."""
    label = f"{script.name} with a release removed"
    e = run([str(args.ingot), "build", "--emit=c", str(script)], BUILD_TIMEOUT)
    if e.returncode != 0:
        print(f"FAIL {label}: ingot --emit=c exited {e.returncode}\n{e.stderr}")
        return False
    leaky, victim = drop_one_release(e.stdout)
    if leaky is None:
        print(f"FAIL {label}: no release of {', '.join(CANARY_KERNELS)} found to remove")
        return False
    c_file, exe = work / f"{script.stem}_leaky.c", work / f"{script.stem}_leaky"
    c_file.write_text(leaky)
    cc = os.environ.get("CC", "cc").split()
    # The flags ingot's driver gives cc (compiler/driver.c, compile_c).
    b = run(cc + ["-std=c11", "-O2", "-w", "-I", str(args.rt_include), str(c_file),
                  str(args.rt_lib), "-ldnnl", "-fopenmp", "-lm", "-lpthread", "-o", str(exe)],
            BUILD_TIMEOUT)
    if b.returncode != 0:
        print(f"FAIL {label}: cc exited {b.returncode}\n{b.stderr}")
        return False
    r = run(VALGRIND + [str(exe)], RUN_TIMEOUT)
    lost = re.search(r"definitely lost: ([\d,]+) bytes", r.stderr)
    if r.returncode != LEAK_EXIT or not lost or lost.group(1) == "0":
        print(f"FAIL {label}: valgrind did not report the leak of {victim} "
              f"(exit {r.returncode}; {valgrind_summary(r.stderr)})")
        return False
    print(f"PASS {label}: the leak of {victim} was caught ({valgrind_summary(r.stderr)})")
    return True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ingot", required=True, type=Path)
    ap.add_argument("--rt-include", required=True, type=Path)
    ap.add_argument("--rt-lib", required=True, type=Path)
    ap.add_argument("--canary", action="append", default=[], type=Path,
                    help="also check that a release removed from this script is caught")
    ap.add_argument("scripts", nargs="*", type=Path)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("SKIP: valgrind is not installed (scripts/lib.sh lists it; "
              "apt-get install valgrind)")
        return MESON_SKIP
    ok = True
    with tempfile.TemporaryDirectory(prefix="ingot-leak-") as tmp:
        for script in args.canary + args.scripts:
            ok = check_clean(args.ingot.resolve(), script.resolve(), Path(tmp)) and ok
        for script in args.canary:
            ok = check_canary(args, script.resolve(), Path(tmp)) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
