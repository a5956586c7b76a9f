# tf.while_loop with shape_invariants lets a loop variable's shape change: the graph param is i32[?].
import tensorflow as tf


@tf.function
def prefixes(n):
    def body(i, v):
        return i + 1, tf.range(i + 1)

    i, v = tf.while_loop(lambda i, v: i < n, body, (tf.constant(0), tf.range(0)),
                         shape_invariants=(tf.TensorShape([]), tf.TensorShape([None])))
    return i, v


i, v = prefixes(tf.constant(4))
tf.print(i, v)
