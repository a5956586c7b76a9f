import tensorflow as tf

x = tf.constant(1.0)
y = (x + 2
print(y)
