#!/usr/bin/env python3
"""Independent reference for match_reference.py (pure CPython, `math` only).

Trains the linear model y = X @ w + b on the loss mean((X @ w + b - Y)^2) for 10
steps with each optimizer, using hand-derived gradients
    r = X @ w + b - Y,   dL/dw = 2/N X^T r,   dL/db = 2/N sum(r),   N = 4,
and the update rules of the Keras (2.11+, and Keras 3) optimizers, written out
by hand below. It prints, per optimizer, a label line (no digits), the loss
before each of the 10 steps, and the final w (3 values) and b (1 value), every
float with repr(). Its output is kept in _reference.txt; _compare.py checks the
numbers the Ingot program prints against it, number by number.

Two details follow Keras's source rather than the textbook formulas:
* the learning rate is held in a float32 variable (backend.floatx()) and cast to
  the model variable's dtype, so a float64 model sees float32(lr), e.g.
  0.05 -> 0.05000000074505806 (a relative change of ~1.5e-8);
* RMSprop and Adagrad put epsilon under the square root:
  lr * g / sqrt(ms + eps) and lr * g / sqrt(acc + eps); Adam adds it outside:
  sqrt(v) + eps.
"""

import math

X = [[1.0, 2.0, 0.5],
     [0.3, -1.0, 2.0],
     [2.0, 0.1, -0.7],
     [-1.5, 0.8, 1.2]]
# Y = X @ [1.5, -2.0, 0.7] + 0.3 plus the offsets [0.05, -0.03, 0.02, -0.04].
Y = [-1.8, 4.12, 2.63, -2.75]
W0 = [0.4, -0.3, 0.25]
B0 = 0.5
N = 4
STEPS = 10


def f32(x):
    """x rounded to the nearest float32 (ties to even), as a Python float."""
    if x == 0.0 or math.isinf(x) or math.isnan(x):
        return x
    m, e = math.frexp(x)              # x = m * 2**e, 0.5 <= |m| < 1
    return math.ldexp(round(m * 2.0 ** 24), e - 24)   # round() ties to even


def residuals(w, b):
    return [sum(X[i][j] * w[j] for j in range(3)) + b - Y[i] for i in range(N)]


def loss_and_grads(w, b):
    r = residuals(w, b)
    loss = sum(ri * ri for ri in r) / N
    gw = [2.0 / N * sum(X[i][j] * r[i] for i in range(N)) for j in range(3)]
    gb = 2.0 / N * sum(r)
    return loss, gw + [gb]            # parameters as one flat list: w0 w1 w2 b


class SGD:
    def __init__(self, learning_rate, momentum=0.0, nesterov=False):
        self.lr = f32(learning_rate)
        self.momentum = momentum
        self.nesterov = nesterov
        self.m = None

    def apply(self, params, grads, t):
        if self.momentum == 0.0:
            return [p - self.lr * g for p, g in zip(params, grads)]
        if self.m is None:
            self.m = [0.0] * len(params)
        out = []
        for k, (p, g) in enumerate(zip(params, grads)):
            self.m[k] = -g * self.lr + self.m[k] * self.momentum
            if self.nesterov:
                out.append(p + (-g * self.lr + self.m[k] * self.momentum))
            else:
                out.append(p + self.m[k])
        return out


class Adam:
    def __init__(self, learning_rate, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False):
        self.lr = f32(learning_rate)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        self.amsgrad = amsgrad
        self.m = self.v = self.vhat = None

    def apply(self, params, grads, t):
        if self.m is None:
            self.m = [0.0] * len(params)
            self.v = [0.0] * len(params)
            self.vhat = [0.0] * len(params)
        alpha = self.lr * math.sqrt(1 - self.beta_2 ** t) / (1 - self.beta_1 ** t)
        out = []
        for k, (p, g) in enumerate(zip(params, grads)):
            self.m[k] += (g - self.m[k]) * (1 - self.beta_1)
            self.v[k] += (g * g - self.v[k]) * (1 - self.beta_2)
            v = self.v[k]
            if self.amsgrad:
                self.vhat[k] = max(self.vhat[k], self.v[k])
                v = self.vhat[k]
            out.append(p - (self.m[k] * alpha) / (math.sqrt(v) + self.epsilon))
        return out


class RMSprop:
    def __init__(self, learning_rate, rho=0.9, epsilon=1e-7, momentum=0.0, centered=False):
        self.lr = f32(learning_rate)
        self.rho, self.epsilon = rho, epsilon
        self.momentum, self.centered = momentum, centered
        self.ms = self.mg = self.mom = None

    def apply(self, params, grads, t):
        if self.ms is None:
            self.ms = [0.0] * len(params)
            self.mg = [0.0] * len(params)
            self.mom = [0.0] * len(params)
        out = []
        for k, (p, g) in enumerate(zip(params, grads)):
            self.ms[k] = self.rho * self.ms[k] + (1 - self.rho) * (g * g)
            denominator = self.ms[k] + self.epsilon
            if self.centered:
                self.mg[k] = self.rho * self.mg[k] + (1 - self.rho) * g
                denominator = self.ms[k] - self.mg[k] * self.mg[k] + self.epsilon
            increment = self.lr * g / math.sqrt(denominator)
            if self.momentum > 0:
                self.mom[k] = self.momentum * self.mom[k] + increment
                increment = self.mom[k]
            out.append(p - increment)
        return out


class Adagrad:
    def __init__(self, learning_rate, initial_accumulator_value=0.1, epsilon=1e-7):
        self.lr = f32(learning_rate)
        self.init, self.epsilon = initial_accumulator_value, epsilon
        self.acc = None

    def apply(self, params, grads, t):
        if self.acc is None:
            self.acc = [self.init] * len(params)
        out = []
        for k, (p, g) in enumerate(zip(params, grads)):
            self.acc[k] += g * g
            out.append(p - self.lr * g / math.sqrt(self.acc[k] + self.epsilon))
        return out


def train(label, opt):
    params = W0 + [B0]
    losses = []
    for t in range(1, STEPS + 1):
        loss, grads = loss_and_grads(params[:3], params[3])
        losses.append(loss)
        params = opt.apply(params, grads, t)
    print(label)
    print("losses", " ".join(repr(x) for x in losses))
    print("w", " ".join(repr(x) for x in params[:3]))
    print("b", repr(params[3]))


train("sgd", SGD(learning_rate=0.05))
train("sgd momentum", SGD(learning_rate=0.05, momentum=0.9))
train("sgd momentum nesterov", SGD(learning_rate=0.05, momentum=0.9, nesterov=True))
train("adam", Adam(learning_rate=0.1))
train("adam amsgrad", Adam(learning_rate=0.1, amsgrad=True))
train("rmsprop", RMSprop(learning_rate=0.01))
train("rmsprop momentum", RMSprop(learning_rate=0.01, momentum=0.9))
train("rmsprop centered", RMSprop(learning_rate=0.01, centered=True))
train("adagrad", Adagrad(learning_rate=0.1))
