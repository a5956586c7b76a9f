# A tensor if may not leave a variable None in one branch.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        y = x
    else:
        y = None
    return y


f(tf.constant(1))
