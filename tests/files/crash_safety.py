#!/usr/bin/env python3
"""Killing a program while it writes a checkpoint leaves the previous checkpoint whole.

The program rewrites one 16 MB checkpoint over and over, each time with every element
set to the number of the write, so most of its time is spent inside a write. The test
kills it (SIGKILL: no handler runs) at several moments and each time finds at the
checkpoint's path a complete file (right size, a header that parses, all elements
equal, the count not past what the program reached); at worst a temporary file beside
it, which nothing reads.

usage: crash_safety.py INGOT"""
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _safetensors

SCRIPT = '''
import tensorflow as tf
import ingot

w = tf.Variable(tf.zeros([4000000]))
ckpt = tf.train.Checkpoint(w=w)
path = ingot.flag("path", "ckpt")
for i in tf.range(1, 100000):
    w.assign(tf.fill([4000000], tf.cast(i, tf.float32)))
    ckpt.write(path)
'''
KILL_DELAYS = (0.05, 0.2, 0.45, 0.8, 1.3)


def check_intact(path):
    arrays = _safetensors.load(path)
    w = arrays["w"]
    if w.shape != (4000000,):
        raise AssertionError(f"w has shape {w.shape}")
    if not (w == w[0]).all() or w[0] < 1:
        raise AssertionError(f"w is a mix of writes: {w[:3]} ... {w[-3:]}")
    return int(w[0])


def main():
    ingot = str(Path(sys.argv[1]).resolve())
    with tempfile.TemporaryDirectory(prefix="ingot-crash-") as name:
        tmp = Path(name)
        (tmp / "program.py").write_text(SCRIPT)
        binary = tmp / "program"
        subprocess.run([ingot, "build", "program.py", "-o", str(binary)], cwd=tmp, check=True,
                       timeout=600)
        path = tmp / "ckpt"
        last = 0
        for delay in KILL_DELAYS:
            proc = subprocess.Popen([str(binary), f"--path={path}"], cwd=tmp)
            deadline = time.monotonic() + 60
            while not path.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            if not path.exists():
                proc.kill()
                raise AssertionError("the program wrote no checkpoint in 60 s")
            time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            count = check_intact(path)
            leftovers = [p.name for p in tmp.iterdir()
                         if p.name not in ("program.py", "program", "ckpt")]
            if any(not n.startswith("ckpt.tmp") for n in leftovers):
                raise AssertionError(f"unexpected files beside the checkpoint: {leftovers}")
            for n in leftovers:
                os.unlink(tmp / n)
            during = " (killed during a write: its temporary file was left)" if leftovers else ""
            print(f"ok: killed after {delay:.2f} s: the checkpoint holds write {count}, "
                  f"whole{during}")
            last = count
        if last < 1:
            raise AssertionError("no write was ever seen")


if __name__ == "__main__":
    main()
