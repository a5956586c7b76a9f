# Found by tests/fuzz (fuzz_runtime): tf.squeeze(x, axis=[]) squeezes every size-1
# dim in TensorFlow and in the runtime's kernel, but the shape rule squeezed none:
# the compiled program's static shape was wrong ((1, 2, 1) for a [2] tensor) and
# eager mode stopped with an internal error. The rule now agrees.
import tensorflow as tf

x = tf.zeros([1, 2, 1])
y = tf.squeeze(x, axis=[])
print(y.shape)
tf.print(tf.shape(y), y)
print(tf.squeeze(tf.ones([3, 1]), []).shape)
