# A tensor while carrying a counter and a float accumulator: sum of squares 1..n.
import tensorflow as tf


@tf.function
def sum_squares(n):
    i = tf.constant(1)
    total = tf.constant(0.0)
    while i <= n:
        total = total + tf.cast(i * i, tf.float32)
        i += 1
    return total


tf.print(sum_squares(tf.constant(10)), sum_squares(tf.constant(100)))
