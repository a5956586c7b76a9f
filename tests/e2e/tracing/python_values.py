# Python values passed to a tf.function are part of its signature, and Python
# outputs come back as tensors.
import tensorflow as tf


@tf.function
def scale(x, factor, label="scaled"):
    print("tracing", label, "with factor", factor)
    return x * factor, factor + 1


x = tf.constant([1, 2, 3])
y, n = scale(x, 2)
z, m = scale(x, 2, label="again")
w, k = scale(x, 3)
tf.print(y, n, z, m, w, k)
print(scale.experimental_get_tracing_count())
