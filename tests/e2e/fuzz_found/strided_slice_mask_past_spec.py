# Found by tests/fuzz (fuzz_runtime): an ellipsis_mask bit past the slice spec's
# entries means nothing (TensorFlow, and the runtime's kernel, ignore it), but the
# shape rule took it as an ellipsis: the compiled program's static shape was wrong
# ((1,) for a [1, 2] result) and eager mode stopped with an internal error.
import tensorflow as tf

x = tf.constant([[1, 2], [3, 4]])
y = tf.strided_slice(x, [0], [1], [1], ellipsis_mask=2)
print(y.shape)
tf.print(y)
none = tf.constant([], tf.int32)
z = tf.strided_slice(x, none, none, none, ellipsis_mask=1)
print(z.shape)
tf.print(z)
