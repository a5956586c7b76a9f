# A top-level constant captured by a tf.function and used with a Python number inside a tensor loop.
import tensorflow as tf

step = tf.constant(3)


@tf.function
def f(n):
    total = tf.constant(0)
    i = tf.constant(0)
    while i < n:
        total = total + step * 2
        i += 1
    return total


tf.print(f(tf.constant(4)))
