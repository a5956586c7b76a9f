# An inference loop: convolution, pooling, dense layer and softmax over one batch shape.
import tensorflow as tf

import ingot

steps = ingot.flag("steps", 10, "batches")
tf.random.set_seed(2)
filters = tf.random.normal([3, 3, 1, 8], stddev=0.3)
dense = tf.random.normal([4 * 4 * 8, 10], stddev=0.1)
images = tf.random.uniform([16, 8, 8, 1])


@tf.function
def predict(x):
    h = tf.nn.relu(tf.nn.conv2d(x, filters, strides=1, padding="SAME"))
    h = tf.nn.max_pool2d(h, 2, 2, "VALID")
    return tf.nn.softmax(tf.matmul(tf.reshape(h, [16, -1]), dense))


total = tf.zeros([16, 10])
for i in tf.range(steps):
    total = total + predict(images + tf.cast(i, tf.float32) * 0.01)
tf.print("rows sum to steps:", tf.reduce_all(tf.abs(tf.reduce_sum(total, 1) - tf.cast(steps, tf.float32)) < 1e-3))
