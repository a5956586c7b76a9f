import tensorflow as tf

images = tf.zeros([1, 8, 8, 3])
filters = tf.zeros([3, 3, 4, 16])
y = tf.nn.conv2d(images, filters, strides=1, padding="SAME")
