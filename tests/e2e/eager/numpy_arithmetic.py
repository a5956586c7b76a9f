# ingot-test: eager-exit=1
# NumPy's own arithmetic (its dtype promotion, broadcasting of Python lists) is not
# reproduced yet: an operator on a NumPy array alone is a located error. With a
# tensor on the other side it is a tensor op. Compiled, .numpy() is an error.
import tensorflow as tf

a = tf.constant([1.0, 2.0]).numpy()
print(tf.constant([1.0, 1.0]) + a)
print(a * 2)
