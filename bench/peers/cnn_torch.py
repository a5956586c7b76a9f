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
from typing import List

import torch
import torch.nn.functional as F

from _train_step import run


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
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(1, 16, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Flatten(), torch.nn.Linear(128, 10))
    run(model, scripted_step, (1, 8, 8))


if __name__ == "__main__":
    main()
