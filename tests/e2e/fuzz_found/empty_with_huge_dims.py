# Found by tests/fuzz (fuzz_runtime): broadcast_to an empty shape whose other dims
# are huge, [INT64_MAX, 35, 0, 7]. The tensor has no elements, a valid shape, but
# the compiler counted its elements as a running product and overflowed (UBSan's
# signed overflow) before reaching the 0. Counting now stops at a zero dim.
import tensorflow as tf

big = 9223372036854775807
x = tf.broadcast_to(tf.zeros([7]), tf.constant([big, 35, 0, 7], tf.int64))
print(x.shape)
tf.print(tf.shape(x, out_type=tf.int64), tf.size(x, out_type=tf.int64))
z = tf.zeros([big, 35, 0])
print(z.shape)
tf.print(tf.reduce_sum(z), tf.size(z, out_type=tf.int64))
# tf.shape's default int32 result cannot hold such a dim: an error, not a wrapped -1.
