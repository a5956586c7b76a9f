"""The PyTorch side of bench/compare: each workload of bench/workloads/ as PyTorch runs
it, timed in this process (median of rounds), one JSON object on stdout of seconds per
unit: Collatz per loop iteration (eager and torch.jit.script), x = x + 1 on float32[16]
per op (eager), the digits MLP and CNN forward per pass (eager, under torch.no_grad).

Run by bench/compare with Debian's /usr/bin/python3 (python3-torch):
    /usr/bin/python3 bench/peers/forward_torch.py THREADS
"""
import json
import statistics
import sys
import time

import torch
import torch.nn.functional as F


def timed(fn, rounds=5):
    ts = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def collatz(limit: int) -> torch.Tensor:
    total = torch.zeros((), dtype=torch.int64)
    i = torch.ones((), dtype=torch.int64)
    while bool(i <= limit):
        n = i.clone()
        while bool(n != 1):
            if bool(n % 2 == 0):
                n = n // 2
            else:
                n = 3 * n + 1
            total += 1
        i += 1
    return total


def collatz_iterations(limit):
    total = 0
    for i in range(1, limit + 1):
        n = i
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            total += 1
    return total


def main():
    threads = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    torch.set_num_threads(threads)
    torch.manual_seed(1)
    res = {}
    limit = 200
    iters = collatz_iterations(limit)
    res["collatz_eager"] = timed(lambda: collatz(limit), 3) / iters
    scripted = torch.jit.script(collatz)
    scripted(limit)
    res["collatz_script"] = timed(lambda: scripted(limit), 3) / iters

    def add_loop(n=20000):
        x = torch.zeros(16)
        for _ in range(n):
            x = x + 1
        return x
    res["add16_eager"] = timed(add_loop) / 20000

    x = torch.rand(64, 64)
    w1, b1 = torch.randn(128, 64) * 0.1, torch.zeros(128)
    w2, b2 = torch.randn(10, 128) * 0.1, torch.zeros(10)

    def mlp(n=200):
        with torch.no_grad():
            for _ in range(n):
                F.linear(torch.relu(F.linear(x, w1, b1)), w2, b2)
    res["mlp_forward_eager"] = timed(mlp) / 200

    img = torch.rand(64, 1, 8, 8)
    f1, c1 = torch.randn(16, 1, 3, 3) * 0.3, torch.zeros(16)
    f2, c2 = torch.randn(32, 16, 3, 3) * 0.1, torch.zeros(32)
    w, b = torch.randn(10, 128) * 0.1, torch.zeros(10)

    def cnn(n=100):
        with torch.no_grad():
            for _ in range(n):
                h = F.max_pool2d(torch.relu(F.conv2d(img, f1, c1, 1, 1)), 2)
                h = F.max_pool2d(torch.relu(F.conv2d(h, f2, c2, 1, 1)), 2)
                F.linear(torch.flatten(h, 1), w, b)
    res["cnn_forward_eager"] = timed(cnn) / 100
    print(json.dumps(res))


if __name__ == "__main__":
    main()
