import tensorflow as tf

@tf.function
def make(x):
    v = tf.Variable(x * 2.0)
    return v.read_value()

make(tf.constant(1.0))
