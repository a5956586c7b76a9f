#!/usr/bin/env python3
"""A checkpoint written by a compiled program (and by the same script run eagerly)
read with NumPy: every tensor under its documented name, with its dtype, its shape
and the values the program had. The values are both exact (arithmetic NumPy
repeats) and drawn at random (compared with the .npy files the program also wrote).

usage: checkpoint_numpy.py INGOT"""
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import _safetensors

SCRIPT = '''
import tensorflow as tf
import ingot

class Dense:
    def __init__(self):
        self.kernel = tf.Variable(tf.random.normal([5, 3]))
        self._bias = tf.Variable(tf.reshape(tf.range(3, dtype=tf.float32), [3]) * 0.25)

model = Dense()
counts = tf.Variable(tf.constant([[1, -2], [3, 2147483647]], dtype=tf.int32))
steps = tf.Variable(tf.constant(123456789012, dtype=tf.int64))
scale = tf.Variable(tf.constant([0.1, 1e-300, -2.5], dtype=tf.float64))
ckpt = tf.train.Checkpoint(model=model, extra=[counts, {"steps": steps, "scale": scale}])
model.kernel.assign_add(tf.ones([5, 3]))
path = ckpt.save(ingot.flag("prefix", "ckpt"))
ingot.data.save_npy(ingot.flag("kernel", "kernel.npy"), model.kernel)
tf.print(path)
'''


def check(mode, ingot, tmp):
    prefix, kernel = tmp / "ckpt", tmp / "kernel.npy"
    flags = [f"--prefix={prefix}", f"--kernel={kernel}"]
    cmd = [ingot, "run", *(["--eager"] if mode == "eager" else []), "program.py", "--", *flags]
    done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise AssertionError(f"{mode}: {' '.join(cmd)} failed:\n{done.stdout}{done.stderr}")
    path = done.stdout.strip().splitlines()[-1]
    if path != f"{prefix}-1":
        raise AssertionError(f"{mode}: save() returned {path!r}, expected {prefix}-1")
    got = _safetensors.load(path)
    expected_names = {"save_counter", "model/kernel", "model/bias", "extra/0", "extra/1/steps",
                      "extra/1/scale"}
    if set(got) != expected_names:
        raise AssertionError(f"{mode}: names {sorted(got)}, expected {sorted(expected_names)}")
    exact = {
        "save_counter": np.array(1, dtype=np.int64),
        "model/bias": np.arange(3, dtype=np.float32) * np.float32(0.25),
        "extra/0": np.array([[1, -2], [3, 2147483647]], dtype=np.int32),
        "extra/1/steps": np.array(123456789012, dtype=np.int64),
        "extra/1/scale": np.array([0.1, 1e-300, -2.5], dtype=np.float64),
        "model/kernel": np.load(kernel),
    }
    for name, want in exact.items():
        have = got[name]
        if have.dtype != want.dtype or have.shape != want.shape or not np.array_equal(have, want):
            raise AssertionError(f"{mode}: {name} is {have!r}, expected {want!r}")
    if not (np.all(np.abs(got["model/kernel"] - 1.0) < 6.0) and got["model/kernel"].std() > 0.1):
        raise AssertionError(f"{mode}: the kernel does not look drawn: {got['model/kernel']}")
    print(f"ok: {mode}: {len(got)} tensors read by NumPy with the program's values")


def main():
    ingot = str(Path(sys.argv[1]).resolve())
    for mode in ("compiled", "eager"):
        with tempfile.TemporaryDirectory(prefix="ingot-ckpt-") as name:
            tmp = Path(name)
            (tmp / "program.py").write_text(SCRIPT)
            check(mode, ingot, tmp)


if __name__ == "__main__":
    main()
