# ingot-test: build-args=-Wno-retracing
# Hundreds of traces of one tf.function (one per input shape) get the names f__1 ..
# f__400 in linear time: naming used to retry every "__<n>" against every function,
# cubic in the number of traces (2000 shapes took 26 s). A trace that fails gives its
# name back, so the next trace reuses it.
import tensorflow as tf


@tf.function
def f(x):
    if x.shape[0] == 3:
        raise ValueError("no traces for 3 elements")
    return tf.reduce_sum(x * 2.0)


total = 0.0
for n in range(1, 401):
    try:
        total = total + f(tf.ones([n]))
    except ValueError as e:
        print("caught:", e)
print("traces:", f.experimental_get_tracing_count())
tf.print("total:", total)
