#!/usr/bin/env python3
"""tf.distribute's programs run as MPI jobs on this machine (mpirun -n N --oversubscribe):

* equivalence: the digits MLP trained by a custom loop (digits_loop.py) on 1 process
  (no mpirun), 2 and 4 replicas ends with the same weights within 1e-5, and by Keras's
  fit (digits_fit.py) on 1 and 2; every replica prints the loop's lines and holds the
  same weights to the last digit, the progress line is rank 0's alone, and fit's loss
  is the same over the replicas as alone; fit_variants.py's harder cases keep the
  replicas' weights equal;
* refusals at start: a 2-replica build run alone, as 3 processes, beside another build,
  or with other arguments on one replica;
* faults (faults.py), each ending non-zero within TIME_LIMIT seconds, never hanging: a
  run-time error on replica 1 (its line and replica named), replica 1 killed (mpirun
  names rank 1), replica 1 leaving its loop early (the others' collective times out).

With --sanitized (the ASan tree's ingot builds the programs under ASan and UBSan) leaks
are checked too, Open MPI's own allocations suppressed (lsan.supp).

Entry point: main(). Standard library only. Prints one PASS/FAIL line per check; exits
1 on any failure, 77 (skipped) when Open MPI's mpirun is not installed.

Usage: run_distribute.py --ingot PATH --source-root DIR [--sanitized] [--keep]
"""

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIME_LIMIT = 60          # seconds a faulty job may take to end
COLLECTIVE_TIMEOUT = 5   # INGOT_COLLECTIVE_TIMEOUT for the faults
TOLERANCE = 1e-5


class Checks:
    def __init__(self):
        self.failed = 0

    def result(self, ok, label, detail=""):
        print(f"{'PASS' if ok else 'FAIL'} {label}" + (f"\n{detail}" if not ok and detail else ""),
              flush=True)
        self.failed += not ok
        return ok


def read_safetensors(path):
    """{name: (shape, list of floats)} of a checkpoint's float tensors."""
    data = Path(path).read_bytes()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    out = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] not in ("F32", "F64"):
            continue
        start, end = info["data_offsets"]
        values = array("f" if info["dtype"] == "F32" else "d")
        values.frombytes(data[8 + n + start:8 + n + end])
        out[name] = (info["shape"], values.tolist())
    return out


def weights_differ(a_path, b_path):
    """The largest difference between two checkpoints' weights, or a message when
    their tensors are not the same names and shapes."""
    a, b = read_safetensors(a_path), read_safetensors(b_path)
    if sorted(a) != sorted(b):
        return f"tensors differ: {sorted(a)} vs {sorted(b)}"
    worst = 0.0
    for name in a:
        if a[name][0] != b[name][0]:
            return f"{name}: shape {a[name][0]} vs {b[name][0]}"
        worst = max([worst] + [abs(x - y) for x, y in zip(a[name][1], b[name][1])])
    return worst


class Runner:
    def __init__(self, ingot, work, sanitized):
        self.ingot = ingot
        self.work = work
        self.env = dict(os.environ)
        if sanitized:
            # Open MPI's plugins are built without frame pointers and unloaded at
            # MPI_Finalize: the slow unwinder and keeping them loaded let LeakSanitizer
            # name them, so that lsan.supp can set their allocations aside.
            self.env["ASAN_OPTIONS"] = "halt_on_error=1:detect_leaks=1:fast_unwind_on_malloc=0"
            self.env["OMPI_MCA_mca_base_component_disable_dlclose"] = "1"
            self.env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1"
            self.env["LSAN_OPTIONS"] = f"suppressions={HERE / 'lsan.supp'}:print_suppressions=0"
        self.mpirun = ["mpirun", "--oversubscribe"]
        if os.geteuid() == 0:
            self.mpirun.append("--allow-run-as-root")

    def build(self, script, name, *options):
        out = self.work / name
        r = subprocess.run([str(self.ingot), "build", *options, str(HERE / script), "-o", str(out)],
                           capture_output=True, text=True, timeout=900, cwd=self.work)
        if r.returncode != 0:
            raise RuntimeError(f"ingot build {script} {' '.join(options)} failed:\n{r.stderr}")
        return out

    def run(self, argv, env=None, timeout=600):
        start = time.monotonic()
        try:
            r = subprocess.run([str(a) for a in argv], capture_output=True, text=True,
                               timeout=timeout, cwd=self.work, env=dict(self.env, **(env or {})))
            rc, out, err = r.returncode, r.stdout, r.stderr
        except subprocess.TimeoutExpired as e:
            rc, out, err = "timeout", e.stdout or "", e.stderr or ""
            out = out.decode() if isinstance(out, bytes) else out
            err = err.decode() if isinstance(err, bytes) else err
        return rc, out, err, time.monotonic() - start

    def mpi(self, n, *argv, env=None, timeout=600):
        return self.run(self.mpirun + ["-n", str(n)] + list(argv), env, timeout)


WEIGHTS_LINE = "replica weights:"


def lines(text):
    """The lines a run printed, sorted (the replicas' lines interleave), but for the
    replicas' weight sums, which are compared among the replicas (same_weights)."""
    return sorted(line for line in text.splitlines()
                  if line.strip() and not line.startswith(WEIGHTS_LINE))


def same_weights(text, n):
    """Whether all n replicas printed their weights' sum, every digit the same."""
    sums = [line for line in text.splitlines() if line.startswith(WEIGHTS_LINE)]
    return len(sums) == n and len(set(sums)) == 1


def check_loop(c, r):
    """digits_loop.py on 1, 2 and 4 replicas: the same weights and lines."""
    alone = r.build("digits_loop.py", "loop1")
    rc, out1, err, _ = r.run([alone, "--out=w1.safetensors"])
    if not c.result(rc == 0 and err == "", "loop: 1 replica runs without mpirun",
                    f"rc={rc}\n{out1}{err}"):
        return
    c.result("accuracy above 80%: 1" in out1, "loop: 1 replica learns", out1)
    for n in (2, 4):
        program = r.build("digits_loop.py", f"loop{n}", f"--replicas={n}")
        rc, out, err, _ = r.mpi(n, program, f"--out=w{n}.safetensors")
        if not c.result(rc == 0, f"loop: {n} replicas run", f"rc={rc}\n{out}{err}"):
            continue
        c.result(lines(out) == lines(out1 * n), f"loop: each of {n} replicas prints the lines "
                 "1 replica prints", f"--- {n} replicas\n{out}--- 1 replica\n{out1}")
        c.result(same_weights(out, n), f"loop: the {n} replicas hold the same weights", out)
        worst = weights_differ(r.work / "w1.safetensors", r.work / f"w{n}.safetensors")
        c.result(not isinstance(worst, str) and worst <= TOLERANCE,
                 f"loop: {n} replicas end with 1 replica's weights (within {TOLERANCE})",
                 f"largest difference: {worst}")


def fit_losses(text):
    return [float(x) for x in re.findall(r"loss: ([0-9.]+)", text)]


def check_fit(c, r):
    """digits_fit.py on 1 and 2 replicas: the same weights, one progress line, the same
    loss shown."""
    alone = r.build("digits_fit.py", "fit1")
    rc, out1, err, _ = r.run([alone, "--out=f1.safetensors"])
    if not c.result(rc == 0, "fit: 1 replica", f"rc={rc}\n{out1}{err}"):
        return
    two = r.build("digits_fit.py", "fit2", "--replicas=2")
    rc, out2, err, _ = r.mpi(2, two, "--out=f2.safetensors")
    if not c.result(rc == 0, "fit: 2 replicas", f"rc={rc}\n{out2}{err}"):
        return
    c.result(out2.count("Epoch 1/2") == 1 and out2.count("Epoch 2/2") == 1,
             "fit: the epoch and progress lines are rank 0's alone", out2)
    c.result(out2.count("accuracy above 90%: 1") == 2, "fit: both replicas evaluate alike",
             out2)
    l1, l2 = fit_losses(out1), fit_losses(out2)
    c.result(len(l1) == 2 and len(l2) == 2 and all(abs(a - b) < 1e-3 for a, b in zip(l1, l2)),
             "fit: the loss shown is over every replica's batches", f"{l1} vs {l2}")
    worst = weights_differ(r.work / "f1.safetensors", r.work / "f2.safetensors")
    c.result(not isinstance(worst, str) and worst <= TOLERANCE,
             f"fit: 2 replicas end with 1 replica's weights (within {TOLERANCE})",
             f"largest difference: {worst}")


def check_fit_variants(c, r):
    """fit_variants.py on 2 replicas: an optimizer made outside the scope, a dataset the
    script distributed, an empty share of the last batch, BatchNormalization."""
    two = r.build("fit_variants.py", "variants2", "--replicas=2")
    rc, out, err, _ = r.mpi(2, two)
    if not c.result(rc == 0, "fit variants: 2 replicas", f"rc={rc}\n{out}{err}"):
        return
    c.result(out.count("losses are numbers: 1") == 2,
             "fit variants: an empty share of the last batch has loss 0, not NaN", out)
    c.result(same_weights(out, 2) and "nan" not in out,
             "fit variants: both replicas hold the same weights (moving averages included)",
             out)


def check_packing(c, r):
    """Built for 2 replicas, the train step's four gradients cross in one all_reduce of
    their concat (one message per step), besides the loss's."""
    res = subprocess.run([str(r.ingot), "build", "--replicas=2", "--emit=graph",
                          str(HERE / "digits_loop.py")], capture_output=True, text=True,
                         timeout=900, cwd=r.work)
    step = re.search(r"^func @train_step__1.*?^}", res.stdout, re.S | re.M)
    body = step.group(0) if step else ""
    concat = re.findall(r"^\s*(%\d+):\S+ = concat (%\d+, ){3}%\d+ ", body, re.M)
    packed = [v for v, _ in concat if re.search(rf"= all_reduce {v}\s", body)]
    c.result(res.returncode == 0 and len(packed) == 1 and body.count("= all_reduce") == 2,
             "graph: 2 replicas sum 4 gradients in one all_reduce of their concat",
             res.stderr + body)


def check_refusals(c, r):
    two = r.build("faults.py", "faults2", "--replicas=2")
    other = r.build("faults.py", "faults2_O1", "--replicas=2", "-O1")
    rc, out, err, _ = r.run([two, "--steps=3"])
    c.result(rc == 1 and "built for 2 replicas (ingot build --replicas 2) and runs alone" in err,
             "refuses: a 2-replica build run alone", f"rc={rc}\n{err}")
    rc, out, err, _ = r.mpi(3, two, "--steps=3")
    c.result(rc != 0 and "built for 2 replicas" in err and "runs as 3 processes" in err,
             "refuses: a 2-replica build run as 3 processes", f"rc={rc}\n{err}")
    rc, out, err, _ = r.run(r.mpirun + ["-n", "1", two, "--steps=3", ":", "-n", "1", other,
                                        "--steps=3"])
    c.result(rc != 0 and "replica 1 runs a different build than replica 0" in err,
             "refuses: replicas of two different builds", f"rc={rc}\n{err}")
    rc, out, err, _ = r.run(r.mpirun + ["-n", "1", two, "--steps=3", ":", "-n", "1", two,
                                        "--steps=4"])
    c.result(rc != 0 and "replica 1 runs with other command-line arguments" in err,
             "refuses: replicas given other flags", f"rc={rc}\n{err}")
    rc, out, err, _ = r.mpi(2, two, "--steps=5")
    c.result(rc == 0 and out.count("done: 10") == 2, "faults.py: 2 replicas sum their steps",
             f"rc={rc}\n{out}{err}")
    # ingot run --replicas 2 builds, then starts the replicas with mpirun itself.
    rc, out, err, _ = r.run([r.ingot, "run", "--replicas", "2", HERE / "faults.py", "--",
                             "--steps=5"], env={"XDG_CACHE_HOME": str(r.work / "cache")})
    c.result(rc == 0 and out.count("done: 10") == 2, "ingot run --replicas 2 starts 2 replicas",
             f"rc={rc}\n{out}{err}")


def check_faults(c, r):
    two = r.work / "faults2"
    limit = {"INGOT_COLLECTIVE_TIMEOUT": str(COLLECTIVE_TIMEOUT)}
    rc, out, err, took = r.mpi(2, two, "--mode=1", env=limit, timeout=TIME_LIMIT)
    c.result(rc not in (0, "timeout") and took < TIME_LIMIT and
             "faults.py:18: error: indices = 100 is not in [0, 2)" in err and
             "replica 1's (of 2): stopping the others" in err,
             f"faults: a run-time error on replica 1 ends the job ({took:.1f} s)",
             f"rc={rc}\n{out}{err}")
    # Replica 1 is killed 2 s in (the shell it starts as execs the program, keeping its
    # pid): mpirun ends the job and names the rank.
    killer = ('if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then (sleep 2; kill -9 $$) & fi; '
              f'exec "{two}"')
    rc, out, err, took = r.mpi(2, "sh", "-c", killer, env=limit, timeout=TIME_LIMIT)
    c.result(rc not in (0, "timeout") and took < TIME_LIMIT and "rank 1" in err and
             "signal 9" in err, f"faults: a killed replica ends the job ({took:.1f} s)",
             f"rc={rc}\n{out}{err}")
    rc, out, err, took = r.mpi(2, two, "--mode=2", env=limit, timeout=TIME_LIMIT)
    c.result(rc not in (0, "timeout") and took < TIME_LIMIT and
             f"waited {COLLECTIVE_TIMEOUT} s in" in err,
             f"faults: a replica that stops early ends the job after the timeout ({took:.1f} s)",
             f"rc={rc}\n{out}{err}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ingot", required=True, type=Path)
    ap.add_argument("--source-root", required=True, type=Path)
    ap.add_argument("--sanitized", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()
    if shutil.which("mpirun") is None:
        print("SKIP: Open MPI's mpirun is not installed (Debian's openmpi-bin; scripts/test "
              "installs it)")
        return 77
    work = Path(tempfile.mkdtemp(prefix="ingot-distribute-"))
    shutil.copy(args.source_root / "examples/data/digits.csv.gz", work)
    c = Checks()
    r = Runner(args.ingot.resolve(), work, args.sanitized)
    try:
        check_loop(c, r)
        check_fit(c, r)
        check_fit_variants(c, r)
        check_packing(c, r)
        check_refusals(c, r)
        check_faults(c, r)
    except RuntimeError as e:
        c.result(False, "build", str(e))
    finally:
        if args.keep:
            print(f"work directory: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{'FAILED' if c.failed else 'passed'}: {c.failed} failure(s)")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
