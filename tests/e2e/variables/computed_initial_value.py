# A tensor computed inside a tf.function cannot initialize a variable: TensorFlow asks
# for a callable (run in init_scope) instead. Eager mode (run_functions_eagerly) has
# the value at once.
import tensorflow as tf

@tf.function
def make(x):
    v = tf.Variable(x * 2.0)
    return v.read_value()

tf.print(make(tf.constant(1.0)))
