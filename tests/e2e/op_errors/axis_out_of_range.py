import tensorflow as tf

x = tf.zeros([2, 3])
y = tf.reduce_max(x, axis=2)
