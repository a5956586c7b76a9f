# ingot-test: args='--n=1099511627776' exit=1
# A dim known only at run time past int32: tf.shape's int32 result stops the
# program at its line instead of wrapping the dim.
import tensorflow as tf
import ingot

n = ingot.flag("n", 2**40, "rows")  # an int64 flag: its default needs 64 bits
z = tf.zeros(tf.stack([n, tf.constant(0, tf.int64)]))
tf.print("before")
tf.print(tf.shape(z))
tf.print("not reached")
