# A Dense layer's and a Conv2D layer's chain, matmul (conv2d) + bias + relu, sigmoid or
# tanh, is one op in the graph (matmul_bias, conv2d_bias: the compiler's fusion pass,
# -O1 and up) and prints what the three ops print at -O0 and eagerly; relu of a
# negative is 0, not -0.
import tensorflow as tf


@tf.function
def dense(x, w, b):
    return tf.nn.relu(tf.matmul(x, w) + b)


@tf.function
def conv(img, f, b):
    return tf.nn.relu(tf.nn.conv2d(img, f, 1, "SAME") + b)


@tf.function
def squashed(x, w, b, img, f, fb):
    return tf.sigmoid(tf.matmul(x, w) + b), tf.tanh(tf.nn.conv2d(img, f, 1, "VALID") + fb)


x = tf.constant([[1.0, -2.0], [0.5, 4.0]])
w = tf.constant([[1.0, -1.0, 0.0], [2.0, 1.0, -3.0]])
b = tf.constant([0.5, -0.25, -20.0])
tf.print(dense(x, w, b))
img = tf.reshape(tf.range(16.0), [1, 4, 4, 1]) - 8.0
f = tf.ones([2, 2, 1, 2]) * tf.constant([1.0, -1.0])
tf.print(conv(img, f, tf.constant([0.0, 1.0])), summarize=-1)
dense_s, conv_t = squashed(x, w, b, img, f, tf.constant([0.5, -0.5]))
tf.print(dense_s)
tf.print(conv_t, summarize=-1)
