# get_concrete_function traces without calling; the concrete function is callable
# with tensors of its signature, and printing it shows TensorFlow's summary.
import tensorflow as tf


@tf.function
def affine(x, y):
    return x * 2.0 + y


cf = affine.get_concrete_function(tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32))
print(cf)
print(affine.experimental_get_tracing_count())
tf.print(cf(tf.constant([1.0, 2.0, 3.0]), tf.constant(0.5)))
tf.print(affine(tf.constant([4.0]), tf.constant(1.0)))
print(affine.experimental_get_tracing_count())
print(affine.pretty_printed_concrete_signatures())
