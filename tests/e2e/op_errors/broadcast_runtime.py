# ingot-test: exit=1
# Dimensions unknown at build time are checked when the program runs: [3] + [4].
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
def add(a, b):
    return a + b


tf.print(add(tf.ones([3]), tf.ones([3])))
tf.print(add(tf.ones([3]), tf.ones([4])))
