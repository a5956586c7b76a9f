# tf.random.Generator: two draws from one generator differ; two generators with the
# same seed draw the same numbers.
import tensorflow as tf

g = tf.random.Generator.from_seed(1234)
a = g.normal([2, 3])
b = g.normal([2, 3])
h = tf.random.Generator.from_seed(1234)
c = h.normal([2, 3])
tf.print(a)
tf.print(b)
tf.print("same as first draw:", tf.reduce_sum(tf.cast(a == c, tf.int32)), "of 6")
tf.print("same as second draw:", tf.reduce_sum(tf.cast(a == b, tf.int32)), "of 6")
tf.print(g.uniform([4], minval=-1, maxval=1))
tf.print(g.uniform([5], maxval=10, dtype=tf.int32))
tf.print(g.truncated_normal([4], stddev=2.0, dtype=tf.float64))
other = tf.random.Generator.from_seed(1235)
tf.print("seed 1235:", other.normal([3]))
