import tensorflow as tf

steps = tf.Variable(0)
steps.assign(2.5)
