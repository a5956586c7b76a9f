# Elementwise operators with broadcasting and TensorFlow's division rules.
import tensorflow as tf

a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([10.0, 20.0, 30.0])
tf.print("a + b =", a + b)
tf.print("a - b =", a - b)
tf.print("a * 2 =", a * 2)
tf.print("a / 4 =", a / 4)
tf.print("a ** 2 =", a ** 2)
tf.print("-a =", -a)

i = tf.constant([7, -7, 7, -7])
j = tf.constant([2, 2, -2, -2])
tf.print("i // j =", i // j)
tf.print("i % j =", i % j)
tf.print("i / j =", i / j)
f = tf.constant([7.5, -7.5, 7.5, -7.5])
g = tf.constant([2.0, 2.0, -2.0, -2.0])
tf.print("f // g =", f // g)
tf.print("f % g =", f % g)

tf.print("compare:", a < 3.0, a >= 5.0, i == 7, i != 7)
tf.print(tf.add(1, 2), tf.subtract(10, 4), tf.multiply(3, 4), tf.divide(7, 2))
