"""The digits CNN train step in PyTorch, the peer of bench/train_cnn.py: conv 3x3
1->16 (padding 1), ReLU, max pool 2; conv 3x3 16->32, ReLU, max pool 2; flatten;
linear 128->10. SGD lr 0.1, batch 64, one thread, the same images and batches in the
same order as the Ingot program.

Run by bench/train_ratio cnn with Debian's /usr/bin/python3 (python3-torch 1.13):
    /usr/bin/python3 bench/peers/cnn_torch.py MODE STEPS
MODE is eager (nn.Module, loss.backward(), torch.optim.SGD) or scripted (the whole
step in one torch.jit.script function). Prints the steps per second of the timed
steps, which follow a warm-up epoch.
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
    h = F.max_pool2d(torch.relu(F.conv2d(x, params[0], params[1], 1, 1)), 2)
    h = F.max_pool2d(torch.relu(F.conv2d(h, params[2], params[3], 1, 1)), 2)
    loss = F.cross_entropy(F.linear(torch.flatten(h, 1), params[4], params[5]), y)
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
    x = (torch.tensor(TRAIN_IMAGES, dtype=torch.float32) / 16.0).reshape(-1, 1, 8, 8)
    y = torch.tensor(TRAIN_LABELS, dtype=torch.int64)
    n = len(TRAIN_LABELS) // BATCH
    batches = [(x[i * BATCH:(i + 1) * BATCH], y[i * BATCH:(i + 1) * BATCH]) for i in range(n)]
    model = torch.nn.Sequential(
        torch.nn.Conv2d(1, 16, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Flatten(), torch.nn.Linear(128, 10))
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
