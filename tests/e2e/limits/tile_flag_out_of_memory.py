# ingot-test: args='--n=2147483647' exit=1
# tile and matmul with a huge run-time multiple: located, exit 1, nothing printed after.
import tensorflow as tf
import ingot

n = ingot.flag("n", 2, "copies")
x = tf.ones([1 << 20, 1 << 4])
tf.print(tf.shape(tf.tile(x, tf.stack([1, n]))))
tf.print("not reached")
