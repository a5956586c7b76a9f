# An `if` on a Python value runs as Python: only the taken branch is traced, no cond node.
import tensorflow as tf


@tf.function
def scale(x, double):
    if double:
        print("tracing the double branch")
        y = x * 2
    else:
        print("tracing the identity branch")
        y = x
    return y


x = tf.constant([1, 2, 3])
tf.print(scale(x, True), scale(x, False), scale(x, True))
print(scale.experimental_get_tracing_count())
