# ingot-test: eager-exit=1
# Pooling windows too: a ksize beyond int32 is a build error at the call.
import tensorflow as tf

x = tf.ones([1, 4, 4, 1])
tf.print(tf.nn.max_pool2d(x, ksize=[1 << 62, 2], strides=1, padding="VALID"))
