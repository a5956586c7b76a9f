import tensorflow as tf

a = tf.zeros([2, 3])
b = tf.zeros([2, 4])
c = tf.concat([a, b], axis=0)
