# The two branches of a tensor if give a variable different nested structures.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        y = (x, x)
    else:
        y = x
    return y


f(tf.constant(1))
