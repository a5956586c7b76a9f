# tf.random.set_seed starts the global generator over: the same seed gives the same
# numbers, and the next draw continues the stream.
import tensorflow as tf

tf.random.set_seed(42)
a = tf.random.normal([4])
tf.random.set_seed(42)
b = tf.random.normal([4])
c = tf.random.normal([4])
tf.print(a)
tf.print(b)
tf.print(c)
tf.print("a == b:", tf.reduce_sum(tf.cast(a == b, tf.int32)), "of 4")
tf.print("b == c:", tf.reduce_sum(tf.cast(b == c, tf.int32)), "of 4")
tf.print(tf.random.uniform([3]))
tf.print(tf.random.uniform([2, 2], minval=5, maxval=6, dtype=tf.float64))
tf.print(tf.random.truncated_normal([2, 2], mean=10.0))
