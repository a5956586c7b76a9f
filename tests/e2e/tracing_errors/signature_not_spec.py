# An input_signature entry that is not a tf.TensorSpec is reported at the
# decorator, not inside the stdlib's tf.function.
import tensorflow as tf


@tf.function(input_signature=[3])
def f(x):
    return x


f(1)
