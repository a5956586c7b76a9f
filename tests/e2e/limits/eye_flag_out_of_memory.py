# ingot-test: args='--n=16777216' exit=1
# An int32 flag into tf.eye: its [n, n] comparison needs 2^48 bytes at run time.
import tensorflow as tf
import ingot

n = ingot.flag("n", 3, "size of the identity")
tf.print(tf.reduce_sum(tf.eye(n)))
