# Lazy tensor `and` guards an index: v[i] is read only when i is in range (right side in a cond).
import tensorflow as tf


@tf.function
def count_leading_positive(v):
    n = tf.shape(v)[0]
    i = tf.constant(0)
    while i < n and v[i] > 0:
        i += 1
    return i


tf.print(count_leading_positive(tf.constant([3, 1, 4, -1, 5])), count_leading_positive(tf.constant([1, 2, 3])))
