import tensorflow as tf

x = tf.random.normal([3], seed=5)
