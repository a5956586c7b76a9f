"""The finite-difference check the gradient tests share (the finite_differences*.py
scripts): tape.gradient against central differences, element by element, in the
inputs' own dtype; and ramp, inputs without ties for the window ops."""
import tensorflow as tf


def num_elements(t):
    """The element count of a tensor, or of a shape given as a list."""
    n = 1
    for d in (t if isinstance(t, list) else t.shape):
        n *= d
    return n


def ramp(shape, scale, offset):
    """float64 values of the given shape, all distinct, in a scrambled order (no two
    pool inputs tie): (i * 7 + offset) mod n, scaled and shifted below zero."""
    n = num_elements(shape)
    i = tf.cast(tf.range(n), tf.float64)
    return tf.reshape(tf.math.floormod(i * 7.0 + offset, float(n)) * scale - 0.5, shape)


def weighted_sum(y):
    # reduce_sum of y times fixed distinct weights 1, 1.25, 1.5, ...: every output
    # element then has its own upstream gradient, so an element moved to the wrong
    # place is seen (and a softmax, whose plain sum is always 1, is checked at all).
    n = num_elements(y)
    w = tf.reshape(tf.cast(tf.range(n), y.dtype) * 0.25 + 1.0, list(y.shape))
    return tf.reduce_sum(y * w)


def check(name, f, xs, eps=1e-6, tol=1e-6):
    """True when tape.gradient of weighted_sum(f(*xs)) matches the central
    difference (F(x + eps e_i) - F(x - eps e_i)) / (2 eps) for every element i
    of every input, within tol relative plus absolute."""
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        target = weighted_sum(f(*xs))
    grads = tape.gradient(target, xs)
    oks = []
    for j in range(len(xs)):
        x = xs[j]
        g = grads[j]
        if g is None or tuple(g.shape) != tuple(x.shape) or g.dtype != x.dtype:
            print(name, "input", j, "of shape", tuple(x.shape), "has no gradient of its shape and dtype")
            oks.append(tf.constant(False))
            continue
        n = num_elements(x)
        shape = list(x.shape)
        diffs = []
        for i in range(n):
            d = tf.reshape(tf.cast(tf.range(n) == i, x.dtype), shape) * eps
            up = xs[:j] + [x + d] + xs[j + 1:]
            down = xs[:j] + [x - d] + xs[j + 1:]
            diffs.append((weighted_sum(f(*up)) - weighted_sum(f(*down))) / (2 * eps))
        num = tf.cast(tf.reshape(tf.stack(diffs), shape), x.dtype)
        oks.append(tf.reduce_all(tf.abs(num - g) <= tol * (1.0 + tf.abs(num))))
    return tf.reduce_all(tf.stack(oks))


def report(name, f, cases, eps=1e-6, tol=1e-6):
    oks = [check(name, f, xs, eps, tol) for xs in cases]
    tf.print(name, "ok:", tf.reduce_all(tf.stack(oks)))
