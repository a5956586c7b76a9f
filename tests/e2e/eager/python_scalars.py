# int()/float() of a tensor, or a tensor as a list index, need its value: an error
# at build time (the value is only known when the program runs), the Python number
# when run eagerly.
import tensorflow as tf

t = tf.constant(3.7)
print(int(t), float(t), int(tf.constant([5])), float(tf.constant(2)))
print(["a", "b", "c"][tf.constant(1)])
