"""What the PyTorch peers of the training benchmarks share (mlp_torch.py, cnn_torch.py):
the digits as batches of 64 in the Ingot programs' order, the two ways of running a
step, and the timing. run() reads MODE STEPS from the command line and prints the
steps per second of the timed steps, which follow a warm-up epoch (the scripted
step's profiling runs happen there)."""
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from _digits import TRAIN_IMAGES, TRAIN_LABELS  # noqa: E402

BATCH = 64
LEARNING_RATE = 0.1


def run(model, scripted_step, image_shape):
    """model: a freshly made nn.Module; scripted_step(params, x, y, lr) the whole step
    in one torch.jit.script function; image_shape: one image as the model takes it."""
    mode, steps = sys.argv[1], int(sys.argv[2])
    torch.set_num_threads(1)
    x = (torch.tensor(TRAIN_IMAGES, dtype=torch.float32) / 16.0).reshape(-1, *image_shape)
    y = torch.tensor(TRAIN_LABELS, dtype=torch.int64)
    n = len(TRAIN_LABELS) // BATCH
    batches = [(x[i * BATCH:(i + 1) * BATCH], y[i * BATCH:(i + 1) * BATCH]) for i in range(n)]
    if mode == "scripted":
        params = list(model.parameters())

        def step(xb, yb):
            return scripted_step(params, xb, yb, LEARNING_RATE)
    elif mode == "eager":
        opt = torch.optim.SGD(model.parameters(), lr=LEARNING_RATE)

        def step(xb, yb):
            opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            return loss
    else:
        sys.exit("mode must be eager or scripted")
    for xb, yb in batches:  # warm-up epoch
        step(xb, yb)
    start = time.perf_counter()
    for k in range(steps):
        xb, yb = batches[k % n]
        step(xb, yb)
    print(steps / (time.perf_counter() - start))
