# Nested tensor loops where the inner loop breaks: only the inner loop stops.
import tensorflow as tf


@tf.function
def count_pairs(n):
    pairs = tf.constant(0)
    for i in tf.range(n):
        for j in tf.range(n):
            if j > i:
                break
            pairs += 1
    return pairs


tf.print(count_pairs(tf.constant(5)), count_pairs(tf.constant(1)))
