# set_loop_options(shape_invariants=...) relaxes a growing loop variable to shape [?].
import tensorflow as tf


@tf.function
def grow(n):
    data = tf.constant([10.0, 20.0, 30.0, 40.0, 50.0, 60.0])
    x = tf.gather(data, tf.range(1))
    i = tf.constant(1)
    while i < n:
        tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape([None]))])
        i += 1
        x = tf.gather(data, tf.range(i))
    return x


tf.print(grow(tf.constant(4)), grow(tf.constant(1)))
