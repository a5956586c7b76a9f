# ingot-test: args='--n=2147483647' exit=1
# matmul of [n, 0] and [0, n], both empty: the product is [n, n], 2^64 bytes of floats.
import tensorflow as tf
import ingot

n = ingot.flag("n", 2, "rows")
a = tf.zeros(tf.stack([n, 0]))
b = tf.zeros(tf.stack([0, n]))
tf.print(tf.shape(tf.matmul(a, b)))
