# ingot-test: exit=1
# Integer division by zero stops the program at the script line, after the
# output printed before it.
import tensorflow as tf

x = tf.constant([4, 2])
y = tf.constant([2, 0])
tf.print("before")
tf.print(x // y)
tf.print("never")
