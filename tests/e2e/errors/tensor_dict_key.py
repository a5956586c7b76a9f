# ingot-test: eager-exit=1
# TensorFlow 2's tensors compare element-wise, so they are unhashable: a tensor as a
# dict key is TensorFlow's TypeError, compiled and eagerly alike.
import tensorflow as tf

t = tf.constant(1)
counts = {"one": 1}
counts[t] = 2
