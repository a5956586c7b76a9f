# `while True:` with a tensor-dependent break: the Python loop's test turns into a tensor (NotImplementedError).
import tensorflow as tf


@tf.function
def first_power_above(limit):
    p = tf.constant(1)
    n = tf.constant(0)
    while True:
        p = p * 3
        n += 1
        if p > limit:
            break
    return p, n


p, n = first_power_above(tf.constant(100))
tf.print(p, n)
p, n = first_power_above(tf.constant(0))
tf.print(p, n)
