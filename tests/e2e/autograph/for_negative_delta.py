# Negative-step ranges, both a Python range (unrolled) and a tf.range (graph loop).
import tensorflow as tf


@tf.function
def countdown(n):
    digits = tf.constant(0)
    for i in tf.range(n, 0, -1):
        digits = digits * 10 + i
    py = tf.constant(0)
    for i in range(5, -4, -3):
        py = py * 10 + i
    return digits, py


d, p = countdown(tf.constant(5))
tf.print(d, p)
d, p = countdown(tf.constant(0))
tf.print(d, p)
