# ingot-test: args='--n=1099511627776' exit=1
# The same limit for a shape known only at run time: [n, 0, n] with n = 2**40 stops
# the program at its line ("not supported yet"), where the kernels' strides would
# have overflowed.
import tensorflow as tf
import ingot

n = ingot.flag("n", 2**40, "the outer and inner dims")  # int64: its default needs 64 bits
zero = tf.constant(0, tf.int64)
tf.print("before")
x = tf.zeros(tf.stack([n, zero, n]))
tf.print(tf.size(x, tf.int64))
