# A zero dim makes a tensor empty however large the other dims: no overflow, no error.
import tensorflow as tf

x = tf.zeros([1 << 40, 0, 1 << 40])
tf.print(tf.shape(x, out_type=tf.int64), tf.size(x, tf.int64))
tf.print(tf.reduce_sum(x))
