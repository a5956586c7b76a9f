# ingot-test: args='--n=2147483648' exit=1
# A shape known only at run time: [n, n] floats with n = 2^31 is 2^64 bytes, which
# wrapped to 0 and overflowed the heap. Now it stops at the line with the size.
import tensorflow as tf
import ingot

n = ingot.flag("n", 2**40, "rows and columns")
tf.print("before")
x = tf.zeros(tf.stack([n, n]))
tf.print(tf.shape(x))
