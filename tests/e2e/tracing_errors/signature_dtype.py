# input_signature's dtype is checked too: an int32 tensor is not a float32 spec.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
def f(x):
    return x * 2.0


f(tf.constant(1.0))
f(tf.constant(1))
