# ingot-test: build-args=--trace-report
# --trace-report for traces that differ in Python values and inside lists: each
# trace shows the Python arguments by value (as pretty_printed_concrete_signatures
# does), its reason names the nearest earlier trace and what differs from it (the
# list item, not the whole list), the other earlier traces say why not them, and
# every call line says which trace it ran (a loop's calls on one line). A string
# shows as its str, as TensorFlow's summary writes it.
import tensorflow as tf


@tf.function
def add_n(x, n):
    return x + n


@tf.function
def weighted(values, scale):
    return (values[0] + values[1]) * scale


@tf.function
def activate(x, kind):
    return tf.nn.relu(x) if kind == "relu" else x


x = tf.constant(1.0)
tf.print(add_n(x, n=2))
tf.print(add_n(x, n=3))
tf.print(add_n(x, n=2))
for _ in range(3):
    tf.print(add_n(x, n=4))
print(add_n.pretty_printed_concrete_signatures())
tf.print(weighted([x, x], 2.0))
tf.print(weighted([x, tf.constant([1.0, 2.0])], 2.0))
tf.print(weighted([x, x, x], 2.0))
tf.print(weighted([x, x], 0.5))
tf.print(activate(-x, "relu"), activate(-x, kind="none"))
