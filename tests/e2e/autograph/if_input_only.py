# Names only read inside a tensor if are inputs, not cond outputs; a temporary local to a branch is fine.
import tensorflow as tf


@tf.function
def f(x, w, b):
    if x > 0:
        t = x * w
        y = t + b
    else:
        y = b - x
    return y, w, b


y, w, b = f(tf.constant(3.0), tf.constant(2.0), tf.constant(0.5))
tf.print(y, w, b)
y, w, b = f(tf.constant(-3.0), tf.constant(2.0), tf.constant(0.5))
tf.print(y, w, b)
