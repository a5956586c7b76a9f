# ingot-test: build-args=-Wno-print-traced-tensor
# Found by tests/fuzz (fuzz_runtime): eagerly, a shape given as tf.shape(t) crashed
# ingot (a null pointer read). The shape rules read such a vector's values from the
# shape node's input, which eager mode drops once the node ran; they now read the
# concrete tensor then, as for any other eager value.
import tensorflow as tf

t = tf.zeros([2, 3])
s = tf.shape(t)
print(tf.reshape(tf.range(6), s))
print(tf.fill(s, 1.5))
print(tf.broadcast_to(tf.constant([1, 2, 3]), s))
print(tf.tile(tf.constant([[7]]), s))
tf.print(tf.reshape(tf.range(6), s), tf.fill(s, 1.5))
