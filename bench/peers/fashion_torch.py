"""The Fashion-MNIST Keras benchmarks' peer in PyTorch (bench/keras_ratio): the same
two models as bench/keras_fashion_mlp.py and bench/keras_fashion_cnn.py, trained the
same way: batch 64, Adam (lr 1e-3), softmax cross-entropy, one thread.

  mlp  784 -> 256 ReLU -> 10
  cnn  conv 3x3 32 (same) ReLU, max pool 2, conv 3x3 64 (same) ReLU, max pool 2,
       flatten, dense 128 ReLU, dense 10

Run with Debian's /usr/bin/python3 (python3-torch, python3-numpy):
    /usr/bin/python3 bench/peers/fashion_torch.py MODEL speed STEPS
        times STEPS train steps (shuffled batches) after 20 warm-up steps; prints the
        steps per second
    /usr/bin/python3 bench/peers/fashion_torch.py MODEL accuracy EPOCHS
        trains EPOCHS epochs on the 60,000 images (shuffled each epoch, seed 0) and
        prints the test accuracy
"""
import gzip
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

DATA = "/usr/share/datasets/fashion-mnist/"
BATCH = 64


def read_idx(name):
    with gzip.open(DATA + name, "rb") as f:
        raw = f.read()
    rank = raw[3]
    dims = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(rank)]
    return np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * rank).reshape(dims)


def load(split):
    images = torch.from_numpy(read_idx(split + "-images-idx3-ubyte.gz").astype(np.float32) / 255)
    labels = torch.from_numpy(read_idx(split + "-labels-idx1-ubyte.gz").astype(np.int64))
    return images.reshape(-1, 1, 28, 28), labels


def make_model(name):
    nn = torch.nn
    if name == "mlp":
        return nn.Sequential(nn.Flatten(), nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10))
    return nn.Sequential(
        nn.Conv2d(1, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(64 * 7 * 7, 128), nn.ReLU(), nn.Linear(128, 10))


def main():
    name, mode, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if name not in ("mlp", "cnn") or mode not in ("speed", "accuracy"):
        sys.exit(__doc__)
    torch.set_num_threads(1)
    torch.manual_seed(0)
    x, y = load("train")
    model = make_model(name)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(xb, yb):
        optimizer.zero_grad(set_to_none=True)
        F.cross_entropy(model(xb), yb).backward()
        optimizer.step()

    generator = torch.Generator().manual_seed(0)
    if mode == "speed":  # shuffled batches, as Keras's fit draws them
        order = torch.randperm(len(y), generator=generator)
        batches = len(y) // BATCH

        def batch(k):
            index = order[(k % batches) * BATCH:(k % batches + 1) * BATCH]
            return x[index], y[index]
        for k in range(20):  # warm-up
            step(*batch(k))
        start = time.perf_counter()
        for k in range(count):
            step(*batch(k))
        print(count / (time.perf_counter() - start))
        return
    for _ in range(count):
        order = torch.randperm(len(y), generator=generator)
        for i in range(0, len(y), BATCH):
            index = order[i:i + BATCH]
            step(x[index], y[index])
    x_test, y_test = load("t10k")
    with torch.no_grad():
        correct = sum(int((model(x_test[i:i + 1000]).argmax(1) == y_test[i:i + 1000]).sum())
                      for i in range(0, len(y_test), 1000))
    print(correct / len(y_test))


if __name__ == "__main__":
    main()
