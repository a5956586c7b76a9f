# and/or/not on tensors: the right side becomes a cond, so it is only computed when needed.
import tensorflow as tf


@tf.function
def in_range(x, lo, hi):
    inside = x >= lo and x <= hi
    outside = x < lo or x > hi
    neither = not inside
    return inside, outside, neither


for v in [0, 5, 11]:
    i, o, n = in_range(tf.constant(v), tf.constant(1), tf.constant(10))
    tf.print(v, i, o, n)
print(in_range.experimental_get_tracing_count())
