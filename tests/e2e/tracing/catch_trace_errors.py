# Errors while tracing are Python exceptions, as in TensorFlow: the script can catch
# them (the failed trace is dropped) and go on. A shape error building the graph is
# a ValueError (eagerly, where the op runs at once, TensorFlow's InvalidArgumentError).
import tensorflow as tf


@tf.function
def pair(x):
    if x.shape[0] != 2:
        raise ValueError("expected 2 items, got %d" % x.shape[0])
    return x * 2.0


try:
    pair(tf.constant([1.0, 2.0, 3.0]))
except ValueError as e:
    print("caught:", e)
tf.print(pair(tf.constant([1.0, 2.0])))


@tf.function
def square(m):
    y = m + 1.0
    return tf.matmul(y, y)


try:
    square(tf.constant([1.0, 2.0]))
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print("caught a shape error:", "matmul" in str(e))
tf.print(square(tf.constant([[1.0]])))
