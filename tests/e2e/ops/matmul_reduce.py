# Matrix products on oneDNN, ReLU and sums over axes.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
w = tf.constant([[1.0, -1.0, 0.5, 2.0], [0.0, 1.0, -0.5, 1.0]])
y = tf.matmul(x, w)
tf.print(y)
tf.print(x @ w == y)
tf.print(tf.nn.relu(y))
tf.print(tf.reduce_sum(y), tf.reduce_sum(y, axis=0), tf.reduce_sum(y, axis=1))
tf.print(tf.reduce_sum(y, axis=-1, keepdims=True))
tf.print(tf.reduce_sum(tf.constant([[1, 2], [3, 4]]), axis=[0, 1]))
