# §4.1 Slower with tf.function: a Python number is part of the trace's key, so each new
# value traces again; the same values as tensors share one trace.
import tensorflow as tf


@tf.function
def scale(x, factor):
    print("tracing scale")  # once per trace
    return x * factor


x = tf.constant([1.0, 2.0])
for factor in [1, 2, 3]:  # three Python ints: three traces
    tf.print(scale(x, factor))
for factor in [1.0, 2.0, 3.0]:  # three tensors of one signature: one more trace
    tf.print(scale(x, tf.constant(factor)))
print("traces:", scale.experimental_get_tracing_count())
