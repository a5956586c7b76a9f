# ingot-test: build-exit=0
# A new trace for every new input signature: dtype, shape, or Python value.
import tensorflow as tf


@tf.function
def double(x):
    print("tracing double for", x)
    return x + x


a = double(tf.constant(1.0))           # traces: float32 scalar
b = double(tf.constant(2.0))           # reuses it
c = double(tf.constant([1.0, 2.0]))    # traces: shape (2,)
d = double(tf.constant(3))             # traces: int32
e = double(2)                          # traces: the Python value 2
f = double(2)                          # reuses it
g = double(3)                          # traces: the Python value 3
print("traces:", double.experimental_get_tracing_count())
tf.print(a, b, c, d, e, f, g)
