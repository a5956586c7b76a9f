import tensorflow as tf

print("building")
tf.print("running", tf.constant(2) + 3)
