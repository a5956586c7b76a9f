# A library has no command line, so no flags.
import tensorflow as tf
import ingot

SCALE = ingot.flag("scale", 2.0, "what to multiply by")


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def scale(x):
    return x * SCALE
