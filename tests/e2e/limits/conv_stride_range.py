# ingot-test: eager-exit=1
# conv2d's strides are int32s: 1 << 62 was cut to 0 and failed only at run time.
import tensorflow as tf

x = tf.ones([1, 4, 4, 1])
f = tf.ones([2, 2, 1, 1])
tf.print(tf.nn.conv2d(x, f, strides=1 << 62, padding="SAME"))
