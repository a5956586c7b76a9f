# A for over tf.range(n) is one while node: the body is traced once.
import tensorflow as tf


@tf.function
def sum_range(n):
    s = tf.constant(0)
    for i in tf.range(n):
        print("tracing the body")
        s += i
    return s


tf.print(sum_range(tf.constant(10)), sum_range(tf.constant(0)), sum_range(tf.constant(101)))
