#!/usr/bin/env python3
"""End-to-end tests: compile each tests/e2e/**/NAME.py with ingot, run it, and
compare everything it prints with the golden files next to it (see README.md).

Entry point: main(). Standard library only. Prints one PASS/FAIL line per test,
a unified diff per mismatch, and ends with "N passed, N failed".
"""

import argparse
import concurrent.futures
import difflib
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

HEADER_PREFIX = "# ingot-test:"
BUILD_TIMEOUT = 300   # seconds for one ingot invocation
RUN_TIMEOUT = 60      # seconds for one compiled program
CC_TIMEOUT = 120      # seconds for the -fsyntax-only check
WORKERS = 2           # the machines this runs on are small and shared
# Flags the emitted C must be clean under (STYLE.md: "End-to-end tests compile it
# with -Wall -Wextra -Werror").
CC_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only"]
MESON_SKIP = 77       # meson's exit code for "skipped"

UPDATE = os.environ.get("INGOT_UPDATE_GOLDEN") == "1"
print_lock = threading.Lock()


class HeaderError(Exception):
    pass


@dataclass
class Spec:
    """What one test expects, from its header line and which goldens exist."""
    args: list = field(default_factory=list)
    build_args: list = field(default_factory=list)
    eager_args: list = field(default_factory=list)
    exit: int = 0
    build_exit: int = 0
    eager_exit: int = None      # None: the same as exit
    eager_max_rss_mb: int = 0   # 0: not checked
    float_tolerance: float = 0.0  # 0: floating-point numbers must match exactly
    mask_timings: bool = False    # durations ("2ms/step", "ETA: 3s") become "<t>"
    mask_floats: bool = False     # numbers with a point or an exponent become "<f>"
    c_contains: list = field(default_factory=list)  # lines the emitted C must have
    c_contains_optimized: list = field(default_factory=list)  # the same, but not at -O0


@dataclass
class Result:
    name: str
    failures: list = field(default_factory=list)   # (title, detail) pairs
    checks: list = field(default_factory=list)     # the checks that actually ran
    notes: list = field(default_factory=list)      # e.g. goldens rewritten

    def fail(self, title, detail=""):
        self.failures.append((title, detail))


def parse_header(script: Path, has_err: bool) -> Spec:
    """Read the optional `# ingot-test: key=value ...` first line. Unknown keys are
    an error so that a typo cannot silently turn a check off."""
    spec = Spec(build_exit=1 if has_err else 0)
    with script.open(encoding="utf-8", errors="replace") as f:
        first = f.readline().rstrip("\n")
        later = [n for n, line in enumerate(f, 2) if line.startswith(HEADER_PREFIX)]
    if later:
        # A header anywhere else would be a comment, its options silently unused.
        raise HeaderError(f"a header line must be the first line, not line {later[0]}")
    if not first.startswith(HEADER_PREFIX):
        return spec
    try:
        words = shlex.split(first[len(HEADER_PREFIX):])
    except ValueError as e:
        raise HeaderError(f"bad header line: {e}") from None
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise HeaderError(f"header item '{word}' is not key=value")
        try:
            if key == "args":
                spec.args = shlex.split(value)
            elif key == "exit":
                spec.exit = int(value)
            elif key == "build-exit":
                spec.build_exit = int(value)
            elif key == "build-args":
                spec.build_args = shlex.split(value)
            elif key == "eager-args":
                spec.eager_args = shlex.split(value)
            elif key == "eager-exit":
                spec.eager_exit = int(value)
            elif key == "eager-max-rss-mb":
                spec.eager_max_rss_mb = int(value)
            elif key == "c-contains":
                spec.c_contains.append(value)
            elif key == "c-contains-optimized":
                spec.c_contains_optimized.append(value)
            elif key == "mask-timings":
                spec.mask_timings = value == "1"
                if value not in ("0", "1"):
                    raise ValueError("mask-timings is 0 or 1")
            elif key == "mask-floats":
                spec.mask_floats = value == "1"
                if value not in ("0", "1"):
                    raise ValueError("mask-floats is 0 or 1")
            elif key == "float-tolerance":
                spec.float_tolerance = float(value)
                if not 0 < spec.float_tolerance < 1e-2:
                    raise ValueError("a relative tolerance must be in (0, 0.01)")
            else:
                raise HeaderError(f"unknown header key '{key}' (known: args, build-args, exit, "
                                  "build-exit, eager-args, eager-exit, eager-max-rss-mb, "
                                  "float-tolerance, mask-timings, mask-floats, c-contains, "
                                  "c-contains-optimized)")
        except ValueError as e:
            raise HeaderError(f"bad value for '{key}': {e}") from None
    return spec


def run(cmd, cwd, timeout):
    """Run cmd, capturing text output. Returns (exit code, stdout, stderr); a
    timeout is reported as exit code None."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return None, decode(e.stdout), decode(e.stderr)
    except OSError as e:
        return 127, "", f"cannot run {cmd[0]}: {e.strerror}\n"
    return p.returncode, decode(p.stdout), decode(p.stderr)


def run_measured(cmd, cwd, timeout):
    """Like run(), also returning the child's peak resident set in KiB (None after a
    timeout or when it could not start)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        except OSError as e:
            return 127, "", f"cannot run {cmd[0]}: {e.strerror}\n", None
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            p.kill()

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)   # reaped: Popen must not wait
        out.seek(0)
        err.seek(0)
        if timed_out.is_set():
            return None, decode(out.read()), decode(err.read()), None
        return p.returncode, decode(out.read()), decode(err.read()), usage.ru_maxrss


def decode(data):
    if data is None:
        return ""
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data


def describe_exit(code):
    if code is None:
        return "timed out"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit {code}"


def read_golden(path: Path):
    """A missing golden means the output must be empty."""
    return path.read_text(encoding="utf-8") if path.exists() else ""


# A number as Ingot, NumPy and Python print them. An integer has neither a point
# nor an exponent; anything else is a floating-point number.
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")


def is_integer_text(word):
    return not any(c in word for c in ".eE")


def floats_close(expected, actual, tolerance):
    a, b = float(expected), float(actual)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= tolerance * max(abs(a), abs(b))


def outputs_match(expected: str, actual: str, tolerance: float):
    """Equal texts, or (with a tolerance) texts that differ only in floating-point
    numbers within that relative tolerance. Everything else, integers included,
    must match exactly: a float32 sum's last digits depend on the order oneDNN adds
    in, which depends on the CPU's instruction set; a count or a word does not."""
    if expected == actual:
        return True
    if not tolerance:
        return False
    exp_parts, act_parts = NUMBER.split(expected), NUMBER.split(actual)
    exp_nums, act_nums = NUMBER.findall(expected), NUMBER.findall(actual)
    if exp_parts != act_parts or len(exp_nums) != len(act_nums):
        return False
    for e, a in zip(exp_nums, act_nums):
        if e == a:
            continue
        if is_integer_text(e) and is_integer_text(a):
            return False
        if not floats_close(e, a, tolerance):
            return False
    return True


def check_golden(res: Result, what: str, golden: Path, actual: str, create=False,
                 may_update=True, tolerance=0.0):
    """Compare actual with golden (floats within the relative tolerance, if one is
    given); on mismatch either rewrite the golden (INGOT_UPDATE_GOLDEN=1 and
    may_update; a missing one only when create is set and the output is non-empty)
    or record a failure with a unified diff."""
    expected = read_golden(golden)
    if outputs_match(expected, actual, tolerance):
        return
    if UPDATE and may_update and (golden.exists() or (create and actual)):
        golden.write_text(actual, encoding="utf-8")
        res.notes.append(f"updated {golden.name}")
        return
    diff = "".join(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=f"{res.name}: {golden.name} (expected)",
        tofile=f"{res.name}: {what} (actual)"))
    if diff and not diff.endswith("\n"):
        diff += "\n"
    res.fail(f"{what} differs from {golden.name}", diff)


def check_exit(res: Result, what: str, code, expected: int, detail: str):
    if code != expected:
        res.fail(f"{what}: {describe_exit(code)}, expected exit {expected}", detail)
        return False
    return True


def check_emitted_c(res, args, script, tmp, spec):
    """The emitted C must compile cleanly under strict warnings, and hold each line
    the header's c-contains= items name (a line's text, leading spaces aside), and
    c-contains-optimized='s unless the run is at -O0."""
    res.checks.append("c")
    code, c_src, err = run([args.ingot, "build", *args.opt, "--emit=c", script.name],
                           script.parent, BUILD_TIMEOUT)
    if not check_exit(res, "ingot build --emit=c", code, 0, err):
        return
    lines = {line.strip() for line in c_src.splitlines()}
    wanted = [(w, "c-contains") for w in spec.c_contains]
    if args.opt != ["-O0"]:
        wanted += [(w, "c-contains-optimized") for w in spec.c_contains_optimized]
    for want, key in wanted:
        if want.strip() not in lines:
            res.fail(f"the emitted C has no line '{want}' ({key}=)")
    c_file = tmp / (script.stem + ".c")
    c_file.write_text(c_src, encoding="utf-8")
    cmd = [*shlex.split(args.cc), *CC_FLAGS, f"-I{args.rt_include}", str(c_file)]
    code, out, err = run(cmd, tmp, CC_TIMEOUT)
    if code != 0:
        res.fail(f"emitted C does not compile cleanly ({describe_exit(code)}): "
                 + " ".join(shlex.quote(c) for c in cmd), out + err)


def check_emit(res, args, script, kind):
    """A printed stage (--emit=graph, --emit=autograph, --emit=dot) against NAME.<kind>,
    if present."""
    golden = script.with_suffix("." + kind)
    if not golden.exists():
        return
    res.checks.append(kind)
    code, out, err = run([args.ingot, "build", f"--emit={kind}", script.name], script.parent,
                         BUILD_TIMEOUT)
    if check_exit(res, f"ingot build --emit={kind}", code, 0, err):
        check_golden(res, f"--emit={kind} output", golden, out)
        if kind.startswith("dot"):
            check_dot_renders(res, kind, out)


def check_dot_renders(res, kind, text):
    """Graphviz must read what --emit=dot prints: `dot -Tsvg` exits 0 with an SVG and
    says nothing on stderr (its warnings are mistakes in the picture too). Without dot
    (scripts/test installs it), a note says it was not checked."""
    dot = shutil.which("dot")
    if dot is None:
        res.notes.append(f"--emit={kind} not checked with dot -Tsvg: Graphviz's dot is not "
                         "installed (scripts/test installs it)")
        return
    res.checks.append(f"{kind} -Tsvg")
    code, out, err = run_input([dot, "-Tsvg"], text, CC_TIMEOUT)
    if code != 0 or err:
        res.fail(f"dot -Tsvg rejects the --emit={kind} output ({describe_exit(code)})", err)
    elif "<svg" not in out:
        res.fail(f"dot -Tsvg wrote no SVG for the --emit={kind} output")


def run_input(cmd, text, timeout):
    """Run cmd with text on its stdin. Returns (exit code, stdout, stderr); a timeout
    is reported as exit code None."""
    try:
        p = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return None, decode(e.stdout), decode(e.stderr)
    except OSError as e:
        return 127, "", f"cannot run {cmd[0]}: {e.strerror}\n"
    return p.returncode, decode(p.stdout), decode(p.stderr)


TIMING = re.compile(r"\b\d+(?:\.\d+)?(?:us|ms|s)\b|\b\d+:\d\d(?::\d\d)?\b")


FLOAT = re.compile(r"(?<![\w.])[-+]?(?:(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)")


def masked(text: str, spec) -> str:
    """Output with its durations (Keras's progress bar: "0s 2ms/step") as "<t>", and
    its floating-point numbers as "<f>", when the header asks: durations depend on the
    machine and the moment; the numbers of a training run depend, past any tolerance,
    on the order of float sums (the CPU's instruction set, the number of threads)."""
    if spec.mask_timings:
        text = TIMING.sub("<t>", text)
    if spec.mask_floats:
        text = FLOAT.sub("<f>", text)
    return text


def with_scratch(words, scratch: Path):
    """Run-time arguments with {scratch} replaced by a fresh, empty directory of the
    run's own (tests that write files: checkpoints, .npy)."""
    return [w.replace("{scratch}", str(scratch)) for w in words]


def without_scratch(text: str, scratch: Path):
    """Output with the scratch directory written back as {scratch}, so goldens hold."""
    return text.replace(str(scratch), "{scratch}")


def check_eager(res, args, script, spec):
    """Eager mode: `ingot run --eager` prints build-time output then the program's,
    and must match the .eager golden, its stderr the .eager.err golden (none: empty).
    Only tests with a .eager file run it. With eager-max-rss-mb, its peak memory is
    bounded too, except in sanitizer builds (ASan's shadow and quarantine)."""
    golden = script.with_suffix(".eager")
    if not golden.exists():
        return
    res.checks.append("eager")
    cmd = [args.ingot, "run", "--eager", *spec.eager_args, script.name]
    with tempfile.TemporaryDirectory(prefix="ingot-e2e-scratch-") as scratchname:
        scratch = Path(scratchname)
        if spec.args:
            cmd += ["--", *with_scratch(spec.args, scratch)]
        code, out, err, rss_kb = run_measured(cmd, script.parent, BUILD_TIMEOUT)
        out, err = masked(without_scratch(out, scratch), spec), without_scratch(err, scratch)
    expected_exit = spec.exit if spec.eager_exit is None else spec.eager_exit
    check_golden(res, "--eager stderr", script.with_suffix(".eager.err"), err, create=True,
                 may_update=code == expected_exit)
    if not check_exit(res, "ingot run --eager", code, expected_exit, ""):
        return
    check_golden(res, "--eager output", golden, out, tolerance=spec.float_tolerance)
    if spec.eager_max_rss_mb and not args.sanitized:
        res.checks.append("eager memory")
        if rss_kb > spec.eager_max_rss_mb * 1024:
            res.fail(f"ingot run --eager peaked at {rss_kb // 1024} MiB resident, "
                     f"more than the {spec.eager_max_rss_mb} MiB the header allows")


def run_test(script: Path, root: Path, args) -> Result:
    res = Result(script.relative_to(root).as_posix())
    goldens = {ext: script.with_suffix(ext) for ext in (".build", ".err", ".out", ".stderr")}
    try:
        spec = parse_header(script, goldens[".err"].exists())
    except HeaderError as e:
        res.fail(str(e))
        return res
    with tempfile.TemporaryDirectory(prefix="ingot-e2e-") as tmpname:
        tmp = Path(tmpname)
        binary = tmp / script.stem
        # Relative file name, run from the script's directory: diagnostics then
        # read "NAME.py:3:5: ..." whatever the checkout path is.
        code, out, err = run([args.ingot, "build", *args.opt, *spec.build_args, script.name,
                              "-o", str(binary)], script.parent, BUILD_TIMEOUT)
        res.checks.append("build")
        check_golden(res, "build stdout", goldens[".build"], out, create=True,
                     tolerance=spec.float_tolerance)
        # Rewriting .err is only right when the build failed as the test says it
        # must; an exit code is never updated.
        check_golden(res, "build stderr", goldens[".err"], err,
                     may_update=code == spec.build_exit)
        # No detail: the stderr comparison above already shows any unexpected stderr.
        if not check_exit(res, "ingot build", code, spec.build_exit, ""):
            return res
        if spec.build_exit != 0:
            # An expected build failure: nothing to run, but the same script may work
            # eagerly (values known at once), which its .eager golden then shows.
            check_eager(res, args, script, spec)
            return res
        if not binary.is_file():
            res.fail(f"ingot build exited 0 but wrote no {binary.name}")
            return res
        res.checks.append("run")
        scratch = tmp / "scratch"
        scratch.mkdir()
        code, out, err = run([str(binary), *with_scratch(spec.args, scratch)], script.parent,
                             RUN_TIMEOUT)
        out, err = masked(without_scratch(out, scratch), spec), without_scratch(err, scratch)
        check_golden(res, "program stdout", goldens[".out"], out, create=True,
                     tolerance=spec.float_tolerance)
        if goldens[".stderr"].exists():
            check_golden(res, "program stderr", goldens[".stderr"], err)
            err = ""   # shown by the comparison if it matters
        check_exit(res, "program", code, spec.exit, err)
        check_emitted_c(res, args, script, tmp, spec)
        check_emit(res, args, script, "autograph")
        check_emit(res, args, script, "graph")
        check_emit(res, args, script, "dot")
        check_emit(res, args, script, "dot-all")
        check_eager(res, args, script, spec)
    return res


def find_tests(root: Path, filt):
    me = Path(__file__).resolve()
    tests = []
    for p in sorted(root.rglob("*.py")):
        # A script named _*.py is a module the tests import, not a test.
        if p.resolve() == me or "__pycache__" in p.parts or p.name.startswith("_"):
            continue
        if filt and filt not in p.relative_to(root).as_posix():
            continue
        tests.append(p)
    return tests


def report(res: Result):
    with print_lock:
        for note in res.notes:
            print(f"NOTE {res.name}: {note}")
        if not res.failures:
            print(f"PASS {res.name} ({', '.join(res.checks)})")
        else:
            for title, detail in res.failures:
                print(f"FAIL {res.name}: {title}")
                if detail:
                    sys.stdout.write(detail if detail.endswith("\n") else detail + "\n")
        sys.stdout.flush()


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Ingot end-to-end tests")
    ap.add_argument("--ingot", required=True, help="the ingot executable")
    ap.add_argument("--rt-include", required=True, help="runtime include directory")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"),
                    help="C compiler for the emitted-C check (default: $CC or cc)")
    ap.add_argument("--filter", default="", help="only tests whose path contains this")
    ap.add_argument("--sanitized", action="store_true",
                    help="ingot is built with sanitizers: memory bounds are not checked")
    ap.add_argument("--opt", choices=["-O0", "-O1", "-O2", "-O3"],
                    help="build every program at this level (default: ingot's, -O2); the "
                         "goldens hold at every level")
    ap.add_argument("root", help="directory holding the tests")
    args = ap.parse_args(argv)
    args.opt = [args.opt] if args.opt else []
    args.ingot = str(Path(args.ingot).resolve())
    args.rt_include = str(Path(args.rt_include).resolve())
    if not os.access(args.ingot, os.X_OK):
        ap.error(f"--ingot {args.ingot} is not an executable")
    if not Path(args.rt_include, "ingot", "rt.h").is_file():
        ap.error(f"--rt-include {args.rt_include} has no ingot/rt.h")
    return args


def main(argv):
    args = parse_args(argv)
    # One OpenMP thread per program (unless the caller chose): meson runs two test
    # programs at once, and on a two-core machine two programs of two spinning threads
    # each run ten times slower (a training example then missed its 60 s). The goldens
    # hold for any number of threads; the unit and numeric tests run with every core.
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    root = Path(args.root).resolve()
    tests = find_tests(root, args.filter)
    if not tests:
        # No test is not a pass: tell meson it was skipped.
        print(f"no tests found under {root}" + (f" matching '{args.filter}'" if args.filter else ""))
        print("0 passed, 0 failed")
        return MESON_SKIP
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for res in pool.map(lambda t: run_test(t, root, args), tests):
            report(res)
            if res.failures:
                failed += 1
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
