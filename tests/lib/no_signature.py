# A library exports every module-level tf.function: one without an input_signature
# has no C types for its arguments.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def double(x):
    return 2.0 * x


@tf.function
def triple(x):
    return 3.0 * x
