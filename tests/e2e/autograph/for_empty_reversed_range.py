# A for over tf.range(n) with n < 0 runs zero times: the loop only uses the range's bounds.
import tensorflow as tf


@tf.function
def f(n, x):
    for i in tf.range(n):
        x = x + 1.0
    return x


tf.print(f(tf.constant(-3), tf.constant(2.5)))
