import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def double(x):
    return x * 2
