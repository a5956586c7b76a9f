# A call that does not fit the input_signature is an error at the call, naming the
# argument and why (TensorFlow raises at the call too).
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def f(x):
    return x + 1.0


f(tf.zeros([2, 3]))
f(tf.zeros([2, 4]))
