# Nested for loops: tensor over tensor, and a Python loop (unrolled) inside a tensor loop.
import tensorflow as tf


@tf.function
def table(n):
    total = tf.constant(0)
    for i in tf.range(1, n + 1):
        for j in tf.range(1, i + 1):
            total += i * j
    mixed = tf.constant(0)
    for i in tf.range(n):
        for k in [1, 10]:
            mixed += i * k
    return total, mixed


t, m = table(tf.constant(4))
tf.print(t, m)
