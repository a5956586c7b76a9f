# What --emit=graph shows of a gradient through a cond, as TensorFlow's cond_v2
# builds it: the forward cond gains an output for the value its backward needs (the
# other branch yields zeros there), and the backward is a second cond on the same
# predicate.
import tensorflow as tf


@tf.function
def grad(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        if x > 0.0:
            y = tf.exp(x) * x
        else:
            y = -x
    return tape.gradient(y, x)


tf.print(tf.round(grad(tf.constant(2.0)) * 1e4) / 1e4)  # (1 + x) exp(x)
tf.print(grad(tf.constant(-3.0)))
