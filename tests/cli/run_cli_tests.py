#!/usr/bin/env python3
"""Command-line tests: what `ingot` prints for an option, and its exit code.

Each test is a file tests/cli/NAME.cmd: an optional header line, then one command
line per line, shell-quoted; the word `ingot` is the compiler under test (`{ingot}`
inside a word: `sh -c '{ingot} ... | grep ...'`), `{tmp}` a fresh empty directory of
the test's own. The commands run in tests/cli (so scripts
beside the tests are named relatively, as users name them), in order; their standard
output and error, concatenated, must equal NAME.stdout and NAME.stderr (a missing
golden means "expect empty output", `{tmp}` written back as `{tmp}`).

    # cli-test: exit=2 tty=stdout env='TERM=xterm NO_COLOR='

* `exit=` the first command's expected exit code (default 0); later commands (`cat
  {tmp}/out.txt`, to show a file the first one wrote) must exit 0;
* `tty=` stdout, stderr or both: that stream of every command is a terminal (a
  pseudo-terminal whose output is read back, line ends as written), the others pipes;
* `env=` variables set for the commands (`NAME=` with nothing after it unsets one).
  TERM, NO_COLOR and XDG_CACHE_HOME (an empty directory, for `ingot run`) are always
  set to known values first: TERM=dumb, NO_COLOR unset.

INGOT_UPDATE_GOLDEN=1 rewrites the goldens that differ (and creates a non-empty one);
read the diffs. Entry point: main(); standard library only. Prints PASS/FAIL per test
and ends with "N passed, N failed".
"""

import argparse
import difflib
import os
import pty
import select
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 300  # seconds for one command
MESON_SKIP = 77
UPDATE = os.environ.get("INGOT_UPDATE_GOLDEN") == "1"
HEADER = "# cli-test:"


class TestError(Exception):
    pass


def parse(path: Path):
    """(options, commands) of a .cmd file."""
    lines = [l for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]
    opts = {"exit": 0, "tty": "", "env": {}}
    if lines and lines[0].startswith(HEADER):
        for item in shlex.split(lines.pop(0)[len(HEADER):]):
            key, _, value = item.partition("=")
            if key == "exit":
                opts["exit"] = int(value)
            elif key == "tty" and value in ("stdout", "stderr", "both"):
                opts["tty"] = value
            elif key == "env":
                for var in shlex.split(value):
                    name, _, val = var.partition("=")
                    opts["env"][name] = val
            else:
                raise TestError(f"unknown header item '{item}' (exit=, tty=, env=)")
    commands = [shlex.split(l) for l in lines if not l.startswith("#")]
    if not commands:
        raise TestError("no command")
    return opts, commands


def read_pty(fd, chunks):
    try:
        data = os.read(fd, 65536)
    except OSError:  # EIO: the other side is closed
        return False
    if not data:
        return False
    chunks.append(data)
    return True


def run(cmd, cwd, env, tty):
    """(exit code, stdout, stderr) of cmd, the streams named by tty terminals."""
    fds = {}
    for stream in ("stdout", "stderr"):
        if tty in (stream, "both"):
            fds[stream] = pty.openpty()
    kwargs = {s: fds[s][1] if s in fds else subprocess.PIPE for s in ("stdout", "stderr")}
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, **kwargs)
    for master, slave in fds.values():
        os.close(slave)
    out = {s: [] for s in fds}
    pipes = {p.stdout: "stdout", p.stderr: "stderr"}
    pipe_out = {"stdout": [], "stderr": []}
    open_fds = {fds[s][0]: s for s in fds}
    open_pipes = {f: s for f, s in pipes.items() if f is not None}
    while open_fds or open_pipes:
        ready, _, _ = select.select(list(open_fds) + list(open_pipes), [], [], TIMEOUT)
        if not ready:
            p.kill()
            raise TestError(f"'{shlex.join(cmd)}' timed out")
        for r in ready:
            if r in open_fds:
                if not read_pty(r, out[open_fds[r]]):
                    os.close(r)
                    del open_fds[r]
            else:
                data = os.read(r.fileno(), 65536)
                if data:
                    pipe_out[open_pipes[r]].append(data)
                else:
                    del open_pipes[r]
    code = p.wait()
    text = {}
    for s in ("stdout", "stderr"):
        data = b"".join(out[s] if s in fds else pipe_out[s]).decode("utf-8", "replace")
        # A terminal writes "\n" as "\r\n" (its ONLCR mode): back to what was written.
        text[s] = data.replace("\r\n", "\n") if s in fds else data
    return code, text["stdout"], text["stderr"]


def check(test: Path, ingot: str):
    """The failures of one test: a list of (title, detail)."""
    opts, commands = parse(test)
    failures = []
    with tempfile.TemporaryDirectory(prefix="ingot-cli-") as tmp:
        env = dict(os.environ, TERM="dumb", XDG_CACHE_HOME=os.path.join(tmp, ".cache"))
        env.pop("NO_COLOR", None)
        for name, val in opts["env"].items():
            if val:
                env[name] = val
            else:
                env.pop(name, None)
        stdout = stderr = ""
        for i, words in enumerate(commands):
            cmd = [ingot if w == "ingot" else w.replace("{tmp}", tmp).replace("{ingot}", ingot)
                   for w in words]
            code, out, err = run(cmd, test.parent, env, opts["tty"])
            want = opts["exit"] if i == 0 else 0
            if code != want:
                failures.append((f"'{shlex.join(words)}' exited {code}, not {want}", err))
            stdout += out.replace(tmp, "{tmp}")
            stderr += err.replace(tmp, "{tmp}")
    for suffix, actual in ((".stdout", stdout), (".stderr", stderr)):
        golden = test.with_suffix(suffix)
        expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
        if actual == expected:
            continue
        if UPDATE and (golden.exists() or actual):
            golden.write_text(actual, encoding="utf-8")
            continue
        failures.append((f"{suffix[1:]} differs from {golden.name}", "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            fromfile=golden.name, tofile=f"{test.stem}: {suffix[1:]}"))))
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ingot", required=True, help="the ingot executable under test")
    ap.add_argument("--filter", default="", help="only the tests whose name contains this")
    ap.add_argument("dir", help="the directory of the .cmd files")
    args = ap.parse_args()
    ingot = os.path.abspath(args.ingot)
    tests = sorted(t for t in Path(args.dir).glob("*.cmd") if args.filter in t.stem)
    if not tests:
        print("no tests")
        return MESON_SKIP
    passed = failed = 0
    for test in tests:
        try:
            failures = check(test, ingot)
        except TestError as e:
            failures = [(str(e), "")]
        if failures:
            failed += 1
            for title, detail in failures:
                print(f"FAIL {test.stem}: {title}")
                if detail:
                    print(detail.rstrip("\n"))
        else:
            passed += 1
            print(f"PASS {test.stem}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
