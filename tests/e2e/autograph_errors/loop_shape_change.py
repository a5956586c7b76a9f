# A loop variable whose shape changes in a tensor loop, without a shape invariant.
import tensorflow as tf


@tf.function
def f(n):
    x = tf.range(1)
    for i in tf.range(n):
        x = tf.range(i + 2)
    return x


f(tf.constant(3))
