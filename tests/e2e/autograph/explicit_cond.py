# tf.cond with lambdas and defs, returning a single tensor and a tuple.
import tensorflow as tf


@tf.function
def f(x):
    y = tf.cond(x > 0, lambda: x * 10, lambda: x - 10)

    def big():
        return x + 1, tf.constant(True)

    def small():
        return x - 1, tf.constant(False)

    z, flag = tf.cond(x > 100, big, small)
    return y, z, flag


y, z, flag = f(tf.constant(3))
tf.print(y, z, flag)
y, z, flag = f(tf.constant(-3))
tf.print(y, z, flag)
y, z, flag = f(tf.constant(300))
tf.print(y, z, flag)
