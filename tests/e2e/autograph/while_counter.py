# A while on a tensor counter is one while node; the body is traced once.
import tensorflow as tf


@tf.function
def count_to(n):
    i = tf.constant(0)
    while i < n:
        print("tracing the body")
        i = i + 1
    return i


tf.print(count_to(tf.constant(5)), count_to(tf.constant(12)))
