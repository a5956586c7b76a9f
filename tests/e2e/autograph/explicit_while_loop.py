# tf.while_loop with maximum_iterations stopping the loop early, and without it.
import tensorflow as tf


@tf.function
def doubling(x, limit):
    full = tf.while_loop(lambda i, v: v < limit, lambda i, v: (i + 1, v * 2), (tf.constant(0), x))
    capped = tf.while_loop(lambda i, v: v < limit, lambda i, v: (i + 1, v * 2), (tf.constant(0), x),
                           maximum_iterations=3)
    return full, capped


full, capped = doubling(tf.constant(1), tf.constant(1000))
tf.print(full[0], full[1], capped[0], capped[1])
