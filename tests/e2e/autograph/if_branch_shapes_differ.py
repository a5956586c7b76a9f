# Branches of a tensor if may give different shapes: the result's shape is partly unknown (i32[?]).
import tensorflow as tf


@tf.function
def pick(flag):
    if flag:
        v = tf.range(3)
    else:
        v = tf.range(10, 15)
    return v, tf.reduce_sum(v)


v, s = pick(tf.constant(True))
tf.print(v, s)
v, s = pick(tf.constant(False))
tf.print(v, s, summarize=-1)
