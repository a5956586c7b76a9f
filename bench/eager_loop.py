# bench: max-seconds=1 max-rss-mb=16 eager-max-seconds=20 eager-max-rss-mb=64
# The same scalar while loop run eagerly, 200000 iterations: every iteration makes
# new tensors and Python values, which must be reclaimed as the loop runs (flat
# memory) at a per-op cost near TensorFlow's eager overhead.
import tensorflow as tf


@tf.function
def count_multiples(n):
    i = tf.constant(0)
    hits = tf.constant(0)
    while i < n:
        if i % 7 == 0:
            hits += 1
        i += 1
    return hits


tf.print(count_multiples(tf.constant(200000)))
