"""The digits MLP train step in PyTorch, the peer of bench/train_mlp.py: 64-128(ReLU)-10,
SGD lr 0.1, batch 64, one thread, the same images (examples/data/digits.csv.gz) and
the same batches in the same order (the first 1408 images of the shuffled split).

Run by bench/train_ratio.py with Debian's /usr/bin/python3 (python3-torch 1.13):
    /usr/bin/python3 bench/peers/mlp_torch.py MODE STEPS
MODE is eager (nn.Module, loss.backward(), torch.optim.SGD) or scripted (the whole
step, forward, cross-entropy, torch.autograd.grad and the update, in one
torch.jit.script function). Prints the steps per second of the timed steps, which
follow a warm-up epoch (the scripted step's profiling runs happen there).
"""
import sys
import time
from pathlib import Path
from typing import List

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from _digits import TRAIN_IMAGES, TRAIN_LABELS  # noqa: E402

BATCH = 64


@torch.jit.script
def scripted_step(params: List[torch.Tensor], x: torch.Tensor, y: torch.Tensor,
                  lr: float) -> torch.Tensor:
    h = torch.relu(F.linear(x, params[0], params[1]))
    loss = F.cross_entropy(F.linear(h, params[2], params[3]), y)
    grads = torch.autograd.grad([loss], params)
    with torch.no_grad():
        for i in range(len(params)):
            g = grads[i]
            assert g is not None
            params[i].sub_(lr * g)
    return loss.detach()


def main():
    mode, steps = sys.argv[1], int(sys.argv[2])
    torch.set_num_threads(1)
    torch.manual_seed(0)
    x = torch.tensor(TRAIN_IMAGES, dtype=torch.float32) / 16.0
    y = torch.tensor(TRAIN_LABELS, dtype=torch.int64)
    n = len(TRAIN_LABELS) // BATCH
    batches = [(x[i * BATCH:(i + 1) * BATCH], y[i * BATCH:(i + 1) * BATCH]) for i in range(n)]
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                                torch.nn.Linear(128, 10))
    if mode == "scripted":
        params = list(model.parameters())
        def step(xb, yb):
            return scripted_step(params, xb, yb, 0.1)
    elif mode == "eager":
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
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


if __name__ == "__main__":
    main()
