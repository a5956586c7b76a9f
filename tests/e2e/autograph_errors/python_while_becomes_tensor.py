# A Python while whose condition becomes a tensor after the first iteration.
import tensorflow as tf


@tf.function
def f(x):
    n = 3
    while n > 0:
        n = n - x
    return n


f(tf.constant(1))
