# Static shapes are checked when the graph is built: the error names the line and shapes.
import tensorflow as tf

x = tf.zeros([2, 3])
y = tf.reshape(x, [4, 2])
