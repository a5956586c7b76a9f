# A tensor if may not leave a variable None in its main branch either.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        y = None
    else:
        y = x
    return y


f(tf.constant(1))
