# Found by tests/fuzz (fuzz_runtime): broadcast_to an empty shape whose other dims
# are huge, [INT64_MAX, 35, 0, 7]. The compiler counted its elements as a running
# product and overflowed (UBSan's signed overflow) before reaching the 0, and behind
# it the kernels' strides overflowed too (reduce, binary ops under ASan). An empty
# shape's other dims must now multiply within an int64 (limits/empty_shape_huge_dims
# shows the refusal); up to that, empty tensors with huge dims work.
import tensorflow as tf

big = 9223372036854775807
x = tf.broadcast_to(tf.zeros([1]), tf.constant([big, 1, 0, 1], tf.int64))
print(x.shape)
tf.print(tf.shape(x, out_type=tf.int64), tf.size(x, out_type=tf.int64))
z = tf.zeros([1 << 31, 0, 1 << 31])
print(z.shape)
tf.print(tf.reduce_sum(z), tf.size(z, out_type=tf.int64), tf.reduce_max(z, axis=0).shape)
tf.print((z + 1.0).shape, tf.transpose(z).shape, tf.concat([z, z], axis=1).shape)
tf.print(z[1:, ::2].shape, tf.tile(z, [1, 3, 1]).shape, tf.where(z > 0, z, z).shape)
