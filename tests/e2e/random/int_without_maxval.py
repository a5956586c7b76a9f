import tensorflow as tf

g = tf.random.Generator.from_seed(1)
x = g.uniform([3], dtype=tf.int32)
