import tensorflow as tf

a = tf.zeros([2, 3])
b = tf.zeros([4, 5])
c = tf.matmul(a, b)
