# A tensor-dependent break inside a Python for loop.
import tensorflow as tf


@tf.function
def f(x):
    for k in [1, 2, 3]:
        if x > k:
            break
        x = x + 1
    return x


f(tf.constant(1))
