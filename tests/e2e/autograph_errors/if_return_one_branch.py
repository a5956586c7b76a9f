# A tensor if that returns in one branch only and falls off the end of the function in the other.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        return x


f(tf.constant(1))
