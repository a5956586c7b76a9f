# ingot-test: args='--row=3' exit=1
# An index known only at run time: x[3] on a tensor with 3 rows.
import tensorflow as tf
import ingot

x = tf.reshape(tf.range(6), [3, 2])
row = ingot.flag("row", 0, "which row")
tf.print(x[-1], x[1:, ::-1], x[..., 0], x[:, None, 1])
tf.print(x[row])
