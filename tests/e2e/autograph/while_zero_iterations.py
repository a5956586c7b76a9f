# A tensor while whose condition is false at once: the body is traced but never runs.
import tensorflow as tf


@tf.function
def shrink(x, limit):
    n = tf.constant(0)
    while x > limit:
        print("tracing the body once")
        x = x / 2.0
        n += 1
    return x, n


x, n = shrink(tf.constant(1.0), tf.constant(5.0))
tf.print(x, n)
x, n = shrink(tf.constant(40.0), tf.constant(5.0))
tf.print(x, n)
