# A loop variable whose dtype changes in the body of a tensor while.
import tensorflow as tf


@tf.function
def f(n):
    x = tf.constant(0)
    while n > 0:
        x = tf.cast(x, tf.float32) + 1.0
        n -= 1
    return x


f(tf.constant(3))
