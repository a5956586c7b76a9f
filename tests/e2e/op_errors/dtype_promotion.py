# TensorFlow never promotes between tensors: int32 + float32 is an error.
import tensorflow as tf

a = tf.constant([1, 2])
b = tf.constant([0.5, 1.5])
c = tf.maximum(a, b)
