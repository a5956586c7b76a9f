import tensorflow as tf

v = tf.Variable(3)
print(v.numpy())
