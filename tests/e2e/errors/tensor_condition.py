import tensorflow as tf

x = tf.constant(3.0)
if x > 0:
    tf.print("positive")
