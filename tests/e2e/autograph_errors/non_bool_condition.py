# A tensor condition that is not bool: TensorFlow asks for a tf.bool scalar.
import tensorflow as tf


@tf.function
def f(x):
    if tf.constant(1):
        x = x + 1
    return x


f(tf.constant(1))
