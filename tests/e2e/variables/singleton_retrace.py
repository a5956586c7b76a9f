# TensorFlow's singleton rule: a tf.function may create variables on its first
# trace only; a retrace (here: a new input shape) would create new ones.
import tensorflow as tf

@tf.function
def f(x):
    v = tf.Variable(1.0)
    return x + v

tf.print(f(tf.constant(1.0)))
tf.print(f(tf.constant([1.0, 2.0])))
