# A callable initial value runs in init_scope, outside the tf.function being traced:
# the function's own tensors are out of its reach there, as in TensorFlow.
import tensorflow as tf

@tf.function
def make(x):
    v = tf.Variable(lambda: x * 2.0)
    return v.read_value()

tf.print(make(tf.constant(1.0)))
