# The two branches of a tensor if give a variable different dtypes.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        y = tf.constant(1)
    else:
        y = tf.constant(1.0)
    return y


f(tf.constant(1))
