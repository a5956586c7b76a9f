import tensorflow as tf

g = tf.random.Generator.from_seed(1)
x = g.uniform([3], minval=4, maxval=4, dtype=tf.int64)
