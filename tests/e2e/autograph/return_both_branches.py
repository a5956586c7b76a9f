# return in both branches of a tensor if, with different expressions per branch.
import tensorflow as tf


@tf.function
def piecewise(x):
    if x < 1.0:
        return x * x
    else:
        return 2.0 * x - 1.0


tf.print(piecewise(tf.constant(0.5)), piecewise(tf.constant(3.0)))
