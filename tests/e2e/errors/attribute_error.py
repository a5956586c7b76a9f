import tensorflow as tf

x = tf.constant([1.0])
print(x.shape)
print(getattr(x, "dtype"))
y = x.no_such_attribute
