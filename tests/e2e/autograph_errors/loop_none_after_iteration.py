# A tensor loop's variable may not become None in the loop body.
import tensorflow as tf


@tf.function
def f(n):
    i = tf.constant(0)
    y = tf.constant(0)
    while i < n:
        i += 1
        y = None
    return y


f(tf.constant(3))
