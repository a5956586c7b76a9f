import tensorflow as tf

x = tf.constant([1.0, 2.0])
n = tf.constant([1, 2])
y = x + n
