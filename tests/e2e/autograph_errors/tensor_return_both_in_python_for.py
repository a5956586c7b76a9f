# Returns in both branches of a tensor if inside a Python for loop: the loop's stop test becomes a tensor.
import tensorflow as tf


@tf.function
def f(x):
    for k in range(3):
        if x > k:
            return x
        else:
            return -x
    return x


f(tf.constant(1))
