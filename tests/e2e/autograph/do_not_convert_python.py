# A do_not_convert function keeps plain Python control flow on Python values inside a tf.function.
import tensorflow as tf


@tf.autograph.experimental.do_not_convert
def powers(x, n):
    out = x
    i = 1
    while i < n:
        if i % 2 == 0:
            print("plain python: even step", i)
        out = out * x
        i += 1
    return out


@tf.function
def f(x):
    return powers(x, 4)


tf.print(f(tf.constant(3)))
