# ingot-test: eager-exit=1
# A tensor's name is a graph's: compiled, `x.name` is TensorFlow's default op name;
# eagerly it is TensorFlow's AttributeError, at the line that asks.
import tensorflow as tf

x = tf.constant(2.0) * 3.0
print(x.name)
tf.print(x)
