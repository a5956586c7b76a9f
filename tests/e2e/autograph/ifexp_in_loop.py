# A tensor conditional expression inside a tensor while: each iteration picks doubling or adding.
import tensorflow as tf


@tf.function
def grow(x, steps):
    i = tf.constant(0)
    while i < steps:
        x = x * 2 if x < 10 else x + 1
        i += 1
    return x


tf.print(grow(tf.constant(1), tf.constant(6)), grow(tf.constant(50), tf.constant(3)))
