# A tensor while condition inside a do_not_convert function is an OperatorNotAllowedInGraphError.
import tensorflow as tf


@tf.autograph.experimental.do_not_convert
def countdown(x):
    while x > 0:
        x = x - 1
    return x


@tf.function
def f(x):
    return countdown(x)


f(tf.constant(2))
