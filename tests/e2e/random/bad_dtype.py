import tensorflow as tf

g = tf.random.Generator.from_seed(1)
x = g.normal([2], dtype=tf.int32)
