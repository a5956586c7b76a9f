# ingot-test: build-args=--trace-report
# --trace-report's call list: calls made while tracing another tf.function are marked
# "(inside a trace)" (TensorFlow's retracing warning does not watch them), and
# get_concrete_function is a call that traces or reuses a trace like any other.
import tensorflow as tf


@tf.function
def inner(x):
    return x * 2


@tf.function
def outer(x):
    return inner(x) + inner(x)


tf.print(outer(tf.constant(1.0)))
tf.print(outer(tf.constant([1.0])))
cf = inner.get_concrete_function(tf.TensorSpec([None], tf.float32))
tf.print(cf(tf.constant([1.0, 2.0])))
