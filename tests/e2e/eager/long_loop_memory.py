# ingot-test: eager-max-rss-mb=100
# A 50000-iteration loop run eagerly makes new tensors on every iteration; those no
# Python value refers to any more are released as it goes, so the memory stays
# flat (keeping them all would take about 600 MB). Compiled, it is one while node.
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


tf.print(count_multiples(tf.constant(50000)))
