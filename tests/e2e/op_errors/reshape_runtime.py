# ingot-test: args='--n=5' exit=1
# A reshape whose size is known only at run time: 5 elements do not make rows of 2.
import tensorflow as tf
import ingot

n = ingot.flag("n", 4, "how many elements")
x = tf.range(n)
tf.print(tf.reshape(x, [-1, 2]))
