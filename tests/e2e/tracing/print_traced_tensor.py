# ingot-test: build-exit=0
# Python's print() of a traced tensor runs at build time and shows a symbol, not a
# value: inside a tf.function (once per trace) and at the top level, which Ingot
# traces into the program (TensorFlow would print the value there). A warning at each
# place suggests tf.print; a static shape is a Python value and prints as one. An
# f-string formatting a traced tensor shows the same symbol: warned about too.
import tensorflow as tf


@tf.function
def double(x):
    print("tracing with", x)
    print("shape:", x.shape)
    print(f"x is {x}, of shape {x.shape}")
    print("x is {!r}".format(x))
    tf.print("running with", x)
    return x * 2


r = double(tf.constant(1.0))
double(tf.constant(2.0))
print(r)
print([r, 1])
print(f"r = {r}")
tf.print("result:", r)
