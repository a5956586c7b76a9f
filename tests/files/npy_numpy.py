#!/usr/bin/env python3
""".npy files NumPy writes, read by a compiled program (and by the same script run
eagerly), which writes them back with save_npy for NumPy to compare: every dtype the
loader converts from, scalars, several ranks, an empty array, gzip'd files, and
version 2.0 headers. The values must come back exactly (float32 through float32,
small ints through int32, uint64 within int64).

usage: npy_numpy.py INGOT"""
import gzip
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

rng = np.random.default_rng(3)
ARRAYS = {
    # name: (array NumPy writes, the dtype the program loads it as)
    "f32": (rng.standard_normal((3, 4, 5)).astype(np.float32), "float32"),
    "f64": (rng.standard_normal(7) * 1e300, "float64"),
    "i8": (np.array([-128, -1, 0, 127], dtype=np.int8), "int32"),
    "u16": (np.array([[0, 1], [65535, 300]], dtype=np.uint16), "int32"),
    "i64": (np.array([-2**62, 0, 2**62], dtype=np.int64), "int64"),
    "u64": (np.array([0, 2**63 - 1], dtype=np.uint64), "int64"),
    "bool": (np.array([[True, False, True]]), "bool"),
    "scalar": (np.float32(2.5), "float32"),
    "empty": (np.zeros((0, 3), dtype=np.float32), "float32"),
    "f64_as_f32": (np.array([0.5, -1.25, 3.0]), "float32"),
}

SCRIPT_HEAD = "import tensorflow as tf\nimport ingot\n\n"


def script():
    lines = [SCRIPT_HEAD]
    for name, (_, dtype) in ARRAYS.items():
        for suffix in ("", ".gz"):
            src = f"in/{name}.npy{suffix}"
            lines.append(f'x = ingot.data.load_npy("{src}", dtype=tf.{dtype})\n')
            lines.append(f'ingot.data.save_npy("out/{name}{suffix}.npy", x)\n')
    lines.append('v2 = ingot.data.load_npy("in/v2.npy")\n')
    lines.append('ingot.data.save_npy("out/v2.npy", v2)\n')
    return "".join(lines)


def main():
    ingot = str(Path(sys.argv[1]).resolve())
    for mode in ("compiled", "eager"):
        with tempfile.TemporaryDirectory(prefix="ingot-npy-") as name:
            tmp = Path(name)
            (tmp / "in").mkdir()
            (tmp / "out").mkdir()
            for key, (array, _) in ARRAYS.items():
                np.save(tmp / "in" / f"{key}.npy", array)
                with open(tmp / "in" / f"{key}.npy", "rb") as f:
                    (tmp / "in" / f"{key}.npy.gz").write_bytes(gzip.compress(f.read()))
            with open(tmp / "in" / "v2.npy", "wb") as f:
                np.lib.format.write_array(f, ARRAYS["f32"][0], version=(2, 0))
            (tmp / "program.py").write_text(script())
            cmd = [ingot, "run", *(["--eager"] if mode == "eager" else []), "program.py"]
            done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=600)
            if done.returncode != 0:
                raise AssertionError(f"{mode}: {' '.join(cmd)} failed:\n{done.stdout}{done.stderr}")
            checked = 0
            for key, (array, dtype) in ARRAYS.items():
                want = np.asarray(array).astype(dtype)
                for suffix in ("", ".gz"):
                    got = np.load(tmp / "out" / f"{key}{suffix}.npy")
                    if got.dtype != want.dtype or got.shape != want.shape or \
                            not np.array_equal(got, want):
                        raise AssertionError(f"{mode}: {key}{suffix}: got {got!r}, want {want!r}")
                    checked += 1
            if not np.array_equal(np.load(tmp / "out" / "v2.npy"), ARRAYS["f32"][0]):
                raise AssertionError(f"{mode}: the version 2.0 file read back differently")
            print(f"ok: {mode}: {checked + 1} NumPy-written files loaded and written back exactly")


if __name__ == "__main__":
    main()
