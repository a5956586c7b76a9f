import tensorflow as tf


@tf.autograph.experimental.do_not_convert
def sign(x):
    if x > 0:
        return 1
    return -1


@tf.function
def f(x):
    return sign(x)


f(tf.constant(2.0))
