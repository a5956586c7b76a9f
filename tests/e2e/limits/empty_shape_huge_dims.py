# ingot-test: exit=1
# A zero dim makes a tensor empty, but its other dims must still multiply within an
# int64: the kernels compute strides from them. [2**40, 0, 2**40] is Ingot's limit
# (TensorFlow allows it), a located "not supported yet", not an overflow.
import tensorflow as tf

x = tf.zeros([1 << 40, 0, 1 << 40])
tf.print(tf.shape(x, out_type=tf.int64), tf.size(x, tf.int64))
