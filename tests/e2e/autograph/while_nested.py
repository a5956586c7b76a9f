# Nested tensor while loops: the inner while is a region of the outer while.
import tensorflow as tf


@tf.function
def triangle(n):
    i = tf.constant(0)
    total = tf.constant(0)
    while i < n:
        j = tf.constant(0)
        while j <= i:
            total += j
            j += 1
        i += 1
    return total


tf.print(triangle(tf.constant(4)), triangle(tf.constant(10)))
