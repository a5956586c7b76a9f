# `for row in t:` over a tensor is a graph loop over its rows (axis 0).
import tensorflow as tf


@tf.function
def row_sums(m):
    best = tf.constant(-1000.0)
    count = 0
    for row in m:
        s = tf.reduce_sum(row)
        if s > best:
            best = s
        count += 1
    return best, count


m = tf.constant([[1.0, 2.0, 3.0], [10.0, -1.0, 0.5], [4.0, 4.0, -2.0]])
b, c = row_sums(m)
tf.print(b, c)
