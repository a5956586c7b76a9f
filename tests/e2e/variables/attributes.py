# ingot-test: build-args=-Wno-print-traced-tensor
# What a variable shows at build time, and how it converts to a tensor.
import tensorflow as tf

counter = tf.Variable(0, dtype=tf.int32)
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="weights")
lr = tf.Variable(0.01, trainable=False, dtype=tf.float64, name="lr")
ids = tf.Variable(lambda: tf.ones([3], dtype=tf.int64), name="ids")
flags = tf.Variable([True, False])

print(counter)
print(w)
print(lr, ids, flags, sep="\n")
print(counter.name, w.name, lr.name)
print(counter.trainable, w.trainable, lr.trainable)
print(w.dtype, w.shape, lr.shape, ids.get_shape())
print(repr(w.dtype))
print(w.assign(tf.zeros([2, 2])) is w, w.assign_add(tf.ones([2, 2]), read_value=False))

tf.print(w)
tf.print(counter + 1, -counter, counter * 3 > 1)
tf.print(tf.convert_to_tensor(ids), tf.reduce_sum(ids), tf.add(lr, 1.0))
tf.print(w[1], tf.matmul(w, w))
tf.print(w.read_value(), counter.value(), flags)
t = w.read_value()
print(t)
