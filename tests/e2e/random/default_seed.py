# Without tf.random.set_seed the global generator starts from a fixed seed, so a
# compiled program draws the same numbers on every run (TensorFlow would not).
import tensorflow as tf

tf.print(tf.random.normal([3]))
tf.print(tf.random.uniform([3], maxval=100, dtype=tf.int64))
