# Creating tensors: constants, zeros/ones, ranges and casts.
import tensorflow as tf

tf.print(tf.constant(42), tf.constant(2.5), tf.constant(True), tf.constant([1, 2, 3]))
tf.print(tf.constant([[1.5, 2.0], [3.25, 4.0]]))
tf.print(tf.zeros([2, 3]))
tf.print(tf.ones([3], dtype=tf.int32))
tf.print(tf.range(5), tf.range(2, 10, 3), tf.range(1.0, 2.0, 0.25))
tf.print(tf.cast(tf.constant([1.7, -1.7, 0.0]), tf.int32))
tf.print(tf.cast(tf.constant([0, 3]), tf.bool), tf.cast(tf.constant([True, False]), tf.float32))
tf.print(tf.constant(1.0) / 3.0, tf.constant(0.1), tf.constant(100000000.0), tf.constant(1e-7))
tf.print(tf.range(10))
tf.print("strings are printed raw", "and", 3, [1, 2])
