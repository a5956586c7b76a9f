# Several variables set in both branches of a tensor if are all outputs of the cond.
import tensorflow as tf


@tf.function
def split(x):
    if x > 10:
        lo = x - 10
        hi = 1
    else:
        lo = x
        hi = 0
    return lo * 100 + hi


tf.print(split(tf.constant(15)), split(tf.constant(7)))
