#!/usr/bin/env python3
"""Library tests (`ingot build --lib`): the c_api example end to end (train.py writes
the weights, classifier.py becomes libdigits, classify.c links it through pkg-config,
shared and static, and classifies the digits CSV), the symbols the libraries export,
errors.c's error paths against a small library (errors.py), bad weights files, weights
built in (--weights, --embed-weights), two models used from two threads (threads.c), the exports and
weights tf.saved_model.save names (saved.py), a variable no weights file sets
(unsaved.py, a warning), and the build's own errors
(no_signature.py, with_flag.py, distributed.py, a bad library name). Each C program is compiled -Wall -Wextra -Werror -pedantic and,
with --sanitized, under ASan and UBSan (leaks included).

Entry point: main(). Standard library only. Prints one PASS/FAIL line per check and
exits 1 on any failure.

Usage: run_lib.py --ingot PATH --source-root DIR [--sanitized]
"""

import argparse
import gzip
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 600
C_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O1", "-g"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
SAN_ENV = {"ASAN_OPTIONS": "halt_on_error=1:detect_leaks=1",
           "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1"}


class Checks:
    def __init__(self):
        self.failed = 0

    def result(self, ok: bool, label: str, detail: str = "") -> bool:
        print(f"{'PASS' if ok else 'FAIL'} {label}" + (f"\n{detail}" if not ok and detail else ""))
        self.failed += not ok
        return ok

    def golden(self, label: str, got: str, golden: Path) -> bool:
        want = golden.read_text() if golden.exists() else None
        if os.environ.get("INGOT_UPDATE_GOLDEN") == "1":
            golden.write_text(got)
            want = got
        return self.result(got == want, label,
                           f"--- got\n{got}--- expected ({golden.name})\n{want}")


def run(cmd, cwd=None, env=None):
    full_env = dict(os.environ, **(env or {}))
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=cwd, env=full_env)


def pkg_config(args, pc_dir: Path):
    r = run(["pkg-config", *args], env={"PKG_CONFIG_PATH": str(pc_dir)})
    if r.returncode != 0:
        raise RuntimeError(f"pkg-config {' '.join(args)}: {r.stderr}")
    return r.stdout.split()


def build_lib(checks, ingot, script: Path, out: Path) -> bool:
    """ingot build --lib, run in the script's directory with a relative name."""
    r = run([ingot, "build", "--lib", script.name, "-o", out], cwd=script.parent)
    files = [out.parent / f for f in (f"{out.name}.h", f"lib{out.name}.a",
                                      f"lib{out.name}.so", f"{out.name}.pc")]
    missing = [f.name for f in files if not f.exists()]
    left = [f.name for f in out.parent.iterdir()
            if f.name in (f"{out.name}.o", f"{out.name}.lib.o", f"{out.name}.symbols")]
    return checks.result(r.returncode == 0 and not r.stderr and not missing and not left,
                         f"build --lib {script.name}",
                         f"exit {r.returncode}, missing {missing}, left over {left}\n{r.stderr}")


def check_emitted_c(checks, ingot, script: Path, lib_dir: Path, name: str, include: Path):
    """The library's C as ingot writes it compiles cleanly under -Wall -Wextra -pedantic
    (beside its header, which the build wrote)."""
    r = run([ingot, "build", "--lib", "--emit=c", script.name, "-o", lib_dir / name],
            cwd=script.parent)
    c_file = lib_dir / f"{name}.emitted.c"
    c_file.write_text(r.stdout)
    cc = run(["cc", *C_FLAGS, "-fsyntax-only", "-I", include, "-I", lib_dir, c_file])
    checks.result(r.returncode == 0 and cc.returncode == 0,
                  f"{script.name}'s library C compiles with -Wall -Wextra -Werror -pedantic",
                  r.stderr + cc.stderr)
    c_file.unlink()


def compile_c(checks, label, sources, out: Path, flags, sanitized) -> bool:
    cmd = ["cc", *C_FLAGS, *(SANITIZE if sanitized else []), *sources, "-o", out, *flags]
    r = run(cmd)
    return checks.result(r.returncode == 0, f"compile {label}", f"{' '.join(map(str, cmd))}\n"
                         f"{r.stderr}")


def run_program(checks, label, cmd, golden: Path, env=None, expect_rc=0):
    r = run(cmd, env=env)
    if r.returncode != expect_rc or (r.stderr and expect_rc == 0):
        return checks.result(False, label, f"exit {r.returncode}\n{r.stdout}{r.stderr}")
    return checks.golden(label, r.stdout, golden)


def check_symbols(checks, lib_dir: Path, name: str):
    """Only the header's entry points are global: in the .so's dynamic table and among
    the .a's defined symbols (the runtime inside both is hidden)."""
    for what, cmd in ((f"lib{name}.so", ["nm", "-D", "--defined-only", lib_dir / f"lib{name}.so"]),
                      (f"lib{name}.a", ["nm", "-g", "--defined-only", lib_dir / f"lib{name}.a"])):
        r = run(cmd)
        syms = [line.split()[-1] for line in r.stdout.splitlines()
                if len(line.split()) == 3 and line.split()[1] in "TDBRW"]
        stray = [s for s in syms if not s.startswith(name + "_") and not s.startswith("_")]
        ok = r.returncode == 0 and syms and not stray
        checks.result(ok, f"{what} exports only {name}_*", f"{r.stderr}stray: {stray[:20]}")
    r = run(["readelf", "-d", lib_dir / f"lib{name}.so"])
    checks.result(f"Library soname: [lib{name}.so]" in r.stdout, f"lib{name}.so has its soname",
                  r.stdout)


def safetensors(path: Path, tensors):
    """A safetensors file of float32/int32 tensors: {name: (dtype, shape, values)}."""
    header, data = {}, b""
    for name, (dtype, shape, values) in tensors.items():
        fmt = {"F32": "f", "I32": "i"}[dtype]
        blob = struct.pack(f"<{len(values)}{fmt}", *values)
        header[name] = {"dtype": dtype, "shape": shape,
                        "data_offsets": [len(data), len(data) + len(blob)]}
        data += blob
    text = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(text)) + text + data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ingot", required=True, type=Path)
    ap.add_argument("--source-root", required=True, type=Path)
    ap.add_argument("--sanitized", action="store_true")
    a = ap.parse_args()
    ingot, root, san = a.ingot.resolve(), a.source_root.resolve(), a.sanitized
    env = SAN_ENV if san else None
    here = root / "tests" / "lib"
    rt_include = root / "runtime" / "include"
    example = root / "examples" / "c_api"
    checks = Checks()
    with tempfile.TemporaryDirectory(prefix="ingot-lib-") as tmp:
        t = Path(tmp)
        # The example: weights from the training program, the library, the C program.
        weights = t / "digits.safetensors"
        r = run([ingot, "run", "train.py", "--", f"--weights={weights}"], cwd=example)
        checks.result(r.returncode == 0 and weights.exists(), "train.py writes the weights",
                      r.stdout + r.stderr)
        lib = t / "lib"
        if build_lib(checks, ingot, example / "classifier.py", lib / "digits"):
            check_symbols(checks, lib, "digits")
            check_emitted_c(checks, ingot, example / "classifier.py", lib, "digits", rt_include)
            csv = t / "digits.csv"
            with gzip.open(root / "examples" / "data" / "digits.csv.gz", "rt") as f:
                csv.write_text(f.read())
            shared = pkg_config(["--cflags", "--libs", "digits"], lib)
            if compile_c(checks, "classify.c (shared)", [example / "classify.c"],
                         t / "classify", shared, san):
                run_program(checks, "classify (shared)", [t / "classify", weights, csv],
                            example / "classify.out", dict(env or {}, LD_LIBRARY_PATH=str(lib)))
            # Static: a directory with the archive alone, so -ldigits can only be it.
            static = t / "static"
            static.mkdir()
            for f in ("digits.h", "libdigits.a", "digits.pc"):
                shutil.copy(lib / f, static / f)
            flags = pkg_config(["--cflags", "--static", "--libs", "digits"], static)
            if compile_c(checks, "classify.c (static)", [example / "classify.c"],
                         t / "classify_static", flags, san):
                r = run(["ldd", t / "classify_static"])
                checks.result("libdigits" not in r.stdout, "classify (static) needs no libdigits.so",
                              r.stdout)
                run_program(checks, "classify (static)", [t / "classify_static", weights, csv],
                            example / "classify.out", env)
            if compile_c(checks, "threads.c", [here / "threads.c"], t / "threads",
                         shared + ["-lpthread"], san):
                run_program(checks, "two models on two threads", [t / "threads", weights],
                            here / "threads.out", dict(env or {}, LD_LIBRARY_PATH=str(lib)))
        # The error paths, and weights files good and bad.
        errs = t / "errs"
        errs.mkdir()
        own = errs / "errs.c"   # the user's own file beside the library: left alone
        own.write_text("/* the user's program */\n")
        built = build_lib(checks, ingot, here / "errors.py", errs / "errs")
        checks.result(own.read_text() == "/* the user's program */\n",
                      "a file NAME.c beside the library is left alone", own.read_text())
        if built:
            check_emitted_c(checks, ingot, here / "errors.py", errs, "errs", rt_include)
            table = ("F32", [2, 3], [10, 20, 30, 40, 50, 60])
            memory = ("F32", [2], [0, 0])
            safetensors(t / "good.safetensors",
                        {"table": table, "calls": ("I32", [], [5]), "memory": memory})
            safetensors(t / "missing.safetensors", {"table": table, "memory": memory})
            safetensors(t / "shape.safetensors",
                        {"table": ("F32", [3, 2], [1, 2, 3, 4, 5, 6]), "calls": ("I32", [], [0]),
                         "memory": memory})
            (t / "garbage.safetensors").write_bytes(b"not a checkpoint")
            files = [t / f for f in ("good.safetensors", "missing.safetensors",
                                     "shape.safetensors", "garbage.safetensors",
                                     "absent.safetensors")]
            if compile_c(checks, "errors.c", [here / "errors.c"], t / "errors",
                         pkg_config(["--cflags", "--libs", "errs"], errs), san):
                r = run([t / "errors", *files], env=dict(env or {}, LD_LIBRARY_PATH=str(errs)))
                out = r.stdout.replace(str(t) + "/", "")
                if checks.result(r.returncode == 0 and not r.stderr, "errors.c runs",
                                 f"exit {r.returncode}\n{r.stdout}{r.stderr}"):
                    checks.golden("errors.c's calls and errors", out, here / "errors.out")
            # The same library with the good checkpoint built in.
            emb = t / "embedded"
            r = run([ingot, "build", "--lib", f"--weights={t / 'good.safetensors'}", "errors.py",
                     "-o", emb / "errs"], cwd=here)
            if checks.result(r.returncode == 0, "build --lib --weights=good.safetensors",
                             r.stderr) and \
                    compile_c(checks, "embedded.c", [here / "embedded.c"], t / "embedded_prog",
                              pkg_config(["--cflags", "--libs", "errs"], emb), san):
                run_program(checks, "the weights built in", [t / "embedded_prog"],
                            here / "embedded.out", dict(env or {}, LD_LIBRARY_PATH=str(emb)))
            r = run([ingot, "build", "--lib", f"--weights={t / 'missing.safetensors'}",
                     "errors.py", "-o", t / "bad_weights" / "errs"], cwd=here)
            checks.result(r.returncode == 1 and "no tensor 'calls'" in r.stderr,
                          "build --lib --weights= of a checkpoint missing a tensor fails",
                          r.stderr)
        # *parts filled by the signature: the header names its inputs parts_0, parts_1.
        var = t / "varargs"
        if build_lib(checks, ingot, here / "varargs.py", var / "var"):
            header = (var / "var.h").read_text()
            checks.result("inputs[1]   parts_1: TensorSpec(shape=(2,)" in header,
                          "an input *parts takes is named parts_1 in the header", header)
        # --embed-weights: the initial values digits_new would compute, computed at build
        # time: both libraries start from the same weights, bit for bit.
        emb = t / "emb_digits"
        r = run([ingot, "build", "--lib", "--embed-weights", "classifier.py", "-o",
                 emb / "digits"], cwd=example)
        if checks.result(r.returncode == 0, "build --lib --embed-weights classifier.py",
                         r.stderr) and \
                compile_c(checks, "initial.c", [here / "initial.c"], t / "initial",
                          pkg_config(["--cflags", "--libs", "digits"], emb), san):
            computed = run([t / "initial"], env=dict(env or {}, LD_LIBRARY_PATH=str(lib)))
            built_in = run([t / "initial"], env=dict(env or {}, LD_LIBRARY_PATH=str(emb)))
            checks.result(computed.returncode == 0 and built_in.returncode == 0 and
                          computed.stdout == built_in.stdout and computed.stdout,
                          "--embed-weights builds in the initial values digits_new computes",
                          f"computed at run time:\n{computed.stdout}{computed.stderr}"
                          f"built in:\n{built_in.stdout}{built_in.stderr}")
        # tf.saved_model.save: the program writes the weights, the library exports the
        # signatures it names and reads them back.
        r = run([ingot, "run", here / "saved.py"], cwd=t)
        checks.result(r.returncode == 0 and (t / "export" / "weights.safetensors").exists(),
                      "saved.py as a program writes export/weights.safetensors",
                      r.stdout + r.stderr)
        sv = t / "saved"
        if build_lib(checks, ingot, here / "saved.py", sv / "saved") and \
                compile_c(checks, "saved.c", [here / "saved.c"], t / "saved_prog",
                          pkg_config(["--cflags", "--libs", "saved"], sv), san):
            run_program(checks, "tf.saved_model.save's signatures and weights",
                        [t / "saved_prog", t / "export" / "weights.safetensors"],
                        here / "saved.out", dict(env or {}, LD_LIBRARY_PATH=str(sv)))
        r = run([ingot, "build", "--lib", "unsaved.py", "-o", t / "unsaved" / "unsaved"],
                cwd=here)
        if checks.result(r.returncode == 0, "unsaved.py builds", r.stderr):
            checks.golden("unsaved.py's warning", r.stderr, here / "unsaved.err")
        # The build's own errors.
        r = run([ingot, "build", "--lib", "no_signature.py", "-o", t / "ns" / "ns"], cwd=here)
        if checks.result(r.returncode == 1, "no_signature.py: build fails", r.stderr):
            checks.golden("no_signature.py's message", r.stderr, here / "no_signature.err")
        r = run([ingot, "build", "--lib", "with_flag.py", "-o", t / "wf" / "wf"], cwd=here)
        if checks.result(r.returncode == 1, "with_flag.py: build fails", r.stderr):
            checks.golden("with_flag.py's message", r.stderr, here / "with_flag.err")
        r = run([ingot, "build", "--lib", "distributed.py", "-o", t / "ds" / "ds"], cwd=here)
        if checks.result(r.returncode == 1, "distributed.py: build fails", r.stderr):
            checks.golden("distributed.py's message", r.stderr, here / "distributed.err")
        r = run([ingot, "build", "--lib", "errors.py", "-o", t / "bad" / "2bad"], cwd=here)
        checks.result(r.returncode == 2 and "identifier" in r.stderr,
                      "a library name that is no C identifier is refused", r.stderr)
    print(f"{checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
