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
from typing import List

import torch
import torch.nn.functional as F

from _train_step import run


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
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                                torch.nn.Linear(128, 10))
    run(model, scripted_step, (64,))


if __name__ == "__main__":
    main()
