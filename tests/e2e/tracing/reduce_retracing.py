# reduce_retracing=True: after shapes (2,) and (3,), one more trace at (None,) that
# every later length reuses (TensorFlow generalizes the same way).
import tensorflow as tf


@tf.function(reduce_retracing=True)
def double(x):
    print("tracing for", x.shape)
    return x * 2


for n in [2, 3, 4, 5, 6]:
    tf.print(double(tf.range(n)))
print("traces:", double.experimental_get_tracing_count())
