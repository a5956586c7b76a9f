# ingot-test: float-tolerance=1e-5
# 100k draws: means and spreads close to the distributions', every value in range.
import tensorflow as tf

n = 100000
g = tf.random.Generator.from_seed(2024)

u = g.uniform([n], minval=2.0, maxval=5.0)
tf.print("uniform mean (3.5):", tf.reduce_sum(u) / n)
tf.print("uniform outside [2, 5):", tf.reduce_sum(tf.cast(tf.logical_or(u < 2.0, u >= 5.0), tf.int32)))

z = g.normal([n], mean=1.0, stddev=2.0)
m = tf.reduce_sum(z) / n
tf.print("normal mean (1):", m)
tf.print("normal variance (4):", tf.reduce_sum((z - m) * (z - m)) / n)

t = g.truncated_normal([n])
tf.print("truncated outside (-2, 2):", tf.reduce_sum(tf.cast(tf.logical_or(t <= -2.0, t >= 2.0), tf.int32)))
tf.print("truncated variance (0.774):", tf.reduce_sum(t * t) / n)

k = g.uniform([n], minval=-3, maxval=4, dtype=tf.int32)
tf.print("ints outside [-3, 4):", tf.reduce_sum(tf.cast(tf.logical_or(k < -3, k >= 4), tf.int32)))
tf.print("ints equal to -3 (~14286):", tf.reduce_sum(tf.cast(k == -3, tf.int32)))
tf.print("ints equal to 3 (~14286):", tf.reduce_sum(tf.cast(k == 3, tf.int32)))
