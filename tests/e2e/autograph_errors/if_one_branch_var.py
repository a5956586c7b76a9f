# A name set in only one branch of a tensor if and used after it is an error naming it.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        y = x * 2
    return y


f(tf.constant(1))
