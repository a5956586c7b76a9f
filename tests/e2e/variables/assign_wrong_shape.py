import tensorflow as tf

w = tf.Variable([1.0, 2.0, 3.0], name="w")
w.assign([1.0, 2.0])
