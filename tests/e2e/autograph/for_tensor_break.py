# A for over a tensor's elements with a break: stops at the first negative element.
import tensorflow as tf


@tf.function
def prefix_sum(v):
    s = tf.constant(0.0)
    for x in v:
        if x < 0:
            break
        s += x
    return s


tf.print(prefix_sum(tf.constant([1.5, 2.0, -1.0, 4.0])), prefix_sum(tf.constant([1.0, 2.0, 3.0])))
