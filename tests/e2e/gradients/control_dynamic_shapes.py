# Gradients through a cond and a loop when shapes are known only at run time (an
# input_signature with None): the forward values the backward reads are exported
# with unknown dims, and the branch that did not run yields an empty placeholder.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def f(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        if tf.shape(x)[0] > 2:
            y = tf.exp(x[:2]) * x[1:3]
        else:
            y = x * x * 2.0
        s = tf.reduce_sum(y * y)
    return tape.gradient(s, x)


tf.print(f(tf.constant([[1.0, 2.0, 3.0], [0.5, 0.1, 0.2], [0.3, 0.3, 0.3]])))
tf.print(f(tf.constant([[1.0, 2.0, 3.0]])))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
def g(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in tf.range(n):
            y = y * x + 1.0
        s = tf.reduce_sum(y)
    return tape.gradient(s, x)


tf.print(g(tf.constant([1.0, 0.5]), 3))
tf.print(g(tf.constant([2.0]), 0))
