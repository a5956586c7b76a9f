# A loop variable whose nested structure changes in the body of a tensor while.
import tensorflow as tf


@tf.function
def f(n):
    x = tf.constant(0)
    while n > 0:
        x = (x, x)
        n -= 1
    return x


f(tf.constant(3))
