#!/usr/bin/env python3
"""Numeric tests: every tests/numeric/cases/OP.py is built with ingot and run, and also
run with `ingot run --eager`; each case's dtype and shape (printed at build time) and
values (tf.print at run time) are compared with OP.expected, which NumPy produced
(gen_numeric.py), using the tolerances in its header.

Entry point: main(). Standard library only (no NumPy). Prints PASS/FAIL per op, one
line per failing case, and ends with "N ops passed, N failed".

When a whole script fails to build or run (an op the compiler lacks), every case is
built and run on its own, so one missing variant does not hide the other results.
"""

import argparse
import concurrent.futures
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

WORKERS = 2          # the machines this runs on are small and shared
MESON_SKIP = 77
BUILD_TIMEOUT = 300
RUN_TIMEOUT = 60
MAX_DETAIL = 300     # characters of a value list shown in a failure line
MAX_CASE_LIST = 80   # characters of a "cases 1-3,7,..." list
SHOWN_FAILURES = 12  # failing cases listed per op without --verbose
INT_DTYPES = {"int32", "int64", "bool"}

# Output lines: `case N: DTYPE SHAPE` from print() at build time, `case N = VALUES`
# from tf.print (VALUES may continue on following lines: rows of a matrix).
META_RE = re.compile(r"^case (\d+): (.*)$")
VALUE_RE = re.compile(r"^case (\d+) = ?(.*)$")
LOCATION_RE = re.compile(r"\S+\.py:\d+:\d+: ")
print_lock = threading.Lock()


# ---- The expectations ----------------------------------------------------------------

@dataclass
class Expect:
    n: int
    meta: str = None           # "float32 (2, 3)": the build-time line after "case N: "
    eager_meta: str = None     # the same for eager mode when the static shape has None
    values: list = None        # the expected elements, as text
    check: str = None          # "dropout 0.5": a property check instead of values

    @property
    def dtype(self):
        return self.meta.split(" ", 1)[0]

    @property
    def shape(self):
        """The run-time shape: the eager line's when the build-time one has None."""
        return parse_shape((self.eager_meta or self.meta).split(" ", 1)[1])


@dataclass
class OpFile:
    name: str
    script: Path
    tol: dict                  # dtype -> (rtol, atol)
    cases: dict                # n -> Expect


class FormatError(Exception):
    pass


def parse_shape(text):
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        raise FormatError(f"bad shape '{text}'")
    inner = text[1:-1].strip().rstrip(",")
    return [int(d) for d in inner.split(",")] if inner else []


def parse_expected(script: Path) -> OpFile:
    path = script.with_suffix(".expected")
    if not path.exists():
        raise FormatError(f"no {path.name} (run gen_numeric.py)")
    tol, cases = {}, {}

    def case(n):
        return cases.setdefault(n, Expect(n))
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        where = f"{path.name}:{lineno}"
        if line.startswith("tolerance "):
            for item in line[len("tolerance "):].split(";"):
                words = item.split()
                try:
                    kv = dict(w.split("=", 1) for w in words[1:])
                    tol[words[0]] = (float(kv["rtol"]), float(kv["atol"]))
                except (IndexError, KeyError, ValueError):
                    raise FormatError(f"{where}: bad tolerance item '{item.strip()}'") from None
            continue
        m = META_RE.match(line)
        if m:
            case(int(m.group(1))).meta = m.group(2)
            continue
        m = VALUE_RE.match(line)
        if m:
            case(int(m.group(1))).values = m.group(2).split()
            continue
        m = re.match(r"^eager (\d+): (.*)$", line)
        if m:
            case(int(m.group(1))).eager_meta = m.group(2)
            continue
        m = re.match(r"^check (\d+) (.*)$", line)
        if m:
            case(int(m.group(1))).check = m.group(2)
            continue
        raise FormatError(f"{where}: cannot read '{line}'")
    for n, c in cases.items():
        if c.meta is None or c.values is None:
            raise FormatError(f"{path.name}: case {n} lacks its 'case {n}:' or 'case {n} =' line")
    if "float32" not in tol or "float64" not in tol:
        raise FormatError(f"{path.name}: no 'tolerance' line for float32 and float64")
    return OpFile(script.stem, script, tol, cases)


# ---- The program's output -------------------------------------------------------------

def parse_output(text):
    """Returns ({n: meta text}, {n: value text}) from build-time and tf.print lines;
    a value's continuation lines (matrix rows) are joined to it."""
    metas, values = {}, {}
    current = None
    for line in text.splitlines():
        m = META_RE.match(line)
        if m:
            metas[int(m.group(1))] = m.group(2)
            current = None
            continue
        m = VALUE_RE.match(line)
        if m:
            current = int(m.group(1))
            values[current] = m.group(2)
            continue
        if current is not None:
            values[current] += "\n" + line
    return metas, values


TOKEN_RE = re.compile(r"\[|\]|[^\s\[\]]+")


def parse_tensor(text):
    """tf.print's text of one tensor -> (nested lists of element strings, or one string
    for a scalar; and whether '...' appeared). Raises FormatError on bad nesting."""
    tokens = TOKEN_RE.findall(text)
    if not tokens:
        return [], False   # a bool tensor with no elements prints nothing at all
    ellipsis = "..." in tokens
    tokens = [t for t in tokens if t != "..."]
    if tokens[0] != "[":
        if len(tokens) != 1:
            raise FormatError(f"expected one scalar, got '{text}'")
        return tokens[0], ellipsis
    stack = [[]]
    for t in tokens:
        if t == "[":
            stack.append([])
        elif t == "]":
            if len(stack) < 2:
                raise FormatError(f"unbalanced ']' in '{text}'")
            done = stack.pop()
            stack[-1].append(done)
        else:
            if len(stack) < 2:
                raise FormatError(f"element outside brackets in '{text}'")
            stack[-1].append(t)
    if len(stack) != 1 or len(stack[0]) != 1:
        raise FormatError(f"unbalanced brackets in '{text}'")
    return stack[0][0], ellipsis


def nested_shape_and_flat(v):
    """Shape and C-order elements of nested lists; FormatError if ragged."""
    if isinstance(v, str):
        return [], [v]
    if not v:
        return [0], []
    parts = [nested_shape_and_flat(x) for x in v]
    inner = parts[0][0]
    if any(p[0] != inner for p in parts):
        raise FormatError("ragged nesting")
    return [len(v)] + inner, [e for p in parts for e in p[1]]


# ---- Comparing -------------------------------------------------------------------------

def to_f32(x):
    """Round a double to float32, as the tensor holds it."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def parse_element(tok, dtype):
    if dtype == "bool":
        if tok not in ("0", "1"):
            raise ValueError(tok)
        return int(tok)
    if dtype in ("int32", "int64"):
        return int(tok)
    v = float(tok)
    return to_f32(v) if dtype == "float32" else v


def close(got, want, dtype, tol):
    if dtype in INT_DTYPES:
        return got == want
    if math.isnan(want) or math.isnan(got):
        return math.isnan(want) and math.isnan(got)
    if math.isinf(want) or math.isinf(got):
        return got == want
    rtol, atol = tol[dtype]
    return abs(got - want) <= atol + rtol * abs(want)


def short(items):
    s = " ".join(items)
    return s if len(s) <= MAX_DETAIL else s[:MAX_DETAIL] + " ..."


def compare_case(op: OpFile, exp: Expect, meta, value_text, eager):
    """Returns None if the case passes, else a one-line reason."""
    want_meta = exp.eager_meta if (eager and exp.eager_meta) else exp.meta
    if meta is None:
        return "no build-time 'case N:' line (dtype and shape) was printed"
    if meta != want_meta:
        return f"dtype/shape: expected '{want_meta}', got '{meta}'"
    if value_text is None:
        return "no tf.print 'case N =' line was printed"
    dtype, shape = exp.dtype, exp.shape
    size = math.prod(shape)
    try:
        nested, ellipsis = parse_tensor(value_text)
        if size == 0:
            # TensorFlow prints an empty tensor as brackets (and '...') with no element.
            flat = [t for t in TOKEN_RE.findall(value_text) if t not in ("[", "]", "...")]
            if flat:
                return f"expected no elements (shape {shape}), got '{value_text}'"
            return None
        if ellipsis:
            return f"output was summarized ('...') despite summarize=-1: '{value_text}'"
        got_shape, flat = nested_shape_and_flat(nested)
    except FormatError as e:
        return f"cannot parse tf.print output: {e}"
    if got_shape != shape:
        return f"printed value has shape {got_shape}, expected {shape}"
    try:
        got = [parse_element(t, dtype) for t in flat]
        want = [parse_element(t, dtype) for t in exp.values]
    except ValueError as e:
        return f"bad {dtype} element '{e}' in '{short(flat)}'"
    if exp.check:
        return check_property(exp.check, got, want, dtype, op.tol)
    if len(want) != len(got):
        return f"expected {len(want)} elements, got {len(got)}"
    bad = [i for i, (g, w) in enumerate(zip(got, want)) if not close(g, w, dtype, op.tol)]
    if bad:
        i = bad[0]
        tol = "exactly" if dtype in INT_DTYPES else "rtol=%g atol=%g" % op.tol[dtype]
        return (f"{len(bad)} of {len(want)} elements differ ({tol}); first at flat index {i}: "
                f"expected {exp.values[i]}, got {flat[i]}\n      expected: {short(exp.values)}\n"
                f"      got:      {short(flat)}")
    return None


def check_property(check, got, x, dtype, tol):
    """dropout RATE: every element is 0 or x / (1 - RATE); with RATE 0 none is dropped;
    otherwise the number kept is within 5 standard deviations of n * (1 - RATE) (the
    seed is fixed, so this cannot flake)."""
    kind, _, arg = check.partition(" ")
    if kind != "dropout":
        return f"unknown check '{check}'"
    rate = float(arg)
    if len(got) != len(x):
        return f"expected {len(x)} elements, got {len(got)}"
    kept = 0
    for i, (g, xi) in enumerate(zip(got, x)):
        if g == 0:
            continue
        kept += 1
        want = xi / (1 - rate)
        want = to_f32(want) if dtype == "float32" else want
        if not close(g, want, dtype, tol):
            return f"element {i}: x = {xi}, got {g}: neither 0 nor x / (1 - {rate}) = {want}"
    n = len(x)
    if rate == 0:
        return None if kept == n else f"rate 0 dropped {n - kept} of {n} elements"
    mean, sd = n * (1 - rate), math.sqrt(n * rate * (1 - rate))
    if n and not (mean - 5 * sd <= kept <= mean + 5 * sd):
        return f"kept {kept} of {n} elements with rate {rate}: expected about {mean:.0f}"
    return None


# ---- Running ---------------------------------------------------------------------------

def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode("utf-8", "replace"), "timed out\n"
    except OSError as e:
        return 127, "", f"cannot run {cmd[0]}: {e.strerror}\n"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def first_error(err, code):
    """The first diagnostic line of a failed step, for a one-line report."""
    lines = [l for l in err.splitlines() if l.strip()]
    pick = next((l for l in lines if "error" in l), lines[0] if lines else "")
    what = "timed out" if code is None else f"exit {code}"
    return f"{what}: {pick.strip()}" if pick else what


def run_compiled(args, script: Path, tmp: Path):
    """Build and run: (combined stdout, None) or (partial stdout, failure text)."""
    binary = tmp / (script.stem + "_bin")
    code, bout, err = run([args.ingot, "build", script.name, "-o", str(binary)], script.parent,
                          args.build_timeout)
    if code != 0:
        return bout, "ingot build " + first_error(err, code)
    code, out, err = run([str(binary)], script.parent, args.run_timeout)
    if code != 0:
        return bout + out, "program " + first_error(err, code)
    return bout + out, None


def run_eager(args, script: Path, tmp: Path):
    code, out, err = run([args.ingot, "run", "--eager", script.name], script.parent, args.build_timeout)
    if code != 0:
        return out, "ingot run --eager " + first_error(err, code)
    return out, None


def split_script(script: Path):
    """The preamble (up to the first '# case N' line) and each case's block, the block
    padded with blank lines so that it keeps its line numbers in the original file."""
    pre, blocks, current, lineno = [], {}, None, 0
    for line in script.read_text(encoding="utf-8").splitlines(keepends=True):
        m = re.match(r"^# case (\d+)$", line.rstrip("\n"))
        if m:
            current = int(m.group(1))
            blocks[current] = ["\n"] * (lineno - len(pre))
        if current is None:
            pre.append(line)
        else:
            blocks[current].append(line)
        lineno += 1
    return "".join(pre), {n: "".join(b) for n, b in blocks.items()}


@dataclass
class OpResult:
    name: str
    ncases: int = 0
    nmodes: int = 0
    failures: list = field(default_factory=list)   # (mode, case or None, reason)
    notes: list = field(default_factory=list)


def check_mode(op: OpFile, res: OpResult, mode, runner, args, tmp: Path):
    """Runs the whole script in one mode; on a build/run failure, each case alone."""
    eager = mode == "eager"
    out, failure = runner(args, op.script, tmp)
    if failure is None:
        metas, values = parse_output(out)
        for n, exp in sorted(op.cases.items()):
            why = compare_case(op, exp, metas.get(n), values.get(n), eager)
            if why:
                res.failures.append((mode, n, why))
        return
    res.notes.append(f"{mode}: whole script failed ({failure}); ran each case alone")
    pre, blocks = split_script(op.script)
    for n, exp in sorted(op.cases.items()):
        if n not in blocks:
            res.failures.append((mode, n, "no '# case N' block in the script"))
            continue
        # Same name, same line numbers: diagnostics read as for the whole script.
        single = tmp / "single" / op.script.name
        single.parent.mkdir(exist_ok=True)
        single.write_text(pre + blocks[n], encoding="utf-8")
        out, failure = runner(args, single, tmp)
        if failure:
            res.failures.append((mode, n, failure))
            continue
        metas, values = parse_output(out)
        why = compare_case(op, exp, metas.get(n), values.get(n), eager)
        if why:
            res.failures.append((mode, n, why))


def check_op(script: Path, args) -> OpResult:
    res = OpResult(script.stem)
    try:
        op = parse_expected(script)
    except FormatError as e:
        res.failures.append(("expected", None, str(e)))
        return res
    res.ncases = len(op.cases)
    res.nmodes = 2 if args.mode == "both" else 1
    with tempfile.TemporaryDirectory(prefix="ingot-numeric-") as tmpname:
        tmp = Path(tmpname)
        if args.mode in ("both", "compiled"):
            check_mode(op, res, "compiled", run_compiled, args, tmp)
        if args.mode in ("both", "eager"):
            check_mode(op, res, "eager", run_eager, args, tmp)
    return res


def report(res: OpResult, verbose):
    with print_lock:
        if not res.failures:
            print(f"PASS {res.name} ({res.ncases} cases)")
        else:
            failed_runs = {(m, n) for m, n, _ in res.failures}
            print(f"FAIL {res.name}: {len(failed_runs)} failing case runs ({res.ncases} cases, "
                  f"{res.nmodes} modes)")
            if verbose:
                for note in res.notes:
                    print(f"  note: {note}")
            # One line per distinct reason, naming the cases that failed for it.
            groups = {}
            for mode, n, why in res.failures:
                # Without "OP.py:LINE:COL: ", the same error in many cases is one group.
                groups.setdefault((mode, LOCATION_RE.sub("", why)), []).append(n)
            items = list(groups.items())
            shown = items if verbose else items[:SHOWN_FAILURES]
            for (mode, why), ns in shown:
                where = "file" if ns == [None] else ("case " if len(ns) == 1 else "cases ") + \
                    compress(ns)
                print(f"  {res.name} {where} [{mode}]: {why}")
            if len(shown) < len(items):
                print(f"  ... {len(items) - len(shown)} more distinct failures (--verbose shows them)")
        sys.stdout.flush()


def compress(ns):
    """[1, 2, 3, 5] -> "1-3,5"."""
    ns = sorted(n for n in ns if n is not None)
    out, start = [], None
    for i, n in enumerate(ns):
        if start is None:
            start = n
        if i + 1 == len(ns) or ns[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    text = ",".join(out)
    if len(text) > MAX_CASE_LIST:
        text = text[:text.rindex(",", 0, MAX_CASE_LIST)] + f",... ({len(ns)} cases)"
    return text


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Ingot numeric tests against NumPy's values")
    ap.add_argument("--ingot", required=True, help="the ingot executable")
    ap.add_argument("--filter", default="", help="only ops whose file name contains this")
    ap.add_argument("--mode", choices=("both", "compiled", "eager"), default="both",
                    help="check the compiled program, eager mode, or both (default)")
    ap.add_argument("--sanitized", action="store_true",
                    help="ingot is built with sanitizers: allow longer timeouts")
    ap.add_argument("--verbose", "-v", action="store_true", help="show every failing case")
    ap.add_argument("cases", nargs="?", default=str(Path(__file__).resolve().parent / "cases"),
                    help="directory holding OP.py and OP.expected (default: cases/ beside this)")
    args = ap.parse_args(argv)
    args.ingot = str(Path(args.ingot).resolve())
    if not os.access(args.ingot, os.X_OK):
        ap.error(f"--ingot {args.ingot} is not an executable")
    scale = 4 if args.sanitized else 1
    args.build_timeout, args.run_timeout = BUILD_TIMEOUT * scale, RUN_TIMEOUT * scale
    return args


def main(argv):
    args = parse_args(argv)
    root = Path(args.cases).resolve()
    scripts = sorted(p for p in root.glob("*.py") if args.filter in p.stem)
    if not scripts:
        print(f"no numeric tests under {root}" + (f" matching '{args.filter}'" if args.filter else ""))
        print("0 ops passed, 0 failed")
        return MESON_SKIP
    passed = failed = 0
    case_fail = case_total = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for res in pool.map(lambda s: check_op(s, args), scripts):
            report(res, args.verbose)
            modes = 2 if args.mode == "both" else 1
            case_total += res.ncases * modes
            case_fail += len({(m, n) for m, n, _ in res.failures if n is not None})
            if res.failures:
                failed += 1
            else:
                passed += 1
    print(f"{passed} ops passed, {failed} failed ({case_total - case_fail} of {case_total} case runs passed)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
